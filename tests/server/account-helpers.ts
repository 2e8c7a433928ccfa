import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { assert, validate } from 'superstruct';
import { captchaChallengeReply } from '../../src/api/contract/captcha.contract.ts';
import { consoleMeReply } from '../../src/api/contract/fulfilment.contract.ts';
import type { RateLimits } from '../../server/services/platform/rate-limit.ts';
import { newSecret } from '../../server/services/platform/tokens.ts';
import { json, type TestApp } from './test-app.ts';

const wide = { max: 10_000, windowSeconds: 3600 };
/** Limits out of the way, for tests about something else (rate-limit.test.ts tests the real ones). */
export const generousLimits: RateLimits = {
  signInPerIp: wide,
  signInFailuresPerAccount: wide,
  registerPerIp: wide,
  forgotPerIp: wide,
  forgotPerEmail: wide,
  guestCartPerIp: wide,
  captchaChallengePerIp: wide,
  upiVerifyPerIp: wide,
  cardTokenizePerIp: wide,
  cardSavePerCustomer: wide,
  payOnDeliveryPerIp: wide,
};

/** A POST with a JSON body as the client sends it (store_id included), optionally with a bearer token. */
export function post(t: TestApp, url: string, body: Record<string, unknown>, options: { token?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: { ...body, store_id: 1 },
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** The widget's payload for a challenge: base64 of { challenge, solution }. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('could not solve the test challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Fetches a challenge from the server and solves it, as the ALTCHA widget does. */
export async function solvedCaptcha(t: TestApp, ip?: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', ...(ip ? { remoteAddress: ip } : {}) });
  const [error, challenge] = validate(json(response), captchaChallengeReply);
  if (error) throw new Error(`bad challenge: ${response.body}`);
  return solve(challenge);
}

export async function register(
  t: TestApp,
  fields: { email: string; password?: string; first_name?: string; last_name?: string; cart_id?: string },
  options: { ip?: string; token?: string } = {},
) {
  const password = fields.password ?? 'correct horse battery';
  return post(
    t,
    '/api/customer/register',
    {
      first_name: 'Test',
      last_name: 'Shopper',
      confirm_password: password,
      ...fields,
      password,
      altcha: await solvedCaptcha(t, options.ip),
    },
    options,
  );
}

export async function login(
  t: TestApp,
  fields: { email: string; password: string; cart_id?: string; courier_type?: string; vendor_location_id?: number },
  options: { ip?: string; token?: string } = {},
) {
  return post(t, '/api/customer/login', { ...fields, altcha: await solvedCaptcha(t, options.ip) }, options);
}

/**
 * A guest cart (no customer) in the 10001 area with one line per entry: the given offer, or else the area's
 * well-stocked offers in id order (so two carts made this way share their first offers).
 */
export async function guestCartWith(
  t: TestApp,
  lines: { qty: number; offerId?: number }[],
  zipcode = '10001',
): Promise<{ cartId: string; offerIds: number[] }> {
  const db = t.database.db;
  const area = await db.selectFrom('service_areas').select(['zipcode', 'loc_id']).where('zipcode', '=', zipcode).executeTakeFirstOrThrow();
  const offers = await db
    .selectFrom('variant_offers')
    .select(['id', 'variant_id', 'stock'])
    .where('area_loc_id', '=', area.loc_id)
    .where('stock', '>=', 24)
    .orderBy('id')
    .limit(lines.length)
    .execute();
  const cartId = newSecret();
  await db.insertInto('carts').values({ id: cartId, customer_id: null, zipcode: area.zipcode, loc_id: area.loc_id, coupon_code: null }).execute();
  const used: number[] = [];
  for (const [index, line] of lines.entries()) {
    const offer =
      line.offerId === undefined
        ? offers[index]
        : await db.selectFrom('variant_offers').select(['id', 'variant_id']).where('id', '=', line.offerId).executeTakeFirst();
    if (!offer) throw new Error('not enough offers in the seed');
    await db
      .insertInto('cart_items')
      .values({ cart_id: cartId, variant_id: offer.variant_id, offer_id: offer.id, qty: line.qty, delivery_date: null, timeslot: null })
      .execute();
    used.push(offer.id);
  }
  return { cartId, offerIds: used };
}

/** Waits for a background write (the reset mail goes out after the reply). */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whom a token signs in as, seen from outside: the role /api/console/me answers, or its status when not a 200. */
export async function signedInAs(t: TestApp, token: string): Promise<string | number> {
  const response = await t.app.inject({ method: 'GET', url: '/api/console/me', headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) return response.statusCode;
  const body = json(response);
  assert(body, consoleMeReply);
  return body.data?.role ?? 'no data';
}
