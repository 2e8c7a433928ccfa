import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Page } from '@playwright/test';
import { create } from 'superstruct';
import { addToCartReply } from '../../../src/api/contract/add-to-cart.contract.ts';
import { clearCartReply } from '../../../src/api/contract/cart.contract.ts';
import { listingReply } from '../../../src/api/contract/catalogue.contract.ts';
import { captchaChallengeReply } from '../../../src/api/contract/captcha.contract.ts';
import { registerReply } from '../../../src/api/contract/customer.contract.ts';
import { zipLookupReply } from '../../../src/api/contract/location.contract.ts';
import { sessionStorageKey, type SessionValues } from '../../../src/machines/app/session-values.ts';
import { uniqueEmail } from '../steps.ts';

/** Shared prefixes of the generated journeys, set up through the API (faster than the forms, which journeys test). */

export function baseUrl(path: string): URL {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
  return new URL(path, base);
}

async function getJson(path: string): Promise<unknown> {
  const response = await fetch(baseUrl(path));
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

export async function postJson(path: string, body: Record<string, unknown>, token?: string): Promise<unknown> {
  const response = await fetch(baseUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ...body, store_id: 1 }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** The ALTCHA widget's payload, solved here as the widget would (the server spends one per sign-in or registration). */
export async function solvedCaptcha(): Promise<string> {
  const challenge = create(await getJson('/api/captcha/challenge'), captchaChallengeReply);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface Customer {
  email: string;
  password: string;
  session: SessionValues;
}

/** The area of a served zip, as the pincode dialog records it. */
export async function areaOf(zipcode: string): Promise<SessionValues> {
  const reply = create(await getJson(`/connect/index/getaddressbyzipcode?zipcode=${zipcode}`), zipLookupReply);
  const place = reply.data?.[0];
  if (reply.code !== 1 || !place?.loc_id) throw new Error(`${zipcode} is not served`);
  return { zipcode, zipState: place.state, location: place.loc_id, ageGateVerified: true };
}

/** A new customer registered through the API, shopping at 10001. */
export async function newCustomer(prefix: string): Promise<Customer> {
  const email = uniqueEmail(prefix);
  const password = 'correct horse 1';
  const reply = create(
    await postJson('/api/customer/register', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password,
      confirm_password: password,
      country: 'US',
      newsletter_subscription: false,
      altcha: await solvedCaptcha(),
    }),
    registerReply,
  );
  const result = reply.result;
  if (reply.code !== 1 || !result) throw new Error(`register refused: ${reply.message}`);
  return {
    email,
    password,
    session: {
      ...(await areaOf('10001')),
      Token: result.api_token,
      CustomerId: result.customer_id,
      cust_name: result.cust_name,
      total_products_in_cart: 0,
    },
  };
}

/** Opens `path` with the given session stored, as if the shopper had got there earlier. */
export async function openWithSession(page: Page, session: SessionValues, path: string): Promise<void> {
  await page.goto('/no-such-page-for-the-session');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [sessionStorageKey, JSON.stringify(session)] as const);
  await page.goto(path);
}

/** Where a line is bought: Same Day in the area, or at a partner restaurant for a visit (Delivery Options' Dine-In). */
export type Buying = { speed: 'local' } | { speed: 'dine-in'; restaurant: number };

/** The first size of the product named `name` (found by searching `query`) sold at `speed` in the session's area. */
export async function firstSizeOf(
  session: SessionValues,
  query: string,
  name: string,
  speed: Buying['speed'],
): Promise<{ id: number; bottle_size: number }> {
  const { zipcode, location } = session;
  if (!zipcode || location === undefined) throw new Error('the session has no area');
  const listing = create(
    await postJson(`/connect/index/search?q=${encodeURIComponent(query)}&zipcode=${zipcode}&loc_id=${location}&courier_type=${speed}`, { q: query }),
    listingReply,
  );
  const size = listing.data?.products.find((product) => product.name === name)?.child[0];
  if (!size) throw new Error(`no '${name}' found for '${query}' at ${speed}`);
  return size;
}

/** Adds one of the first size of the product named `name` (found by searching `query`), Same Day unless `buying` says, through the API. */
export async function addToCartThroughApi(
  session: SessionValues,
  query: string,
  name: string,
  buying: Buying = { speed: 'local' },
): Promise<SessionValues> {
  const size = await firstSizeOf(session, query, name, buying.speed);
  const [added] = create(
    await postJson(
      '/api/cart/addtocart',
      {
        product_id: size.id,
        qty: 1,
        cart_id: session.cart_id,
        zipcode: session.zipcode,
        loc_id: session.location,
        speed_id: buying.speed,
        ...(buying.speed === 'dine-in' ? { vendor_loc_id: buying.restaurant } : {}),
      },
      session.Token,
    ),
    addToCartReply,
  );
  if (added?.code !== 1 || !added.cart_id) throw new Error(`add to cart refused: ${added?.message}`);
  return { ...session, cart_id: added.cart_id, total_products_in_cart: added.total_products_in_cart };
}

/** Clears the session's cart through the API, as ordering it in another tab would: the server then calls it closed. */
export async function clearThroughApi(session: Pick<SessionValues, 'Token' | 'CustomerId' | 'cart_id'>): Promise<void> {
  const { cart_id: cartId, CustomerId: customerId, Token: token } = session;
  if (!cartId || customerId === undefined) throw new Error('the session has no cart');
  const reply = create(await postJson(`/api/cart/clearCart?quote_id=${cartId}&cus_id=${customerId}`, {}, token), clearCartReply);
  if (reply.code !== 1) throw new Error(`clear cart refused: ${JSON.stringify(reply)}`);
}

/** A request that fails once, as when the connection drops: the browser's way to get an xstate.error.actor.* reply. */
export function failingOnce(urlPart: string) {
  return async ({ page }: { page: Page }) =>
    page.route(
      (url) => url.pathname.includes(urlPart),
      (route) => route.abort('internetdisconnected'),
      { times: 1 },
    );
}

/** A server's reply the page shows by itself: nothing to do but look (the state's mapping waits for it). */
export const nothingToDo = async (): Promise<void> => undefined;

/** Adds one Next Day (courier) line, sold in every served area: the first steak the courier carries (not the ribeye). */
export async function addCourierLine(session: SessionValues): Promise<{ session: SessionValues; name: string }> {
  const listing = create(
    await postJson(`/connect/index/search?q=steak&zipcode=${session.zipcode}&loc_id=${session.location}`, { q: 'steak' }),
    listingReply,
  );
  for (const product of listing.data?.products ?? []) {
    const size = product.child[0];
    if (!size || product.name === 'USDA Prime Ribeye Steak') continue;
    const [added] = create(
      await postJson(
        '/api/cart/addtocart',
        {
          product_id: size.id,
          qty: 1,
          cart_id: session.cart_id,
          zipcode: session.zipcode,
          loc_id: session.location,
          speed_id: 'courier',
        },
        session.Token,
      ),
      addToCartReply,
    );
    if (added?.code === 1 && added.cart_id) {
      return { session: { ...session, cart_id: added.cart_id, total_products_in_cart: added.total_products_in_cart }, name: product.name };
    }
  }
  throw new Error('no steak the courier carries');
}
