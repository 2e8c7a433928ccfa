// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderReviewData } from '../../src/api/contract/checkout.contract.ts';
import { speedIds } from '../../src/rules/delivery-speeds.ts';
import { PriceSummary } from '../../src/views/cart/price-summary.tsx';
import { ReviewTotals } from '../../src/views/checkout/review-totals.tsx';
import { baseCart, butcherGroup, cart } from '../machines/cart-fixtures.ts';

afterEach(cleanup);

/** The price summary's row names, in order. */
function terms(): string[] {
  return within(screen.getByRole('region', { name: 'Price summary' }))
    .getAllByRole('term')
    .map((dt) => dt.textContent ?? '');
}

const pickUpCart = cart(
  baseCart.result.filter((l) => l.vendor_loc_id === butcherGroup.vendor_loc_id).map((l) => ({ ...l, type: 'pickup' as const })),
  { delivery_groups: [{ ...butcherGroup, type: 'pickup', delivery_fee: '0.00' }], delivery_fee: '0.00', delivery_charges: '0.00' },
);

function review(speedId: number): OrderReviewData {
  return { ...baseCart, speed_id: speedId, driver_tip_percent: 0, driver_tip: '0.00', gift_message: null };
}

describe('the price summaries of a visit (a shopper walk: "$0.00 Delivery Fee" on a pick-up)', () => {
  it('the cart: a delivery keeps its Delivery Fee; a pick-up cart has none', () => {
    render(<PriceSummary cart={baseCart} busy={false} />);
    expect(terms()).toEqual(['Subtotal', 'Discount', 'Delivery Fee', 'Taxes', 'Fees', 'Grand Total']);
    cleanup();
    render(<PriceSummary cart={pickUpCart} busy={false} />);
    expect(terms()).toEqual(['Subtotal', 'Discount', 'Taxes', 'Fees', 'Grand Total']);
  });

  it('the checkout’s summary: a 1 Hour Delivery keeps its $0 Driver Tip; a pick-up or a table lists neither row', () => {
    render(<ReviewTotals review={review(speedIds.oneHour)} busy={false} />);
    expect(terms()).toEqual(['Subtotal', 'Discount', 'Delivery Fee', 'Taxes', 'Fees', 'Driver Tip', 'Grand Total']);
    for (const visit of [speedIds.storePickup, speedIds.dineIn]) {
      cleanup();
      render(<ReviewTotals review={review(visit)} busy={false} />);
      expect(terms()).toEqual(['Subtotal', 'Discount', 'Taxes', 'Fees', 'Grand Total']);
    }
  });
});
