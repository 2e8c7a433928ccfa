/**
 * KYC with IDENTITY_ENGINE=stripe, against the local stand-in of Stripe's Identity API (tests/server/stripe-standin.ts)
 * through the real `stripe` package, and the real local engine for the faces (decision 016). The spec's flow, upload →
 * verify → customer verify: verify first answers 'pending' with Stripe's page, the test plays the shopper's visit
 * there (finishIdentity), and verify then reads Stripe's verdict and date of birth.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { kycMessages, verifyKycReply } from '../../src/api/contract/kyc.contract.ts';
import { tooYoungMessage } from '../../src/rules/age.ts';
import { identityVerifierFromConfig } from '../../server/adapters/identity/identity-from-config.ts';
import { identityMessages, type IdentityVerifier } from '../../server/adapters/identity/identity-port.ts';
import { lazyIdentityVerifier } from '../../server/adapters/identity/lazy-identity-verifier.ts';
import { startLocalIdentityEngine } from '../../server/adapters/identity/local-identity-engine.ts';
import { StripeIdentityVerifier } from '../../server/adapters/identity/stripe-identity-verifier.ts';
import { readConfig } from '../../server/config.ts';
import { customerVerifyMessages } from '../../server/services/identity/customer-verification.ts';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, pickOne, post } from './cart-page-helpers.ts';
import { addAddress, checkoutNow, readyCart } from './checkout-helpers.ts';
import { drinkOffer, signedInCustomer } from './fixtures.ts';
import { idCard, selfieOf } from './identity-images.ts';
import { applicationRow, applicationWith, customerVerify, isVerified, uploadKyc, verifyKyc } from './kyc-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-standin.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let stripe: StripeStandIn;
let identity: IdentityVerifier;
let uploadDir: string;
let faceMatches = 0;
const returnUrl = 'http://localhost:3000/kyc';
const clock = manualClock(checkoutNow); // 1 December 2026 in New York

beforeAll(async () => {
  stripe = await startStripeStandIn('rk_test_identitystandin');
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-stripe-test-'));
  // The real local engine, with its face comparisons counted.
  const local = lazyIdentityVerifier(() => startLocalIdentityEngine());
  const faces: IdentityVerifier = {
    verifyIdentity: (images) => local.verifyIdentity(images),
    matchFaces: (images) => {
      faceMatches += 1;
      return local.matchFaces(images);
    },
    compareFaces: (a, b) => local.compareFaces(a, b),
    compareWithEmbedding: (a, b) => local.compareWithEmbedding(a, b),
    close: () => local.close(),
  };
  identity = new StripeIdentityVerifier(
    { secretKey: stripe.secretKey, returnUrl, apiHost: '127.0.0.1', apiPort: stripe.port, apiProtocol: 'http', maxNetworkRetries: 0 },
    faces,
  );
  const wide = { max: 1000, windowSeconds: 3600 };
  t = await startTestApp({
    env: { UPLOAD_DIR: uploadDir },
    identity,
    clock: clock.now,
    payments: new TestPaymentGateway(clock.now),
    rateLimits: { ...generousLimits, kycUploadPerCustomer: wide, kycVerifyPerCustomer: wide },
  });
});

afterAll(async () => {
  await t.close();
  await identity.close(); // the app closes only what it built
  await stripe.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const onDisk = (key: string) => fs.existsSync(path.join(uploadDir, key));
const sessionsOf = (reference: string) => [...stripe.identitySessions.values()].filter((s) => s.client_reference_id === reference);
const identityCalls = () => stripe.requests.filter((r) => r.path.startsWith('/v1/identity/'));

/** A customer with an application of matching photos (the local engine's half passes), verify not yet called. */
async function readyApplication(email: string) {
  const customer = await signedInCustomer(t, email);
  const application = await applicationWith(t, customer.token, await idCard('s1f1'), await selfieOf('s1f1'));
  return { ...customer, ...application };
}

describe('KYC through Stripe Identity', () => {
  let alice: Awaited<ReturnType<typeof readyApplication>>;

  it('verify answers pending with Stripe’s page until the shopper has done it, then Stripe’s date of birth; customer verify decides', async () => {
    alice = await readyApplication('alice-stripe@example.com');

    const matchesBefore = faceMatches;
    const first = await verifyKyc(t, alice.token, alice.applicationId);
    expect(first.body).toEqual({
      code: 2,
      message: identityMessages.vendorContinue,
      pending: true,
      verificationUrl: expect.stringMatching(/^https:\/\/verify\.stripe\.com\//),
    });
    // One document session with a matching live selfie, keyed by the application; nothing decided, the photos kept.
    const [session] = sessionsOf(alice.applicationId);
    expect(session?.form).toMatchObject({
      type: 'document',
      client_reference_id: alice.applicationId,
      'options[document][require_matching_selfie]': 'true',
      'options[document][require_live_capture]': 'true',
      return_url: returnUrl,
    });
    expect(await applicationRow(t, alice.applicationId)).toMatchObject({ status: 'uploaded', verifying_since: null, date_of_birth: null });
    expect(alice.keys.every(onDisk)).toBe(true);

    // Submit again before finishing at Stripe: the same session, not a second one.
    assert(first.body, verifyKycReply);
    expect((await verifyKyc(t, alice.token, alice.applicationId)).body).toMatchObject({ code: 2, verificationUrl: first.body.verificationUrl });
    expect(sessionsOf(alice.applicationId)).toHaveLength(1);
    // Our photos were compared once, before the session was made; waiting on Stripe costs no engine time.
    expect(faceMatches - matchesBefore).toBe(1);

    // At Stripe: verified. The card we hold says 14/03/1990; Stripe's reading of the document is the one used.
    stripe.finishIdentity(alice.applicationId, { kind: 'verified', dob: { day: 2, month: 11, year: 1985 }, documentNumber: 'D0001111' });
    const verified = await verifyKyc(t, alice.token, alice.applicationId);
    expect(verified.body).toEqual({
      code: 1,
      data: { faceMatch: true, faceMatchPercent: expect.any(Number), dob: '02/11/1985', aadharNumber: 'D0001111' },
    });
    const retrieve = identityCalls().findLast((r) => r.method === 'GET' && r.path === `/v1/identity/verification_sessions/${session?.id ?? ''}`);
    expect([...(retrieve?.query.values() ?? [])]).toEqual(
      expect.arrayContaining(['verified_outputs', 'verified_outputs.dob', 'last_verification_report', 'last_verification_report.document.number']),
    );
    const row = await applicationRow(t, alice.applicationId);
    expect(row).toMatchObject({ status: 'verified', date_of_birth: '02/11/1985', birth_year: 1985 });
    expect(row.face_match_percent).toBeGreaterThanOrEqual(60); // the local engine's figure for our photos
    expect(Array.isArray(row.face_embedding) && row.face_embedding.length > 0).toBe(true);

    expect((await customerVerify(t, alice.token, alice.applicationId)).body).toEqual({ code: 1, message: customerVerifyMessages.verified });
    expect(await isVerified(t, alice.customerId)).toBe(true);
    expect(alice.keys.some(onDisk)).toBe(false);
  });

  it('the order-time face check compares a new selfie with the face kept from the Stripe-verified application', async () => {
    const addressId = await addAddress(t, alice.token, alice.customerId);
    const sake = await drinkOffer(t, 'Junmai Ginjo Sake', 10);
    const salmon = await pickOne(t, { speed: 'local', locId: 101 }, 0, { priceCents: 2500, stock: 10 });
    const cartId = await readyCart(t, alice.token, alice.customerId, [
      { offer: salmon, qty: 1 },
      { offer: sake, qty: 1 },
    ]);
    const calls = identityCalls().length;
    await uploadKyc(t, alice.token, alice.applicationId, 'selfie', await selfieOf('s1f1'));
    const check = await post(t, '/connect/verifyorder/verify', { applicationID: alice.applicationId, orderID: cartId }, alice.token);
    expect(check.body).toMatchObject({ code: 1, data: { faceMatch: true } });
    expect(identityCalls()).toHaveLength(calls); // the local engine's work: Stripe has no selfie-only check
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

  it('Stripe’s selfie mismatch is a mismatch: refused, photos deleted', async () => {
    const bob = await readyApplication('bob-stripe@example.com');
    await verifyKyc(t, bob.token, bob.applicationId);
    stripe.finishIdentity(bob.applicationId, { kind: 'failed', code: 'selfie_face_mismatch', reason: 'The faces do not match.' });
    const { body } = await verifyKyc(t, bob.token, bob.applicationId);
    expect(body).toEqual({
      code: 2,
      message: identityMessages.kycMismatch,
      data: { faceMatch: false, faceMatchPercent: 0, dob: '', aadharNumber: '' },
    });
    expect(await applicationRow(t, bob.applicationId)).toMatchObject({ status: 'refused', refusal_reason: 'face-mismatch', front_key: null });
    expect(bob.keys.some(onDisk)).toBe(false);
    expect((await customerVerify(t, bob.token, bob.applicationId)).body).toEqual({ code: -1, message: customerVerifyMessages.notMatched });
    expect(await isVerified(t, bob.customerId)).toBe(false);
  });

  it('photos of two different people are refused by the local engine before any Stripe session is made', async () => {
    const carol = await signedInCustomer(t, 'carol-stripe@example.com');
    const { applicationId, keys } = await applicationWith(t, carol.token, await idCard('s4f3'), await selfieOf('s3f3'));
    expect((await verifyKyc(t, carol.token, applicationId)).body).toMatchObject({ code: 2, message: identityMessages.kycMismatch });
    expect(sessionsOf(applicationId)).toHaveLength(0);
    expect(keys.some(onDisk)).toBe(false);
  });

  it('an under-21 date of birth from Stripe: verify reports it, customer verify refuses with the spec’s words', async () => {
    const dan = await readyApplication('dan-stripe@example.com');
    await verifyKyc(t, dan.token, dan.applicationId);
    // Born 2010: 16 on the app's 1 December 2026.
    stripe.finishIdentity(dan.applicationId, { kind: 'verified', dob: { day: 1, month: 6, year: 2010 }, documentNumber: 'D0002222' });
    expect((await verifyKyc(t, dan.token, dan.applicationId)).body).toMatchObject({ code: 1, data: { dob: '01/06/2010' } });
    expect((await customerVerify(t, dan.token, dan.applicationId)).body).toEqual({ code: -1, message: tooYoungMessage });
    expect(await isVerified(t, dan.customerId)).toBe(false);
    expect(await applicationRow(t, dan.applicationId)).toMatchObject({ status: 'refused', refusal_reason: 'under-21', date_of_birth: null });
    expect(dan.keys.some(onDisk)).toBe(false);
  });

  it('Stripe down: Something Went Wrong, the application left open with its photos, nothing half-saved; then it goes on', async () => {
    const erin = await readyApplication('erin-stripe@example.com');
    stripe.identityOutage = true;
    try {
      expect((await verifyKyc(t, erin.token, erin.applicationId)).body).toEqual({ code: 2, message: kycMessages.somethingWrong });
      expect(sessionsOf(erin.applicationId)).toHaveLength(0);
    } finally {
      stripe.identityOutage = false;
    }
    expect((await verifyKyc(t, erin.token, erin.applicationId)).body).toMatchObject({ code: 2, message: identityMessages.vendorContinue });
    stripe.finishIdentity(erin.applicationId, { kind: 'verified', dob: { day: 14, month: 3, year: 1990 }, documentNumber: 'D0003333' });

    // Down again while reading the verified session: still nothing saved.
    stripe.identityOutage = true;
    try {
      expect((await verifyKyc(t, erin.token, erin.applicationId)).body).toEqual({ code: 2, message: kycMessages.somethingWrong });
    } finally {
      stripe.identityOutage = false;
    }
    const open = await applicationRow(t, erin.applicationId);
    expect(open).toMatchObject({
      status: 'uploaded',
      verifying_since: null,
      date_of_birth: null,
      face_match_percent: null,
      face_embedding: null,
      refusal_reason: null,
      decided_at: null,
    });
    expect(erin.keys.every(onDisk)).toBe(true);
    expect((await verifyKyc(t, erin.token, erin.applicationId)).body).toMatchObject({ code: 1, data: { dob: '14/03/1990' } });
  });

  it('maps Stripe’s other outcomes: processing and abandoned wait; a bad document, a missing selfie check, a cancel refuse', async () => {
    const cases = [
      { outcome: { kind: 'processing' }, reply: { code: 2, message: identityMessages.vendorProcessing, pending: true }, status: 'uploaded' },
      {
        outcome: { kind: 'failed', code: 'abandoned', reason: 'The user left.' },
        reply: { code: 2, message: identityMessages.vendorContinue, pending: true, verificationUrl: expect.any(String) },
        status: 'uploaded',
      },
      {
        outcome: { kind: 'failed', code: 'document_expired', reason: 'The document is expired.' },
        reply: { code: 2, message: identityMessages.refusals['document-unverified'] },
        status: 'refused',
        reason: 'document-unverified',
      },
      {
        outcome: { kind: 'verified', dob: { day: 1, month: 1, year: 1980 }, documentNumber: 'D1', selfieChecked: false },
        reply: { code: 2, message: identityMessages.refusals['selfie-unverified'] },
        status: 'refused',
        reason: 'selfie-unverified',
      },
      {
        outcome: { kind: 'canceled' },
        reply: { code: 2, message: identityMessages.refusals['vendor-declined'] },
        status: 'refused',
        reason: 'vendor-declined',
      },
    ] as const;
    for (const [index, c] of cases.entries()) {
      const shopper = await readyApplication(`case-${index}-stripe@example.com`);
      await verifyKyc(t, shopper.token, shopper.applicationId);
      stripe.finishIdentity(shopper.applicationId, c.outcome);
      const { body } = await verifyKyc(t, shopper.token, shopper.applicationId);
      expect(body, c.outcome.kind).toMatchObject(c.reply);
      // A refusal is final: the screen must not offer to check again.
      if (c.status === 'refused') expect(body, c.outcome.kind).not.toHaveProperty('pending');
      const row = await applicationRow(t, shopper.applicationId);
      expect(row.status, c.outcome.kind).toBe(c.status);
      if ('reason' in c) expect(row.refusal_reason).toBe(c.reason);
      expect(shopper.keys.every(onDisk)).toBe(c.status === 'uploaded');
    }
  });
});

describe('IDENTITY_ENGINE=stripe in the configuration', () => {
  it('needs a Stripe key, takes STRIPE_IDENTITY_KEY first, and builds the Stripe adapter', async () => {
    expect(() => readConfig({ IDENTITY_ENGINE: 'stripe' })).toThrow(/IDENTITY_ENGINE=stripe needs STRIPE_IDENTITY_KEY/);
    expect(() => readConfig({ IDENTITY_ENGINE: 'stripe', STRIPE_IDENTITY_KEY: 'pk_test_abc' })).toThrow(/STRIPE_IDENTITY_KEY must be/);
    const config = readConfig({ IDENTITY_ENGINE: 'stripe', STRIPE_IDENTITY_KEY: 'rk_test_abc', APP_ORIGIN: 'https://shop.example.com' });
    expect(config.stripeIdentity).toEqual({ secretKey: 'rk_test_abc', returnUrl: 'https://shop.example.com/kyc' });
    const both = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };
    expect(readConfig({ IDENTITY_ENGINE: 'stripe', ...both }).stripeIdentity?.secretKey).toBe('sk_test_abc');
    expect(readConfig({ ...both }).stripeIdentity).toBeUndefined();
    const adapter = identityVerifierFromConfig(config);
    expect(adapter).toBeInstanceOf(StripeIdentityVerifier);
    await adapter.close(); // nothing was started
  });
});
