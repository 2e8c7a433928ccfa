import type { Page } from '@playwright/test';
import { assert } from 'superstruct';
import { cartReply } from '../../src/api/contract/cart-page.contract.ts';
import { changedOnce } from './faults.ts';

/**
 * The one product the browser journeys' store keeps short (prepare-store.ts), so a shopper can ask for more than a
 * seller has: the cart's stock refusal (cart.journeys.ts, 'lines.refused'). Every other offer in stock is deep.
 * Grass-Fed Beef Liver because no other journey buys, searches or lists it for anything (offal: not under Beef, not
 * in a restaurant's offers, matched by none of the journeys' searches), and it is sold Same Day at 10001, the
 * journeys' area. Stock is checked when the quantity changes, never reserved, so carts holding all of it do not
 * take it from each other; only an order would, and no journey orders it.
 */
export const lowStock = { name: 'Grass-Fed Beef Liver', query: 'beef liver', stock: 3 } as const;

/**
 * Test fault: the cart's next showcart shows the low-stock line with more in stock than its seller has (a page loaded
 * before another shopper took some), so its + may ask the server for more than there is: the stock refusal.
 */
export async function moreInStockOnce(page: Page, stock = 24): Promise<void> {
  await changedOnce(page, '/api/cart/showcart', (json) => {
    assert(json, cartReply);
    if (!json.data) return json;
    return { ...json, data: { ...json.data, result: json.data.result.map((line) => (line.name === lowStock.name ? { ...line, stock } : line)) } };
  });
}
