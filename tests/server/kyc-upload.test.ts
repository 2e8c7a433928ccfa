import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { kycApplicationReply, kycUploadReply, type KycSide } from '../../src/api/contract/kyc.contract.ts';
import { defaultRateLimits } from '../../server/services/platform/rate-limit.ts';
import { signedInCustomer } from './fixtures.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/** KYC uploads (issue 11 "Server"): real photos in, re-encoded JPEGs on disk, everything hostile refused. */

const samplePhoto = fs.readFileSync('node_modules/@vladmandic/face-api/demo/sample1.jpg');
const dataUrl = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(kind: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small, valid-looking PNG whose header claims width × height (a decompression bomb's calling card). */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 2×2 24-bit BMP. */
function bmp(): Buffer {
  const file = Buffer.alloc(54 + 16);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(2, 18);
  file.writeInt32LE(2, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  return file;
}

let t: TestApp;
let uploadDir: string;
let now = new Date();
let alice: { token: string; customerId: number };
let bob: { token: string; customerId: number };
let aliceApp: string;
let bobApp: string;

const filesOnDisk = () => fs.readdirSync(uploadDir).sort();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function openApplication(token: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/connect/uploadkyc/application', headers: bearer(token), payload: { store_id: 1 } });
  expect(response.statusCode).toBe(200);
  const body = json(response);
  assert(body, kycApplicationReply);
  if (!body.data) throw new Error('no application');
  return body.data.applicationId;
}

function upload(payload: unknown, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/connect/uploadkyc/kyc', headers, payload: payload as Record<string, unknown> });
}

async function uploadOk(token: string, applicationId: string, side: KycSide, imageData: string) {
  const response = await upload({ imageData, fileName: `${applicationId}_${side}.jpg` }, bearer(token));
  expect(response.statusCode, response.body).toBe(200);
  const body = json(response);
  assert(body, kycUploadReply);
  if (!body.data) throw new Error('no data');
  const key = /^\/media\/kyc\/([0-9a-f]{32}\.jpg)\?/.exec(body.data.imageUrl)?.[1];
  if (!key) throw new Error(`not a link: ${body.data.imageUrl}`);
  return { ...body.data, key };
}

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-upload-test-'));
  t = await startTestApp({
    env: { UPLOAD_DIR: uploadDir },
    clock: () => now,
    rateLimits: { ...defaultRateLimits, kycUploadPerCustomer: { max: 1000, windowSeconds: 3600 } },
  });
  alice = await signedInCustomer(t, 'alice-kyc@example.com');
  bob = await signedInCustomer(t, 'bob-kyc@example.com');
  aliceApp = await openApplication(alice.token);
  bobApp = await openApplication(bob.token);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('KYC applications', () => {
  it('gives each customer one open application, the same one on every call', async () => {
    expect(aliceApp).toMatch(/^[0-9a-f]{32}$/);
    expect(bobApp).not.toBe(aliceApp);
    expect(await openApplication(alice.token)).toBe(aliceApp);
    const none = await t.app.inject({ method: 'POST', url: '/connect/uploadkyc/application', payload: {} });
    expect(none.statusCode).toBe(401);
  });
});

describe('uploading a photo', () => {
  it('stores a real photo re-encoded as JPEG with no EXIF (GPS included), and replaces an earlier one of the same side', async () => {
    const withGps = await sharp(samplePhoto)
      .withExif({ IFD0: { Copyright: 'tracking test' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const before = filesOnDisk();

    const first = await uploadOk(alice.token, aliceApp, 'aadhaar_front', dataUrl('image/jpeg', withGps));
    expect(first.status).toBe('started');
    expect(filesOnDisk()).toEqual([...before, first.key].sort());
    const stored = fs.readFileSync(path.join(uploadDir, first.key));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect([metadata.width, metadata.height]).toEqual([1920, 1280]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('tracking test'))).toBe(false);
    expect(stored.equals(withGps)).toBe(false);
    expect((fs.statSync(path.join(uploadDir, first.key)).mode & 0o777).toString(8)).toBe('600');

    const second = await uploadOk(alice.token, aliceApp, 'aadhaar_front', dataUrl('image/jpeg', samplePhoto));
    expect(second.key).not.toBe(first.key);
    expect(fs.existsSync(path.join(uploadDir, first.key))).toBe(false);
    expect(filesOnDisk()).toEqual([...before, second.key].sort());
  });

  it('marks the application uploaded once front, back and selfie are in', async () => {
    const png = await sharp(samplePhoto).resize(640).png().toBuffer();
    const webp = await sharp(samplePhoto).resize(640).webp().toBuffer();
    expect((await uploadOk(alice.token, aliceApp, 'aadhaar_back', dataUrl('image/png', png))).status).toBe('started');
    const selfie = await uploadOk(alice.token, aliceApp, 'selfie', dataUrl('image/webp', webp));
    expect(selfie.status).toBe('uploaded');
    expect((await sharp(fs.readFileSync(path.join(uploadDir, selfie.key))).metadata()).format).toBe('jpeg');
  });

  it('accepts a JPEG with a ZIP appended (a valid JPEG) but stores only the re-encoded image, without the ZIP', async () => {
    const polyglot = Buffer.concat([
      samplePhoto,
      zipSignature,
      Buffer.from('hidden.txt payload'),
      Buffer.from([0x50, 0x4b, 0x05, 0x06]),
      Buffer.alloc(18),
    ]);
    const stored = await uploadOk(bob.token, bobApp, 'selfie', dataUrl('image/jpeg', polyglot));
    const bytes = fs.readFileSync(path.join(uploadDir, stored.key));
    expect(bytes.includes(zipSignature)).toBe(false);
    expect(bytes.includes(Buffer.from('hidden.txt'))).toBe(false);
  });
});

describe('a hostile corpus', () => {
  interface Attempt {
    name: string;
    status: 400 | 401 | 404;
    /** The field a 400 names. */
    field?: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }

  const attempts = (): Attempt[] => {
    const file = (side: string = 'aadhaar_front', id = aliceApp) => `${id}_${side}.jpg`;
    const image = (imageData: string, fileName = file()): Attempt['payload'] => ({ imageData, fileName });
    const jpegHead = samplePhoto.subarray(0, 64);
    const overSize = Buffer.concat([jpegHead, Buffer.alloc(8 * 1024 * 1024 + 1 - jpegHead.length)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/account/mydashboard")</script></body></html>');
    const good = dataUrl('image/jpeg', samplePhoto);
    const photoBase64 = samplePhoto.toString('base64');
    return [
      { name: 'oversized (8 MB + 1 byte decoded)', status: 400, field: 'imageData', payload: image(dataUrl('image/jpeg', overSize)) },
      { name: 'zero bytes', status: 400, field: 'imageData', payload: image('data:image/jpeg;base64,') },
      {
        name: 'truncated JPEG',
        status: 400,
        field: 'imageData',
        payload: image(dataUrl('image/jpeg', samplePhoto.subarray(0, samplePhoto.length / 2))),
      },
      {
        name: 'JPEG start and garbage',
        status: 400,
        field: 'imageData',
        payload: image(dataUrl('image/jpeg', Buffer.concat([jpegHead.subarray(0, 3), Buffer.alloc(500, 7)]))),
      },
      { name: 'SVG with a script, declared as JPEG', status: 400, field: 'imageData', payload: image(dataUrl('image/jpeg', svg)) },
      { name: 'SVG with a script, as image/svg+xml', status: 400, field: 'imageData', payload: image(dataUrl('image/svg+xml', svg)) },
      { name: 'HTML declared as PNG', status: 400, field: 'imageData', payload: image(dataUrl('image/png', html)) },
      { name: 'HTML as text/html', status: 400, field: 'imageData', payload: image(dataUrl('text/html', html)) },
      { name: 'a PNG declared as JPEG', status: 400, field: 'imageData', payload: image(dataUrl('image/jpeg', pngClaiming(10, 10))) },
      {
        name: 'a PNG header claiming 100000×100000',
        status: 400,
        field: 'imageData',
        payload: image(dataUrl('image/png', pngClaiming(100_000, 100_000))),
      },
      { name: 'a PNG claiming 8001×2', status: 400, field: 'imageData', payload: image(dataUrl('image/png', pngClaiming(8001, 2))) },
      { name: 'a PNG claiming 7000×7000 (49 Mpx)', status: 400, field: 'imageData', payload: image(dataUrl('image/png', pngClaiming(7000, 7000))) },
      {
        name: 'GIF declared as GIF',
        status: 400,
        field: 'imageData',
        payload: image(dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))),
      },
      {
        name: 'GIF declared as JPEG',
        status: 400,
        field: 'imageData',
        payload: image(dataUrl('image/jpeg', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))),
      },
      { name: 'BMP declared as JPEG', status: 400, field: 'imageData', payload: image(dataUrl('image/jpeg', bmp())) },
      {
        name: 'a ZIP declared as JPEG',
        status: 400,
        field: 'imageData',
        payload: image(dataUrl('image/jpeg', Buffer.concat([zipSignature, Buffer.alloc(100)]))),
      },
      { name: 'bad base64', status: 400, field: 'imageData', payload: image('data:image/jpeg;base64,@@@@!!!!') },
      {
        name: 'base64 with line breaks',
        status: 400,
        field: 'imageData',
        payload: image(`data:image/jpeg;base64,${photoBase64.slice(0, 76)}\n${photoBase64.slice(76)}`),
      },
      { name: 'padding in the middle of base64', status: 400, field: 'imageData', payload: image(`data:image/jpeg;base64,/9j/AA==${photoBase64}`) },
      {
        name: 'URL-safe base64 alphabet',
        status: 400,
        field: 'imageData',
        payload: image(`data:image/jpeg;base64,${samplePhoto.toString('base64url')}`),
      },
      { name: 'no data: prefix', status: 400, field: 'imageData', payload: image(photoBase64) },
      { name: 'image/jpg (not the MIME type)', status: 400, field: 'imageData', payload: image(`data:image/jpg;base64,${photoBase64}`) },
      { name: 'not base64-encoded', status: 400, field: 'imageData', payload: image(`data:image/jpeg,${photoBase64}`) },
      { name: 'a remote URL', status: 400, field: 'imageData', payload: image('https://evil.example/x.jpg') },
      { name: 'file name ../x.jpg', status: 400, field: 'fileName', payload: image(good, '../x.jpg') },
      { name: 'file name ..%2F', status: 400, field: 'fileName', payload: image(good, `..%2F${file()}`) },
      { name: 'file name with ../ before the id', status: 400, field: 'fileName', payload: image(good, `../../${file()}`) },
      { name: 'absolute file name', status: 400, field: 'fileName', payload: image(good, `/etc/${file()}`) },
      { name: 'file name /etc/passwd', status: 400, field: 'fileName', payload: image(good, '/etc/passwd') },
      { name: 'file name with a NUL byte', status: 400, field: 'fileName', payload: image(good, `${file()}\u0000.png`) },
      { name: 'file name with a trailing path', status: 400, field: 'fileName', payload: image(good, `${file()}/../../x`) },
      { name: 'file name with a Windows path', status: 400, field: 'fileName', payload: image(good, `..\\${file()}`) },
      { name: 'wrong side name', status: 400, field: 'fileName', payload: image(good, file('passport')) },
      { name: 'right side, other extension', status: 400, field: 'fileName', payload: image(good, `${aliceApp}_selfie.png`) },
      { name: 'upper-case application id', status: 400, field: 'fileName', payload: image(good, file('selfie', aliceApp.toUpperCase())) },
      { name: 'a number where the image belongs', status: 400, field: 'imageData', payload: { imageData: 12345, fileName: file() } },
      { name: 'a number where the file name belongs', status: 400, field: 'fileName', payload: { imageData: good, fileName: 42 } },
      { name: 'an array where the image belongs', status: 400, field: 'imageData', payload: { imageData: [good], fileName: file() } },
      { name: 'no file name', status: 400, field: 'fileName', payload: { imageData: good } },
      { name: 'an unknown field', status: 400, field: 'path', payload: { imageData: good, fileName: file(), path: '/tmp/x.jpg' } },
      { name: "another customer's application", status: 404, payload: image(good, file('aadhaar_front', bobApp)) },
      { name: 'an application that does not exist', status: 404, payload: image(good, file('aadhaar_front', '0'.repeat(32))) },
      { name: 'no token', status: 401, payload: image(good), headers: {} },
      { name: 'an unknown token', status: 401, payload: image(good), headers: bearer('not-a-session-token') },
    ];
  };

  it('refuses each of at least 20 hostile uploads, and stores nothing', async () => {
    const list = attempts();
    expect(list.length).toBeGreaterThanOrEqual(20);
    const filesBefore = filesOnDisk();
    const rowsBefore = await t.database.db.selectFrom('kyc_applications').selectAll().orderBy('id').execute();
    for (const attempt of list) {
      const response = await upload(attempt.payload, attempt.headers ?? bearer(alice.token));
      expect(response.statusCode, `${attempt.name}: ${response.body}`).toBe(attempt.status);
      if (attempt.status === 400) {
        const body = json(response);
        assert(body, badRequestBody);
        expect(body.message, attempt.name).toBe('Error In Uploading.');
        expect(
          body.errors.map((e) => e.field),
          attempt.name,
        ).toContain(attempt.field);
        expect(
          body.errors.every((e) => e.message.length > 5),
          attempt.name,
        ).toBe(true);
      }
      expect(filesOnDisk(), attempt.name).toEqual(filesBefore);
    }
    expect(await t.database.db.selectFrom('kyc_applications').selectAll().orderBy('id').execute()).toEqual(rowsBefore);
  });

  it('answers a body over the upload limit with 413, storing nothing', async () => {
    const filesBefore = filesOnDisk();
    const huge = Buffer.alloc(12 * 1024 * 1024);
    const response = await upload({ imageData: dataUrl('image/jpeg', huge), fileName: `${aliceApp}_selfie.jpg` }, bearer(alice.token));
    expect(response.statusCode).toBe(413);
    expect(filesOnDisk()).toEqual(filesBefore);
  });

  it('refuses an upload to an application already decided', async () => {
    const carol = await signedInCustomer(t, 'carol-kyc@example.com');
    const decided = await openApplication(carol.token);
    await t.database.db.updateTable('kyc_applications').set({ status: 'refused', decided_at: new Date() }).where('public_id', '=', decided).execute();
    const response = await upload({ imageData: dataUrl('image/jpeg', samplePhoto), fileName: `${decided}_selfie.jpg` }, bearer(carol.token));
    expect(response.statusCode).toBe(404);
    expect(await openApplication(carol.token)).not.toBe(decided);
  });
});

describe('signed links', () => {
  let link: string;
  let key: string;

  beforeAll(async () => {
    const stored = await uploadOk(alice.token, aliceApp, 'selfie', dataUrl('image/jpeg', samplePhoto));
    link = stored.imageUrl;
    key = stored.key;
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('serve the photo to its owner, privately and as a JPEG', async () => {
    const response = await get(link, bearer(alice.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(fs.readFileSync(path.join(uploadDir, key)))).toBe(true);
  });

  it('refuse another customer, a caller without a token, a tampered link and an expired one', async () => {
    expect((await get(link, bearer(bob.token))).statusCode).toBe(404);
    expect((await get(link, {})).statusCode).toBe(401);

    const url = new URL(link, 'http://store.test');
    const sig = url.searchParams.get('sig') ?? '';
    const exp = Number(url.searchParams.get('exp'));
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    expect((await get(`/media/kyc/${key}?exp=${exp}&sig=${flipped}`, bearer(alice.token))).statusCode).toBe(403);
    expect((await get(`/media/kyc/${key}?exp=${exp + 3600}&sig=${sig}`, bearer(alice.token))).statusCode).toBe(403);
    expect((await get(`/media/kyc/${key}?exp=${exp}`, bearer(alice.token))).statusCode).toBe(400);
    expect((await get(`/media/kyc/..%2F..%2Fetc%2Fpasswd?exp=${exp}&sig=${sig}`, bearer(alice.token))).statusCode).toBe(404);
    // Bob's own photo's link, pointed at Alice's key: signed for another key.
    const bobKey = (await uploadOk(bob.token, bobApp, 'aadhaar_back', dataUrl('image/jpeg', samplePhoto))).imageUrl;
    const bobQuery = bobKey.slice(bobKey.indexOf('?'));
    expect((await get(`/media/kyc/${key}${bobQuery}`, bearer(alice.token))).statusCode).toBe(403);

    const saved = now;
    try {
      now = new Date(saved.getTime() + 3600 * 1000 + 1000);
      const expired = await get(link, bearer(alice.token));
      expect(expired.statusCode).toBe(403);
      expect(expired.body).toContain('expired');
    } finally {
      now = saved;
    }
    expect((await get(link, bearer(alice.token))).statusCode).toBe(200);
  });
});

describe('the upload rate limit', () => {
  it('refuses a customer past the limit with 429 (counted before the body is checked)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-limit-test-'));
    const limited = await startTestApp({
      env: { UPLOAD_DIR: dir },
      rateLimits: { ...defaultRateLimits, kycUploadPerCustomer: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const dave = await signedInCustomer(limited, 'dave-kyc@example.com');
      const send = (payload: unknown) =>
        limited.app.inject({
          method: 'POST',
          url: '/connect/uploadkyc/kyc',
          headers: bearer(dave.token),
          payload: payload as Record<string, unknown>,
        });
      expect((await send({ imageData: 'x', fileName: 'y' })).statusCode).toBe(400);
      expect((await send({ imageData: 'x', fileName: 'y' })).statusCode).toBe(400);
      expect((await send({ imageData: 'x', fileName: 'y' })).statusCode).toBe(429);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      await limited.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
