import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Page } from '@playwright/test';
import { create } from 'superstruct';
import { captchaChallengeReply } from '../../src/api/contract/captcha.contract.ts';
import { registerReply } from '../../src/api/contract/customer.contract.ts';
import { zipLookupReply } from '../../src/api/contract/location.contract.ts';
import { sessionStorageKey, type SessionValues } from '../../src/machines/app/session-values.ts';

/**
 * Set-ups through the API and a stored session (docs/decisions/055-faster-test-suite.md): the part of a journey before
 * what it tests, done the way the app would have left it, in one page load. The age gate, the pincode dialog and the
 * create-account form each have journeys of their own (foundation, store-reach, accounts, the generated age-gate,
 * pincode and auth journeys), which keep going through them.
 */

/** An email address no other test uses: every test has its own customer, so tests may run in any order. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function baseUrl(path: string): URL {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set: global-setup did not start the server');
  return new URL(path, base);
}

export async function getJson(path: string): Promise<unknown> {
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

/** The area of a served zip, as the pincode dialog records it (past the age gate). */
export async function areaOf(zipcode: string): Promise<SessionValues> {
  const reply = create(await getJson(`/connect/index/getaddressbyzipcode?zipcode=${zipcode}`), zipLookupReply);
  const place = reply.data?.[0];
  if (reply.code !== 1 || !place?.loc_id) throw new Error(`${zipcode} is not served`);
  return { zipcode, zipState: place.state, location: place.loc_id, ageGateVerified: true };
}

/**
 * Opens `path` with the given session stored, as if the shopper had got there earlier: one page load. The session is
 * written by a script that runs before the app's own, on this navigation only (later loads find what the app kept).
 */
export async function openWithSession(page: Page, session: SessionValues, path: string): Promise<void> {
  const storing = await page.addInitScript(
    ([origin, key, value]) => {
      if (window.location.origin === origin) window.localStorage.setItem(key, value);
    },
    [baseUrl('/').origin, sessionStorageKey, JSON.stringify(session)] as const,
  );
  try {
    await page.goto(path);
  } finally {
    await storing.dispose();
  }
}

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * A new customer registered through the API (a solved captcha, as the form sends it), and the session the
 * create-account form would have stored for her (auth.setup.ts signedInValues) on top of `area`.
 */
export async function registerThroughApi(shopper: Shopper, area: SessionValues): Promise<SessionValues> {
  const reply = create(
    await postJson('/api/customer/register', {
      first_name: shopper.firstName,
      last_name: shopper.lastName,
      email: shopper.email,
      password: shopper.password,
      confirm_password: shopper.password,
      country: 'US',
      newsletter_subscription: false,
      altcha: await solvedCaptcha(),
    }),
    registerReply,
  );
  const result = reply.result;
  if (reply.code !== 1 || !result) throw new Error(`register refused: ${reply.message}`);
  return {
    ...area,
    Token: result.api_token,
    // '' is the server's "no open cart".
    cart_id: result.cart_id || undefined,
    CustomerId: result.customer_id,
    cust_name: result.cust_name,
    total_products_in_cart: result.total_product_in_cart,
  };
}
