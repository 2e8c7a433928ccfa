/**
 * The order-time face check (issue 11): a verified customer's fresh selfie against the face kept at verification,
 * the 15-minute face pass it records for the open cart, and place order's refusal of a cart with a drink without one.
 * Real images and the app's own identity engine (started lazily, closed with the app), as in kyc-verify.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderReply } from '../../src/api/contract/checkout.contract.ts';
import {
  kycApplicationReply,
  kycMessages,
  kycUploadReply,
  identityReply,
  verifyKycReply,
  verifyOrderReply,
  type KycSide,
} from '../../src/api/contract/kyc.contract.ts';
import { facePassNeededRefusal } from '../../src/rules/messages.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { DiskStorage } from '../../server/adapters/storage/disk-storage.ts';
import { removeFaceCheckLeftovers } from '../../server/services/identity/face-check-leftovers.ts';
import { hashSecret, newSecret } from '../../server/services/platform/tokens.ts';
import { generousLimits } from './account-helpers.ts';
import { manualClock, pickOne, post, type OfferPick } from './cart-page-helpers.ts';
import { addAddress, checkoutNow, readyCart } from './checkout-helpers.ts';
import { drinkOffer, signedInCustomer } from './fixtures.ts';
import { faceCrop, idCard, selfieOf } from './identity-images.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let uploadDir: string;
const clock = manualClock(checkoutNow);
const wide = { max: 10_000, windowSeconds: 3600 };

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-pass-test-'));
  t = await startTestApp({
    env: { UPLOAD_DIR: uploadDir },
    clock: clock.now,
    payments: new TestPaymentGateway(clock.now),
    rateLimits: { ...generousLimits, kycUploadPerCustomer: wide, kycVerifyPerCustomer: wide },
  });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const db = () => t.database.db;
const jpegUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;
const filesOnDisk = () => fs.readdirSync(uploadDir, { recursive: true }).filter((f) => String(f).endsWith('.jpg')).length;

async function upload(token: string, applicationId: string, side: KycSide, image: Buffer) {
  const { status, body } = await post(t, '/connect/uploadkyc/kyc', { imageData: jpegUrl(image), fileName: `${applicationId}_${side}.jpg` }, token);
  if (status === 200) assert(body, kycUploadReply);
  return { status, body };
}

/** A customer verified for real: an application with an ID card and a selfie of face s1f1, verify, customer verify. */
async function verifiedCustomer(email: string, signedIn?: { token: string; customerId: number }) {
  const customer = signedIn ?? (await signedInCustomer(t, email));
  const opened = await post(t, '/connect/uploadkyc/application', { store_id: 1 }, customer.token);
  assert(opened.body, kycApplicationReply);
  const applicationId = opened.body.data?.applicationId ?? '';
  const card = await idCard('s1f1');
  for (const [side, image] of [
    ['aadhaar_front', card],
    ['aadhaar_back', card],
    ['selfie', await selfieOf('s1f1')],
  ] as const) {
    expect((await upload(customer.token, applicationId, side, image)).status).toBe(200);
  }
  const verified = await post(t, '/connect/verifycustomer/verify', { applicationID: applicationId }, customer.token);
  assert(verified.body, verifyKycReply);
  expect(verified.body).toMatchObject({ code: 1 });
  const granted = await post(t, '/api/customer/customerverify', { is_verified: 1, verificationid: applicationId }, customer.token);
  expect(granted.body).toMatchObject({ code: 1 });
  return { ...customer, applicationId };
}

async function faceCheck(token: string, applicationID: string, orderID: string) {
  const { status, body } = await post(t, '/connect/verifyorder/verify', { applicationID, orderID, store_id: 1 }, token);
  if (status === 200) assert(body, verifyOrderReply);
  return { status, body };
}

describe('face pass before an order with a drink', { timeout: 90_000 }, () => {
  let alice: Awaited<ReturnType<typeof verifiedCustomer>>;
  let addressId: number;
  let sake: OfferPick;
  let salmon: OfferPick;
  let cartId: string;

  const place = async (cart: string) => {
    const { body } = await post(
      t,
      '/api/placeorder/placeorder',
      { store_id: 1, speed_id: 1, cart_id: cart, payment_mode: 4, delivery_address_id: addressId },
      alice.token,
    );
    assert(body, placeOrderReply);
    return body;
  };
  const ordersOf = async (cart: string) =>
    (await db().selectFrom('orders').select('id').where('cart_id', '=', cart).where('status', '<>', 'payment_failed').execute()).length;

  beforeAll(async () => {
    alice = await verifiedCustomer('alice-face@example.com');
    addressId = await addAddress(t, alice.token, alice.customerId);
    sake = await drinkOffer(t, 'Junmai Ginjo Sake', 50);
    salmon = await pickOne(t, { speed: 'local', locId: 101 }, 0, { priceCents: 2500, stock: 50 });
    cartId = await readyCart(t, alice.token, alice.customerId, [
      { offer: salmon, qty: 1 },
      { offer: sake, qty: 1 },
    ]);
  });

  it('verification kept the face (an embedding) and no photo', async () => {
    const row = await db().selectFrom('kyc_applications').selectAll().where('public_id', '=', alice.applicationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ front_key: null, back_key: null, selfie_key: null, check_selfie_key: null });
    expect(Array.isArray(row.face_embedding) && row.face_embedding.length).toBeGreaterThan(100);
    expect(filesOnDisk()).toBe(0);
  });

  it('place order is refused for a verified customer without a face pass', async () => {
    expect(await place(cartId)).toMatchObject({ code: -1, message: facePassNeededRefusal });
    expect(await ordersOf(cartId)).toBe(0);
  });

  it('the face check needs a fresh selfie, the own verified application and the own open cart', async () => {
    expect((await post(t, '/connect/verifyorder/verify', { applicationID: alice.applicationId, orderID: cartId })).status).toBe(401);
    expect((await faceCheck(alice.token, alice.applicationId, cartId)).body).toEqual({ code: 2, message: kycMessages.selfieMissing });
    const bob = await signedInCustomer(t, 'bob-face@example.com');
    // Bob can neither upload to nor check against Alice's application.
    expect((await upload(bob.token, alice.applicationId, 'selfie', await faceCrop('s1f1'))).status).toBe(404);
    expect((await faceCheck(bob.token, alice.applicationId, cartId)).status).toBe(404);
    // Bob's own application, not verified: no face to compare with.
    const bobs = await post(t, '/connect/uploadkyc/application', { store_id: 1 }, bob.token);
    assert(bobs.body, kycApplicationReply);
    const bobApplication = bobs.body.data?.applicationId ?? '';
    expect((await faceCheck(bob.token, bobApplication, cartId)).body).toEqual({ code: 2, message: kycMessages.faceMatchIdMissing });
    // Only the selfie side goes to a verified application.
    expect((await upload(alice.token, alice.applicationId, 'aadhaar_front', await idCard('s1f1'))).status).toBe(404);
    // Someone else's cart id is not found.
    const bobCart = await readyCart(t, bob.token, bob.customerId, [{ offer: salmon, qty: 1 }]);
    expect((await upload(alice.token, alice.applicationId, 'selfie', await faceCrop('s1f1'))).status).toBe(200);
    expect((await faceCheck(alice.token, alice.applicationId, bobCart)).status).toBe(404);
    expect(await db().selectFrom('face_passes').select('id').execute()).toEqual([]);
  });

  it("another person's selfie does not match: code 2, no pass, the selfie deleted, the order refused", async () => {
    const uploaded = await upload(alice.token, alice.applicationId, 'selfie', await selfieOf('s3f3'));
    expect(uploaded.status).toBe(200);
    expect(filesOnDisk()).toBe(1); // the earlier unchecked selfie was replaced
    const { body } = await faceCheck(alice.token, alice.applicationId, cartId);
    expect(body).toMatchObject({ code: 2, message: kycMessages.orderFaceFailed, data: { faceMatch: false } });
    expect(filesOnDisk()).toBe(0);
    expect(await db().selectFrom('face_passes').select('id').execute()).toEqual([]);
    expect(await place(cartId)).toMatchObject({ code: -1, message: facePassNeededRefusal });
    // One selfie, one check: checking again needs a new one.
    expect((await faceCheck(alice.token, alice.applicationId, cartId)).body).toEqual({ code: 2, message: kycMessages.selfieMissing });
  });

  it('a pass older than 15 minutes no longer counts', async () => {
    expect((await upload(alice.token, alice.applicationId, 'selfie', await faceCrop('s1f1'))).status).toBe(200);
    const { body } = await faceCheck(alice.token, alice.applicationId, cartId);
    expect(body).toMatchObject({ code: 1, data: { faceMatch: true } });
    expect(filesOnDisk()).toBe(0);
    clock.advanceMinutes(16);
    expect(await place(cartId)).toMatchObject({ code: -1, message: facePassNeededRefusal });
    expect(await ordersOf(cartId)).toBe(0);
  });

  it('a fresh pass lets the order through, and the order takes it: it cannot be used again', async () => {
    // The clock moved past the cart's 15-minute slot hold too: a cart made now, as the shopper's would be renewed.
    cartId = await readyCart(t, alice.token, alice.customerId, [
      { offer: salmon, qty: 1 },
      { offer: sake, qty: 1 },
    ]);
    expect((await upload(alice.token, alice.applicationId, 'selfie', await selfieOf('s1f1'))).status).toBe(200);
    const { body } = await faceCheck(alice.token, alice.applicationId, cartId);
    expect(body).toMatchObject({ code: 1, data: { faceMatch: true, faceMatchPercent: expect.any(Number) } });
    clock.advanceMinutes(5);
    const placed = await place(cartId);
    // Pay on delivery from a customer who never confirmed an order: placed, waiting for the emailed link.
    expect(placed).toMatchObject({ code: 1, status: 'awaiting_confirmation' });
    const order = await db().selectFrom('orders').select('id').where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    const passes = await db().selectFrom('face_passes').selectAll().where('cart_id', '=', cartId).orderBy('id').execute();
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({ order_id: order.id, used_at: clock.now() });

    // A new cart with a drink: the used pass does not carry over, even moved onto it.
    const next = await readyCart(t, alice.token, alice.customerId, [{ offer: sake, qty: 1 }]);
    expect(await place(next)).toMatchObject({ code: -1, message: facePassNeededRefusal });
    await db()
      .updateTable('face_passes')
      .set({ cart_id: next })
      .where('id', '=', passes[0]?.id ?? 0)
      .execute();
    expect(await place(next)).toMatchObject({ code: -1, message: facePassNeededRefusal });
    expect(await ordersOf(next)).toBe(0);
  });

  it('the KYC sweep deletes a check selfie left unchecked and the passes that expired unused; the order keeps its pass', async () => {
    const sweep = () => removeFaceCheckLeftovers({ db: db(), storage: new DiskStorage(uploadDir), now: clock.now() });
    // The earlier tests left unused passes that have expired by now (16 minutes and more ago) and one the order used.
    const used = await db().selectFrom('face_passes').select('id').where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(1);

    expect((await upload(alice.token, alice.applicationId, 'selfie', await selfieOf('s1f1'))).status).toBe(200);
    expect(filesOnDisk()).toBe(1);
    clock.advanceMinutes(14);
    const first = await sweep();
    expect(first.checkSelfies).toBe(0);
    expect(first.facePasses).toBeGreaterThan(0);
    expect(filesOnDisk()).toBe(1);

    clock.advanceMinutes(2);
    expect(await sweep()).toEqual({ facePasses: 0, checkSelfies: 1 });
    expect(filesOnDisk()).toBe(0);
    // The application lets go of it too (a late check would ask for a new selfie); its kept face stays.
    const application = await db()
      .selectFrom('kyc_applications')
      .select(['check_selfie_key', 'face_embedding'])
      .where('public_id', '=', alice.applicationId)
      .executeTakeFirstOrThrow();
    expect(application.check_selfie_key).toBeNull();
    expect(application.face_embedding).not.toBeNull();
    expect(await db().selectFrom('face_passes').select('id').execute()).toEqual(used);
  });
});

// Walk 4: the verification status is the database's, not the session's. A browser signed in before the customer
// verified in another one must read them as verified, and place order must take their order, without a new sign-in.
describe('verified in another browser', { timeout: 90_000 }, () => {
  it('the identity read, the face check and place order of the older session all see the verification', async () => {
    const here = await signedInCustomer(t, 'gil-two-browsers@example.com');
    const identity = async () => {
      const { body } = await post(t, '/api/customer/identity', { store_id: 1 }, here.token);
      assert(body, identityReply);
      return body;
    };
    expect(await identity()).toEqual({ code: 1, data: { verification_id: '' } });

    // Another browser: a second session of the same customer, who verifies there.
    const elsewhereToken = newSecret();
    await db()
      .insertInto('sessions')
      .values({ customer_id: here.customerId, token_hash: hashSecret(elsewhereToken), expires_at: new Date(clock.now().getTime() + 3_600_000) })
      .execute();
    const verified = await verifiedCustomer('', { token: elsewhereToken, customerId: here.customerId });

    // This browser's session, unchanged since before: verified now.
    expect(await identity()).toEqual({ code: 1, data: { verification_id: verified.applicationId } });
    const addressId = await addAddress(t, here.token, here.customerId);
    const sake = await drinkOffer(t, 'Junmai Ginjo Sake', 20);
    const cartId = await readyCart(t, here.token, here.customerId, [{ offer: sake, qty: 1 }]);
    // The checkout's age check reads the cart: it carries the identity too.
    const cart = await post(t, '/api/cart/showcart', { store_id: 1, cart_id: cartId }, here.token);
    expect(cart.body).toMatchObject({ code: 1, identity_verification_id: verified.applicationId });
    expect(cart.body).not.toHaveProperty('identity_under_21');
    // The account page reads it from the database too.
    const dashboard = await post(t, '/api/account/mydashboard', { store_id: 1 }, here.token);
    expect(dashboard.body).toMatchObject({ data: { identity: { status: 'verified' } } });
    expect((await upload(here.token, verified.applicationId, 'selfie', await selfieOf('s1f1'))).status).toBe(200);
    expect((await faceCheck(here.token, verified.applicationId, cartId)).body).toMatchObject({ code: 1, data: { faceMatch: true } });
    const { body } = await post(
      t,
      '/api/placeorder/placeorder',
      { store_id: 1, speed_id: 1, cart_id: cartId, payment_mode: 4, delivery_address_id: addressId },
      here.token,
    );
    assert(body, placeOrderReply);
    expect(body).toMatchObject({ code: 1 });
  });
});
