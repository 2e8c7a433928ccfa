import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { listingReply } from '../../src/api/contract/catalogue.contract.ts';
import { productReply } from '../../src/api/contract/product.contract.ts';
import type { ProductSummary } from '../../src/api/contract/product-summary.contract.ts';
import { cardEstimate } from '../../src/rules/catch-weight.ts';
import { TestPaymentGateway } from '../../server/adapters/payments/test-gateway.ts';
import { generousLimits } from './account-helpers.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { manualClock } from './cart-page-helpers.ts';
import { checkoutNow } from './checkout-helpers.ts';
import { getJson, startTestApp } from './test-app.ts';

/**
 * Issue 24 item 3: every card (listings, search, Similar Items) says whether its product is sold by weight, so the
 * card can show the estimate in the cart line's words (cardEstimate → lineEstimate).
 */
const clock = manualClock(checkoutNow);
const t = await startTestApp({ clock: clock.now, payments: new TestPaymentGateway(clock.now), rateLimits: generousLimits });
afterAll(() => t.close());
const BEEF = 1002;

async function weighedIds(ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await t.database.db.selectFrom('products').select('id').where('id', 'in', ids).where('sold_by_weight', '=', true).execute();
  return new Set(rows.map((r) => r.id));
}

async function expectCardsMatchProducts(cards: readonly ProductSummary[]): Promise<void> {
  const weighed = await weighedIds(cards.map((c) => c.id));
  for (const card of cards)
    expect({ id: card.id, sold_by_weight: card.sold_by_weight }).toEqual({ id: card.id, sold_by_weight: weighed.has(card.id) });
}

describe('cards of products sold by weight', () => {
  it('a listing’s cards carry sold_by_weight as the product has it, and a steak’s card reads its estimate', async () => {
    const { status, body } = await getJson(t, `/connect/index/category?${query({ store_id: 1, ...newYork, catid: BEEF, limit: 50 })}`);
    expect(status).toBe(200);
    assert(body, listingReply);
    const cards = body.data?.products ?? [];
    expect(cards.some((c) => c.sold_by_weight === true)).toBe(true);
    expect(cards.some((c) => c.sold_by_weight === false)).toBe(true);
    await expectCardsMatchProducts(cards);
    const steak = cards.find((c) => c.sold_by_weight === true);
    expect(steak && cardEstimate(steak)).toMatch(/^about \d+\.\d lb, est\. \$\d+\.\d{2}, charged at the weight packed \(at most \+10%\)$/);
  });

  it('Similar Items cards carry it too', async () => {
    const steak = await t.database.db.selectFrom('products').select('id').where('name', '=', 'USDA Prime Ribeye Steak').executeTakeFirstOrThrow();
    const url = `/connect/index/product?${query({ store_id: 1, loc_id: newYork.loc_id, dineinTime: '', zipCode: newYork.zipcode, courier_type: '', prodid: steak.id })}`;
    const { status, body } = await getJson(t, url);
    expect(status).toBe(200);
    assert(body, productReply);
    const related = body.data?.related_products ?? [];
    expect(related.length).toBeGreaterThan(0);
    await expectCardsMatchProducts(related);
  });
});
