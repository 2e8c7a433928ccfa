import type { Page } from '@playwright/test';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { addDays, storeToday } from '../../../src/rules/delivery-dates.ts';
import { servedDineInThroughApi } from './checkout-shoppers.ts';
import { newCustomer, openWithSession } from './shoppers.ts';

/**
 * The wallet journeys' customer (walletPanel, walletRetailers, walletProducts): her wallet holds a ribeye dinner from
 * Gramercy Chop House (New York, 4 stars) and a dozen oysters from The Oyster Room (New York, 3 stars), both bought
 * and served through the API, so New York in All categories has two restaurants to redeem at. One per worker: the
 * journeys only read her wallet (a redemption goes into a new cart, and no order of it is placed).
 */

export const ribeye = 'USDA Prime Ribeye Steak';
export const oysters = 'East Coast Oysters';
export const gramercy = { location: 401, vendor: 12, name: 'Gramercy Chop House' } as const;
export const oysterRoom = { location: 403, vendor: 14, name: 'The Oyster Room — Chelsea' } as const;
/** New York's 5-star restaurant: her wallet holds nothing of its category. */
export const hudsonPrime = { location: 402, vendor: 13, name: 'Hudson Prime Steakhouse' } as const;

export const walletUrls = {
  wallet: '/wallet/wallet/index',
  retailers: '/api/vendorsbyproduct/applyproducts',
  products: '/api/walletproductlst/walletProducts',
  redeem: '/wallet/wallet/walletAddToCart',
} as const;

/** The store's tomorrow and the day after ('YYYY-MM-DD'): the visit's dates (both restaurants seat guests at 1 and 2 pm). */
export const visitDays = () => {
  const tomorrow = addDays(storeToday(new Date()), 1);
  return { tomorrow, dayAfter: addDays(tomorrow, 1) };
};

let prepared: Promise<SessionValues> | undefined;

async function prepare(): Promise<SessionValues> {
  const customer = (await newCustomer('generated.wallet')).session;
  await servedDineInThroughApi(customer, 'ribeye', ribeye, gramercy.location);
  await servedDineInThroughApi(customer, 'oysters', oysters, oysterRoom.location);
  return { ...customer, cart_id: undefined, total_products_in_cart: 0 };
}

/** Her session (set up once per worker). */
export function walletCustomer(): Promise<SessionValues> {
  prepared ??= prepare();
  return prepared;
}

/**
 * Opens `path` with her session and `state` as the page's navigation state (what REDEEM NOW or CONTINUE hand over,
 * as if she had come through the page before): React Router reads it from history.state's `usr` as the page loads.
 */
export async function openWithNavigationState(page: Page, path: string, state: unknown): Promise<void> {
  await openWithSession(page, await walletCustomer(), '/no-such-page-for-the-session');
  await page.evaluate(([to, usr]) => window.history.replaceState({ usr, key: 'journey', idx: 0 }, '', to), [path, state] as const);
  await page.reload();
}
