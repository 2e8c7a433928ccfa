import type { Page, Route } from '@playwright/test';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { expect } from './fixtures.ts';
import type { EventMapping } from './journeys/journey-map.ts';
import { saveHomeThroughApi, scheduleThroughApi } from './journeys/checkout-shoppers.ts';
import { addToCartThroughApi, newCustomer, openWithSession } from './journeys/shoppers.ts';

/**
 * Faults a journey injects with Playwright's page.route, so the browser takes a machine's error and retry
 * transitions (issue 25, docs/decisions/048-reach-by-faults.md): the connection drops, the server refuses, or an
 * answer is held until the journey has looked at the page. Each matches the request's path and acts once.
 */

const matching = (urlPart: string) => (url: URL) => url.pathname.includes(urlPart);

/** Test fault: the next request to `urlPart` never reaches the server (the connection dropped: the machine's xstate.error.actor.* reply). */
export async function connectionLostOnce(page: Page, urlPart: string): Promise<void> {
  await page.route(matching(urlPart), (route) => route.abort('internetdisconnected'), { times: 1 });
}

/** What a refusing server says in these tests: every refusal shows it, so the page can be checked for it. */
export const refusedByFault = 'Refused by the test fault.';

/** Test fault: the next request to `urlPart` is answered 200 with `body` (a refusal: code -1 and refusedByFault unless given). */
export async function answeredOnce(page: Page, urlPart: string, body: unknown = { code: -1, message: refusedByFault }): Promise<void> {
  await page.route(matching(urlPart), (route) => route.fulfill({ json: body }), { times: 1 });
}

/** Test fault: the next `times` requests to `urlPart` reach the server, and each JSON answer is changed by `change` on its way back. */
export async function changedOnce(page: Page, urlPart: string, change: (json: Record<string, unknown>) => unknown, times = 1): Promise<void> {
  await page.route(
    matching(urlPart),
    async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: change(json) });
    },
    { times },
  );
}

export interface Held {
  /** Resolves once the request is held (the page is then waiting for its answer). */
  arrived: Promise<void>;
  /** Lets it go on to the server. */
  release: () => void;
}

/** The next request to `urlPart` waits until the journey releases it: the page is looked at while it waits. */
export async function heldOnce(page: Page, urlPart: string): Promise<Held> {
  let release = () => undefined as void;
  let arrive = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(
    matching(urlPart),
    async (route: Route) => {
      arrive();
      await released;
      await route.continue().catch(() => undefined);
    },
    { times: 1 },
  );
  return { arrived, release };
}

/** A new customer with a ribeye in her cart, scheduled, her home address saved (all through the API). */
export async function ribeyeCustomer(prefix: string, daysAhead?: number): Promise<SessionValues> {
  const values = await addToCartThroughApi((await newCustomer(prefix)).session, 'ribeye', 'USDA Prime Ribeye Steak');
  await scheduleThroughApi(values, daysAhead);
  await saveHomeThroughApi(values);
  return values;
}

/** Opens the checkout's address tab with her session. */
export async function openCheckoutAt(page: Page, session: SessionValues): Promise<void> {
  await openWithSession(page, session, '/cart/address');
  await expect(page.getByRole('tablist', { name: 'Checkout steps' })).toBeVisible();
}

/** Her saved home, SAVE & CONTINUE: the speed tab. */
export async function homeAndContinue(page: Page): Promise<void> {
  const saved = page.getByRole('button', { name: /^Home: Ada Lovelace/ });
  await saved.click();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'SAVE & CONTINUE' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Delivery Slots' })).toBeVisible();
}

/** CONTINUE with the default 1 Hour Delivery: the payment tab. */
export async function speedAndContinue(page: Page): Promise<void> {
  await expect(page.getByRole('combobox', { name: 'Select Speed' })).toContainText('1 Hour Delivery');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Payment Options' })).toBeVisible();
}

/** Payment on Delivery and its Continue: the summary. */
export async function payOnDelivery(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Payment on Delivery' }).check();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
}

/** Counts the page's requests to `urlPart` (faulted ones too): a journey waits on the count, never on time. */
export function requestsTo(page: Page, urlPart: string): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes(urlPart)) counter.count += 1;
  });
  return counter;
}

/** The server's speeds answer widened to Store Pickup at two shops and Courier Delivery on two dates, no seller blocks. */
export function threeSpeeds(body: Record<string, unknown>): Record<string, unknown> {
  const data = body.data as { speed: Record<string, unknown>[] } | undefined;
  const first = data?.speed[0];
  const shop = (first?.retailers as Record<string, unknown>[] | undefined)?.[0];
  if (!data || !first || !shop) return body;
  const second = { ...shop, id: Number(shop.id) + 100_000, name: 'Second shop', distance: 1, isPrimary: false, index: 1 };
  const method = (id: string, method: string, date: string) => ({
    id,
    method,
    amount: '9.99',
    fee: '0.00',
    delivery_date: date,
    pickup_date: null,
    dropoff_eta: null,
    duration: '2 ~ 3 DAYS',
    type: 'courier',
    vendor_loc_id: Number(shop.id),
    isPrimary: method === 'First day',
  });
  return {
    ...body,
    data: {
      speed: [
        first,
        { ...first, id: 2, name: 'Store Pickup', duration: 'READY IN 1 HOUR', isPrimary: false, retailers: [{ ...shop, distance: 2 }, second] },
        {
          ...first,
          id: 10,
          name: 'Courier Delivery',
          duration: '2 ~ 3 DAYS',
          isPrimary: false,
          retailers: [],
          ship_methods: [method('courier-a', 'First day', '2030-01-02'), method('courier-b', 'Second day', '2030-01-03')],
        },
      ],
      delivery_groups: [],
    },
  };
}

type When = NonNullable<EventMapping['when']>;

/**
 * A page load's first two faults as the generated maps drive them: the connection drops (the machine's
 * xstate.error.actor reply), then, after the shopper's retry, the server refuses with `refusedByFault`. `when` says
 * where each is the next reply; the mappings are named `<actor>: connection lost` and `<actor>: refused`.
 */
export function lostThenRefused(actorId: string, urlPart: string, when: { lost: When; refused: When }): Record<string, EventMapping> {
  return {
    [`${actorId}: connection lost`]: {
      event: { type: `xstate.error.actor.${actorId}`, error: new Error('offline') },
      when: when.lost,
      prepare: async ({ page }) => connectionLostOnce(page, urlPart),
      act: async () => undefined,
    },
    [`${actorId}: refused`]: {
      event: { type: `xstate.done.actor.${actorId}`, output: { code: -1, message: refusedByFault } },
      when: when.refused,
      prepare: async ({ page }) => answeredOnce(page, urlPart),
      act: async () => undefined,
    },
  };
}
