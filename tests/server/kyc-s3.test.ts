/**
 * The KYC path with STORAGE=s3 (s3rver in this process, chosen through the environment as in production): upload,
 * verify with the real local engine, customer verify; the photos are objects in the bucket until the decision and
 * gone after it. A refusal deletes them at once too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityMessages } from '../../server/adapters/identity/identity-port.ts';
import { customerVerifyMessages } from '../../server/services/identity/customer-verification.ts';
import { generousLimits } from './account-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { idCard, selfieOf } from './identity-images.ts';
import { S3Storage } from '../../server/adapters/storage/s3-storage.ts';
import { post } from './cart-page-helpers.ts';
import { applicationRow, applicationWith, customerVerify, isVerified, jpegUrl, openApplication, verifyKyc } from './kyc-helpers.ts';
import { startS3StandIn, type S3StandIn } from './s3-standin.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let s3: S3StandIn;

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await startTestApp({ env: s3.env, rateLimits: { ...generousLimits, kycUploadPerCustomer: { max: 100, windowSeconds: 3600 } } });
});

afterAll(async () => {
  await t.close(); // closes the identity engine and the S3 client (onClose)
  await s3.close();
});

describe('KYC on S3 storage', () => {
  it('keeps the photos as private objects until customer verify decides, then deletes them', async () => {
    const alice = await signedInCustomer(t, 'alice-s3@example.com');
    const { applicationId, keys } = await applicationWith(t, alice.token, await idCard('s1f1'), await selfieOf('s1f1'));
    expect(s3.objectKeys()).toEqual(expect.arrayContaining(keys));
    expect(s3.requests.filter((r) => r.method === 'PUT').every((r) => r.headers['x-amz-server-side-encryption'] === 'AES256')).toBe(true);

    const verified = await verifyKyc(t, alice.token, applicationId);
    expect(verified.body).toMatchObject({ code: 1, data: { faceMatch: true, dob: '14/03/1990', aadharNumber: 'X1234567' } });
    expect(s3.objectKeys()).toEqual(expect.arrayContaining(keys)); // read from the bucket by the engine, still there

    expect((await customerVerify(t, alice.token, applicationId)).body).toEqual({ code: 1, message: customerVerifyMessages.verified });
    expect(await isVerified(t, alice.customerId)).toBe(true);
    expect(await applicationRow(t, applicationId)).toMatchObject({ front_key: null, back_key: null, selfie_key: null });
    expect(s3.objectKeys().filter((key) => keys.includes(key))).toEqual([]);
  });

  it('a store that fails a write: the upload answers 500, the application is unchanged, nothing is stored', async () => {
    // A bucket that went away after start-up (the start-up check would refuse a missing one).
    const broken = new S3Storage({ ...s3.options, bucket: 'gone-away' });
    const other = await startTestApp({ storage: broken });
    try {
      const carol = await signedInCustomer(other, 'carol-s3@example.com');
      const applicationId = await openApplication(other, carol.token);
      const before = s3.objectKeys().length;
      const { status } = await post(
        other,
        '/connect/uploadkyc/kyc',
        { imageData: jpegUrl(await idCard('s1f1')), fileName: `${applicationId}_aadhaar_front.jpg` },
        carol.token,
      );
      expect(status).toBe(500);
      expect(await applicationRow(other, applicationId)).toMatchObject({ status: 'started', front_key: null });
      expect(s3.objectKeys()).toHaveLength(before);
    } finally {
      await other.close();
      broken.close();
    }
  });

  it('a refusal deletes the objects at once', async () => {
    const bob = await signedInCustomer(t, 'bob-s3@example.com');
    const { applicationId, keys } = await applicationWith(t, bob.token, await idCard('s4f3'), await selfieOf('s3f3'));
    expect((await verifyKyc(t, bob.token, applicationId)).body).toMatchObject({ code: 2, message: identityMessages.kycMismatch });
    expect(await applicationRow(t, applicationId)).toMatchObject({ status: 'refused', refusal_reason: 'face-mismatch' });
    expect(s3.objectKeys().filter((key) => keys.includes(key))).toEqual([]);
  });
});
