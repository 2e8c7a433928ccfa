/**
 * The storage port's contract, run against both adapters: the disk folder and an S3 bucket served by s3rver in this
 * process (the real S3 protocol: signed requests, XML errors). Then what only S3 has to prove: objects are private to
 * the credentials, the encryption header is asked for, and STORAGE=s3 in the environment builds this adapter.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from '../../server/adapters/storage/disk-storage.ts';
import { S3Storage } from '../../server/adapters/storage/s3-storage.ts';
import { storageFromConfig } from '../../server/adapters/storage/storage-from-config.ts';
import { newStorageKey, StorageKeyError, type FileStorage } from '../../server/adapters/storage/storage-port.ts';
import { readConfig } from '../../server/config.ts';
import { startS3StandIn, type S3StandIn } from './s3-standin.ts';

let s3: S3StandIn;
let s3Storage: S3Storage;
let diskFolder: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
  s3Storage = new S3Storage(s3.options);
  diskFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'file-storage-test-'));
});

afterAll(async () => {
  s3Storage.close();
  await s3.close();
  fs.rmSync(diskFolder, { recursive: true, force: true });
});

const adapters: [string, () => FileStorage][] = [
  ['disk', () => new DiskStorage(diskFolder)],
  ['S3 (s3rver)', () => s3Storage],
];

describe.each(adapters)('the storage port on %s', (_name, storage) => {
  it('reads back exactly the bytes written, under a fresh random key', async () => {
    const key = newStorageKey();
    const bytes = randomBytes(300_000); // every byte value, more than one network chunk
    await storage().put(key, bytes);
    expect(Buffer.from((await storage().get(key)) ?? new Uint8Array()).equals(bytes)).toBe(true);
  });

  it('answers undefined for a key never written, and for a deleted one', async () => {
    expect(await storage().get(newStorageKey())).toBeUndefined();
    const key = newStorageKey();
    await storage().put(key, Buffer.from('a photo'));
    await storage().delete(key);
    expect(await storage().get(key)).toBeUndefined();
  });

  it('deletes a missing key without an error, and leaves the other keys alone', async () => {
    const kept = newStorageKey();
    await storage().put(kept, Buffer.from('kept'));
    await expect(storage().delete(newStorageKey())).resolves.toBeUndefined();
    expect(Buffer.from((await storage().get(kept)) ?? new Uint8Array()).toString()).toBe('kept');
  });

  it('refuses anything but a storage key before touching the store', async () => {
    for (const key of ['../escape.jpg', 'a/b.jpg', '', `${'A'.repeat(32)}.jpg`, `${'a'.repeat(32)}.png`, `${'a'.repeat(32)}.jpg/..`]) {
      await expect(storage().put(key, Buffer.from('x'))).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage().get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage().delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    }
  });
});

describe('S3 storage only', () => {
  it('stores each key as one object of that name, nothing else', async () => {
    const key = newStorageKey();
    await s3Storage.put(key, Buffer.from('one object'));
    expect(s3.objectKeys()).toContain(key);
    await s3Storage.delete(key);
    expect(s3.objectKeys()).not.toContain(key);
  });

  /** The PUT requests the store received for one key. */
  const putsOf = (key: string) => s3.requests.filter((r) => r.method === 'PUT' && r.path.startsWith(`/${s3.options.bucket}/${key}`));

  it('writes private objects: no ACL is ever sent, so the bucket’s private default holds; signed by its credentials', async () => {
    const key = newStorageKey();
    await s3Storage.put(key, Buffer.from('private'));
    const [put] = putsOf(key);
    expect(put?.headers['x-amz-acl']).toBeUndefined();
    expect(put?.headers['x-amz-grant-read']).toBeUndefined();
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
    // s3rver knows its one account (it checks the key id, not the V4 signature, and grants no ACLs): a stranger's key fails.
    const stranger = new S3Storage({ ...s3.options, credentials: { accessKeyId: 'STRANGER', secretAccessKey: 'not-the-secret' } });
    await expect(stranger.get(key)).rejects.toThrow(/Access Key Id/i);
    stranger.close();
  });

  it('asks for server-side encryption on every write (and not when S3_SSE=none)', async () => {
    const key = newStorageKey();
    await s3Storage.put(key, Buffer.from('encrypted at rest'));
    expect(putsOf(key)[0]?.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(s3.metadataOf(key)).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' });
    const plain = new S3Storage({ ...s3.options, serverSideEncryption: 'none' });
    const other = newStorageKey();
    await plain.put(other, Buffer.from('plain'));
    expect(putsOf(other)[0]?.headers['x-amz-server-side-encryption']).toBeUndefined();
    plain.close();
  });

  it('is what STORAGE=s3 builds, checked at start-up; a missing bucket stops the start and fails a write', async () => {
    const config = readConfig({ DATA_DIR: 'memory://', ...s3.env });
    const storage = storageFromConfig(config);
    expect(storage).toBeInstanceOf(S3Storage);
    const key = newStorageKey();
    await storage.put(key, Buffer.from('via config'));
    expect(s3.objectKeys()).toContain(key);
    storage.close();
    await expect(storage.ready()).resolves.toBeUndefined();
    const nowhere = new S3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(nowhere.put(newStorageKey(), Buffer.from('x'))).rejects.toThrow(/bucket/i);
    // At start-up already: the check names the variables to look at.
    await expect(nowhere.ready()).rejects.toThrow(/S3_BUCKET="no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ \(S3_ENDPOINT\).*HTTP 404/);
    nowhere.close();
  });
});
