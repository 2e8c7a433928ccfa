/**
 * KYC verify and customer verify on the server (issue 11), with real images: ID cards rendered with a sample face and
 * a date of birth, selfies of the same face, another person's selfie, an under-21 card and a card with no face. Photos
 * go through the real upload route; the identity engine is the app's own, started lazily on the first verification
 * and closed with the app (afterAll), so no worker thread outlives the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { loginReply, registerReply } from '../../src/api/contract/customer.contract.ts';
import { customerVerifyReply, kycMessages, type KycSide } from '../../src/api/contract/kyc.contract.ts';
import { tooYoungMessage } from '../../src/rules/age.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { identityMessages } from '../../server/adapters/identity/identity-port.ts';
import { lazyIdentityVerifier } from '../../server/adapters/identity/lazy-identity-verifier.ts';
import { customerVerifyMessages } from '../../server/services/identity/customer-verification.ts';
import { verifyMessages } from '../../server/services/identity/kyc-verification.ts';
import { generousLimits, login, register } from './account-helpers.ts';
import { manualClock, pickOne, post } from './cart-page-helpers.ts';
import { addAddress, checkoutNow, readyCart } from './checkout-helpers.ts';
import { drinkOffer, signedInCustomer } from './fixtures.ts';
import { idCard, selfieOf } from './identity-images.ts';
import { applicationWith as applicationWithOf, jpegUrl, openApplication as openApplicationOf, uploadKyc, verifyKyc } from './kyc-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let uploadDir: string;
const clock = manualClock(checkoutNow); // 1 December 2026 in New York
const wide = { max: 10_000, windowSeconds: 3600 };
const verifyLimit = 6;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-verify-test-'));
  t = await startTestApp({
    env: { UPLOAD_DIR: uploadDir },
    clock: clock.now,
    payments: new TestPaymentGateway(clock.now),
    rateLimits: { ...generousLimits, kycUploadPerCustomer: wide, kycVerifyPerCustomer: { max: verifyLimit, windowSeconds: 3600 } },
  });
});

afterAll(async () => {
  await t.close(); // closes the identity engine's worker (onClose)
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const db = () => t.database.db;
// The KYC calls through the shared helpers, on whichever app `t` is now (one test swaps it).
const openApplication = (token: string) => openApplicationOf(t, token);
const upload = (token: string, applicationId: string, side: KycSide, image: Buffer) => uploadKyc(t, token, applicationId, side, image);
const applicationWith = (token: string, card: Buffer, selfie: Buffer) => applicationWithOf(t, token, card, selfie);
const verify = (token: string, applicationID: string) => verifyKyc(t, token, applicationID);

async function customerVerify(token: string, verificationid: string, isVerified: unknown = 1) {
  const { status, body } = await post(t, '/api/customer/customerverify', { is_verified: isVerified, verificationid, store_id: 1 }, token);
  if (status === 200) assert(body, customerVerifyReply);
  return { status, body };
}

const isVerified = async (customerId: number) =>
  (await db().selectFrom('customers').select('is_verified').where('id', '=', customerId).executeTakeFirstOrThrow()).is_verified;
const applicationRow = (publicId: string) =>
  db().selectFrom('kyc_applications').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
const onDisk = (key: string) => fs.existsSync(path.join(uploadDir, key));

describe('KYC verify and customer verify with real images', () => {
  const password = 'correct horse battery';
  const aliceEmail = 'alice-verify@example.com';
  let alice: { token: string; customerId: number };
  let bob: { token: string; customerId: number };
  let aliceApplication: { applicationId: string; keys: string[] };

  beforeAll(async () => {
    const registered = json(await register(t, { email: aliceEmail, password }));
    assert(registered, registerReply);
    if (!registered.result) throw new Error('not registered');
    alice = { token: registered.result.api_token, customerId: registered.result.customer_id };
    bob = await signedInCustomer(t, 'bob-verify@example.com');
  });

  it('verify needs a token, and all three photos, in the spec’s words', async () => {
    expect((await post(t, '/connect/verifycustomer/verify', { applicationID: 'a'.repeat(32) })).status).toBe(401);
    const dave = await signedInCustomer(t, 'dave-verify@example.com');
    const applicationId = await openApplication(dave.token);
    expect((await verify(dave.token, applicationId)).body).toMatchObject({ code: 2, message: kycMessages.frontMissing });
    const card = await idCard('s1f1');
    await upload(dave.token, applicationId, 'aadhaar_front', card);
    expect((await verify(dave.token, applicationId)).body).toMatchObject({ code: 2, message: kycMessages.backMissing });
    await upload(dave.token, applicationId, 'aadhaar_back', card);
    expect((await verify(dave.token, applicationId)).body).toMatchObject({ code: 2, message: kycMessages.selfieMissing });
    expect((await applicationRow(applicationId)).status).toBe('started');
    expect((await post(t, '/connect/verifycustomer/verify', { applicationID: 'not-an-id' }, dave.token)).status).toBe(400);
    // Verifications are expensive: limited per customer (every attempt counts, even one refused for a missing photo).
    for (let i = 3; i < verifyLimit; i++) await verify(dave.token, applicationId);
    expect((await verify(dave.token, applicationId)).status).toBe(429);
  });

  it('another customer can neither verify nor customer-verify my application (404)', async () => {
    aliceApplication = await applicationWith(alice.token, await idCard('s1f1'), await selfieOf('s1f1'));
    expect((await verify(bob.token, aliceApplication.applicationId)).status).toBe(404);
    expect((await customerVerify(bob.token, aliceApplication.applicationId)).status).toBe(404);
    expect((await applicationRow(aliceApplication.applicationId)).status).toBe('uploaded');
  });

  it('is_verified=1 for an application that has not matched is refused', async () => {
    const refused = await customerVerify(alice.token, aliceApplication.applicationId);
    expect(refused.body).toEqual({ code: -1, message: customerVerifyMessages.notMatched });
    expect((await customerVerify(alice.token, aliceApplication.applicationId, 0)).status).toBe(400);
    expect(await isVerified(alice.customerId)).toBe(false);
  });

  it('matches my ID and selfie (one verification at a time), then customer verify sets is_verified and deletes the photos', async () => {
    const { applicationId, keys } = aliceApplication;
    // Two at once: one runs the engine, the other is refused cleanly.
    const [first, second] = await Promise.all([verify(alice.token, applicationId), verify(alice.token, applicationId)]);
    const replies = [first.body, second.body];
    const matched = replies.find((r) => (r as { code: number }).code === 1);
    expect(matched).toEqual({
      code: 1,
      data: { faceMatch: true, faceMatchPercent: expect.any(Number), dob: '14/03/1990', aadharNumber: 'X1234567' },
    });
    expect(replies).toContainEqual({ code: 2, message: verifyMessages.busy });

    const row = await applicationRow(applicationId);
    expect(row).toMatchObject({ status: 'verified', date_of_birth: '14/03/1990', birth_year: 1990, verifying_since: null });
    expect(row.face_match_percent).toBeGreaterThanOrEqual(60);
    expect(row.document_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('X1234567');
    expect(keys.every(onDisk)).toBe(true);

    expect((await customerVerify(alice.token, applicationId)).body).toEqual({ code: 1, message: customerVerifyMessages.verified });
    expect(await isVerified(alice.customerId)).toBe(true);
    const decided = await applicationRow(applicationId);
    expect(decided).toMatchObject({ status: 'verified', front_key: null, back_key: null, selfie_key: null, date_of_birth: null, birth_year: 1990 });
    expect(decided.face_match_percent).toBe(row.face_match_percent);
    expect(decided.decided_at).not.toBeNull();
    expect(keys.some(onDisk)).toBe(false);
    // Asking again changes nothing.
    expect((await customerVerify(alice.token, applicationId)).body).toMatchObject({ code: 1 });
  });

  it('sign-in says so: is_verified 1 and the verification id', async () => {
    const reply = json(await login(t, { email: aliceEmail, password }));
    assert(reply, loginReply);
    expect(reply.result).toMatchObject({ is_verified: 1, verification_id: aliceApplication.applicationId });
  });

  it('the verified customer places an order with a drink', async () => {
    const addressId = await addAddress(t, alice.token, alice.customerId);
    const sake = await drinkOffer(t, 'Junmai Ginjo Sake', 10);
    const salmon = await pickOne(t, { speed: 'local', locId: 101 }, 0, { priceCents: 2500, stock: 10 });
    const cartId = await readyCart(t, alice.token, alice.customerId, [
      { offer: salmon, qty: 1 },
      { offer: sake, qty: 1 },
    ]);
    // The order-time face check first (tests/server/face-pass.test.ts covers its refusals).
    await upload(alice.token, aliceApplication.applicationId, 'selfie', await selfieOf('s1f1'));
    const check = await post(t, '/connect/verifyorder/verify', { applicationID: aliceApplication.applicationId, orderID: cartId }, alice.token);
    expect(check.body).toMatchObject({ code: 1, data: { faceMatch: true } });
    const { body } = await post(
      t,
      '/api/placeorder/placeorder',
      { store_id: 1, speed_id: 1, cart_id: cartId, payment_mode: 4, delivery_address_id: addressId },
      alice.token,
    );
    assert(body, placeOrderReply);
    // Pay on delivery from a customer who never confirmed an order: placed, waiting for the emailed link.
    expect(body).toMatchObject({ code: 1, status: 'awaiting_confirmation' });
  });

  it("another person's selfie does not match: code 2 with the engine's message, refused, photos deleted", async () => {
    const { applicationId, keys } = await applicationWith(bob.token, await idCard('s4f3'), await selfieOf('s3f3'));
    const { body } = await verify(bob.token, applicationId);
    expect(body).toMatchObject({ code: 2, message: identityMessages.kycMismatch, data: { faceMatch: false } });
    const row = await applicationRow(applicationId);
    expect(row).toMatchObject({
      status: 'refused',
      refusal_reason: 'face-mismatch',
      front_key: null,
      back_key: null,
      selfie_key: null,
      date_of_birth: null,
    });
    expect(row.face_match_percent).toBeLessThan(60);
    expect(keys.some(onDisk)).toBe(false);
    expect((await customerVerify(bob.token, applicationId)).body).toEqual({ code: -1, message: customerVerifyMessages.notMatched });
    expect(await isVerified(bob.customerId)).toBe(false);
    // The shopper tries again with a new application.
    expect(await openApplication(bob.token)).not.toBe(applicationId);
  });

  it('a card with no face is refused with a clear message', async () => {
    const erin = await signedInCustomer(t, 'erin-verify@example.com');
    const { applicationId, keys } = await applicationWith(erin.token, await idCard(null), await selfieOf('s1f2'));
    expect((await verify(erin.token, applicationId)).body).toMatchObject({ code: 2, message: identityMessages.refusals['no-face-on-id'] });
    expect(await applicationRow(applicationId)).toMatchObject({ status: 'refused', refusal_reason: 'no-face-on-id' });
    expect(keys.some(onDisk)).toBe(false);
  });

  it('under 21 by the server’s own computation: refused with the spec’s message, not verified, photos deleted', async () => {
    const carol = await signedInCustomer(t, 'carol-verify@example.com');
    const card = await idCard('s6f1', { name: 'CAROL YOUNG', dateOfBirth: '15/06/2010', documentNumber: 'Y7654321' });
    const { applicationId, keys } = await applicationWith(carol.token, card, await selfieOf('s6f1'));
    expect((await verify(carol.token, applicationId)).body).toMatchObject({ code: 1, data: { faceMatch: true, dob: '15/06/2010' } });
    expect((await customerVerify(carol.token, applicationId)).body).toEqual({ code: -1, message: tooYoungMessage });
    expect(await isVerified(carol.customerId)).toBe(false);
    expect(await applicationRow(applicationId)).toMatchObject({
      status: 'refused',
      refusal_reason: 'under-21',
      date_of_birth: null,
      birth_year: 2010,
      front_key: null,
    });
    expect(keys.some(onDisk)).toBe(false);
    expect((await customerVerify(carol.token, applicationId)).body).toEqual({ code: -1, message: tooYoungMessage });
  });

  // Walk 4: the client shows the age refusal itself and never calls customer verify; the server must decide at verify.
  it('under 21 is refused and recorded by verify alone: no customer verify needed, the account shows Refused (Under 21)', async () => {
    const dan = await signedInCustomer(t, 'dan-verify@example.com');
    const card = await idCard('s6f1', { name: 'DAN YOUNG', dateOfBirth: '14/03/2008', documentNumber: 'Y1234567' });
    const { applicationId, keys } = await applicationWith(dan.token, card, await selfieOf('s6f1'));
    expect((await verify(dan.token, applicationId)).body).toMatchObject({ code: 1, data: { faceMatch: true, dob: '14/03/2008' } });
    const row = await applicationRow(applicationId);
    expect(row).toMatchObject({ status: 'refused', refusal_reason: 'under-21', date_of_birth: null, birth_year: 2008, front_key: null });
    expect(row.decided_at).not.toBeNull();
    expect(row.face_embedding).toBeNull();
    expect(keys.some(onDisk)).toBe(false);
    const { body } = await post(t, '/api/account/mydashboard', { store_id: 1 }, dan.token);
    expect(body).toMatchObject({ data: { identity: { status: 'refused', reason: 'Under 21' } } });
    // A client that claims otherwise changes nothing.
    expect((await customerVerify(dan.token, applicationId)).body).toEqual({ code: -1, message: tooYoungMessage });
    expect(await isVerified(dan.customerId)).toBe(false);
    // The cart with a drink says so, for the checkout to tell him why (not 'verify your identity' again); a new
    // application opened since does not hide the refusal.
    await openApplication(dan.token);
    const sake = await drinkOffer(t, 'Junmai Ginjo Sake', 10);
    const cartId = await readyCart(t, dan.token, dan.customerId, [{ offer: sake, qty: 1 }]);
    const cart = await post(t, '/api/cart/showcart', { store_id: 1, cart_id: cartId }, dan.token);
    expect(cart.body).toMatchObject({ code: 1, identity_under_21: true });
    // The face check (/verifyFace) is told why in a field, not only in words: the identity read and the check itself.
    expect((await post(t, '/api/customer/identity', { store_id: 1 }, dan.token)).body).toEqual({
      code: 1,
      data: { verification_id: '', refusal: 'under-21' },
    });
    const check = await post(t, '/connect/verifyorder/verify', { applicationID: applicationId, orderID: cartId }, dan.token);
    expect(check.body).toEqual({ code: 2, message: tooYoungMessage, refusal: 'under-21' });
  });

  // Walk 4, TRY AGAIN: a refused application never takes photos again (its face match cannot be bypassed by
  // re-uploading); the retry asks for the open application and gets a new one.
  it('after a refusal the old application takes no photos, and the next application opened is a new one that can pass', async () => {
    const fay = await signedInCustomer(t, 'fay-verify@example.com');
    const refused = await applicationWith(fay.token, await idCard('s4f3'), await selfieOf('s6f1'));
    expect((await verify(fay.token, refused.applicationId)).body).toMatchObject({ code: 2, data: { faceMatch: false } });
    const again = await post(
      t,
      '/connect/uploadkyc/kyc',
      { imageData: jpegUrl(await idCard('s6f1')), fileName: `${refused.applicationId}_aadhaar_front.jpg` },
      fay.token,
    );
    expect(again).toMatchObject({ status: 404, body: { message: 'Application not found.' } });
    const fresh = await applicationWith(fay.token, await idCard('s6f1'), await selfieOf('s6f1'));
    expect(fresh.applicationId).not.toBe(refused.applicationId);
    expect((await verify(fay.token, fresh.applicationId)).body).toMatchObject({ code: 1, data: { faceMatch: true } });
  });
});

describe('an engine failure', () => {
  it("answers 'Something Went Wrong' and decides nothing: the application stays open with its photos", async () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-verify-fail-'));
    const failing = {
      verifyIdentity: () => Promise.reject(new Error('identity engine: worker exited (1)')),
      matchFaces: () => Promise.reject(new Error('identity engine: worker exited (1)')),
      compareFaces: () => Promise.reject(new Error('identity engine: worker exited (1)')),
      compareWithEmbedding: () => Promise.reject(new Error('identity engine: worker exited (1)')),
      close: async () => undefined,
    };
    const other = await startTestApp({
      env: { UPLOAD_DIR: uploads },
      identity: failing,
      rateLimits: { ...generousLimits, kycUploadPerCustomer: wide },
    });
    try {
      const saved = t;
      t = other;
      try {
        const frank = await signedInCustomer(t, 'frank-verify@example.com');
        const { applicationId, keys } = await applicationWith(frank.token, await idCard('s1f1'), await selfieOf('s1f1'));
        expect((await verify(frank.token, applicationId)).body).toEqual({ code: 2, message: kycMessages.somethingWrong });
        expect(await applicationRow(applicationId)).toMatchObject({ status: 'uploaded', verifying_since: null, decided_at: null });
        expect(keys.every((key) => fs.existsSync(path.join(uploads, key)))).toBe(true);
      } finally {
        t = saved;
      }
    } finally {
      await other.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });
});

describe('the lazily started identity adapter', () => {
  const verdict = { kind: 'mismatch', faceMatchPercent: 10, message: 'no' } as const;

  it('starts nothing until the first call, and starts a fresh engine after one failed', async () => {
    let closes = 0;
    let failNext = false;
    const lazy = lazyIdentityVerifier(() => ({
      verifyIdentity: async () => {
        if (failNext) throw new Error('identity engine: worker exited (1)');
        return verdict;
      },
      matchFaces: async () => verdict,
      compareFaces: async () => verdict,
      compareWithEmbedding: async () => verdict,
      close: async () => {
        closes += 1;
      },
    }));
    expect(lazy.starts).toBe(0);
    const images = { idFront: Buffer.alloc(1), selfie: Buffer.alloc(1), reference: 'a'.repeat(32) };
    expect(await lazy.verifyIdentity(images)).toEqual(verdict);
    expect(await lazy.compareFaces(Buffer.alloc(1), Buffer.alloc(1))).toEqual(verdict);
    expect(lazy.starts).toBe(1);
    failNext = true;
    await expect(lazy.verifyIdentity(images)).rejects.toThrow(/worker exited/);
    expect(closes).toBe(1);
    failNext = false;
    expect(await lazy.verifyIdentity(images)).toEqual(verdict);
    expect(lazy.starts).toBe(2);
    await lazy.close();
    expect(closes).toBe(2);
    await expect(lazy.verifyIdentity(images)).rejects.toThrow(/closed/);
  });
});
