import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { registeredRoutes, type RegisteredRoute } from '../../server/http/route-list.ts';
import { newSecret, hashSecret } from '../../server/services/platform/tokens.ts';
import { generousLimits } from './account-helpers.ts';
import { makeCart, pickOne } from './cart-page-helpers.ts';
import { shopper } from './checkout-helpers.ts';
import { contractModules, expectSaneReply, fuzzCases, requestFieldNames, wrongTypeCases } from './route-fuzz.ts';
import { learnParts, send, type RequestParts, type Sender } from './route-requests.ts';
import { startTestApp } from './test-app.ts';

/**
 * Property-based fuzzing of every route the app registers (issue 14): never a 5xx, and a 400 names the field.
 * `npm test` runs a fixed seed and FUZZ_RUNS (default 12) cases per route; `npm run fuzz` runs many more, and
 * FUZZ_SEED replays a failure fast-check reported.
 */

const runs = Number(process.env.FUZZ_RUNS ?? 12);
const seed = Number(process.env.FUZZ_SEED ?? 20261125);
const wide = { max: 1_000_000, windowSeconds: 3600 };

const t = await startTestApp({ rateLimits: { ...generousLimits, kycUploadPerCustomer: wide, kycVerifyPerCustomer: wide } });
afterAll(async () => {
  await t.close();
});

const owner = await shopper(t, 'fuzz-owner@example.com');
const offer = await pickOne(t, { speed: 'courier', locId: 201 }, 0, { priceCents: 1299, stock: 1_000 });
const { cartId, lineIds } = await makeCart(t, [{ offer, qty: 1 }], { customerId: owner.customerId });

/** Values for fields a route cannot do without, where a made-up one would stop the request at the first check. */
const known: Record<string, unknown> = {
  cart_id: cartId,
  quote_id: cartId,
  cart_rid: lineIds[0],
  customerid: owner.customerId,
  customer_id: owner.customerId,
  address_id: owner.addressId,
  delivery_address_id: owner.addressId,
  product_id: offer.variantId,
  vendor_loc_id: offer.locId,
  loc_id: 101,
  zipcode: '10001',
  zipCode: '10001',
  qty: 1,
  speed_id: 'courier',
  city: 'New York',
  state: 'NY',
  telephone: '2125550100',
  street1: '350 5th Ave',
  street: '350 5th Ave',
  postcode: '10001',
  vendors: [{ vendor_id: offer.locId, delivery_type: 'courier' }],
};

const routes: readonly RegisteredRoute[] = registeredRoutes(t.app);
const dictionary = requestFieldNames();

async function ownerSession(): Promise<string> {
  const token = newSecret();
  await t.database.db
    .insertInto('sessions')
    .values({ customer_id: owner.customerId, token_hash: hashSecret(token), expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return token;
}

/** Each route its own owner session, renewed when a reply ends it (logout). */
function senderFor(): Sender {
  let token: Promise<string> | undefined;
  return {
    ownerToken: () => (token ??= ownerSession()),
    renewOwnerToken: () => {
      token = undefined;
    },
  };
}

test('the fuzzer knows every contract module and many routes', () => {
  const files = fs.readdirSync('src/api/contract').filter((name) => name.endsWith('.ts'));
  expect(Object.keys(contractModules).sort()).toEqual(files.sort());
  expect(routes.length).toBeGreaterThan(40);
  expect(dictionary).toContain('zipcode');
});

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_, route) => {
  const sender = senderFor();
  let parts: RequestParts = { query: {}, body: {}, params: {} };
  /** Whether the learned request passes the contract on its own: then a 400 must be about the field a case changed. */
  let partsPass = false;

  test('every field it reads, as a number, boolean, object, array, null, with a NUL or nested too deep', async () => {
    parts = await learnParts(t.app, route, sender, known);
    partsPass = (await send(t.app, route, parts, sender, { kind: 'as-is', auth: 'owner' })).statusCode !== 400;
    for (const fuzz of wrongTypeCases(route, parts)) expectSaneReply(fuzz, await send(t.app, route, parts, sender, fuzz), partsPass);
  });

  test(
    'arbitrary requests of right and wrong shapes',
    async () => {
      await fc.assert(
        fc.asyncProperty(fuzzCases(route, parts, dictionary), async (fuzz) => {
          expectSaneReply(fuzz, await send(t.app, route, parts, sender, fuzz), partsPass);
        }),
        { seed, numRuns: runs },
      );
    },
    30_000 + runs * 200,
  );
});
