// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { capRule } from '../../src/rules/catch-weight.ts';
import { speedIds } from '../../src/rules/delivery-speeds.ts';
import { dollarsToCents } from '../../src/rules/money.ts';
import { OrderDetails } from '../../src/views/account/order-details.tsx';
import { order } from '../machines/order-fixtures.ts';

/** The totals list's rows as [term, amount] pairs, in order. */
function totalRows(): [string, string][] {
  const list = screen.getByLabelText('Order totals');
  return [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']);
}

afterEach(cleanup);

describe('an order on /setting/order (issue 23)', () => {
  it('shows its discount taken off, with a minus sign, as the cart and the summary do', () => {
    render(<OrderDetails order={{ ...order('100000007', 'Local Delivery'), discount: '5.00', grand_total: '22.22' }} />);
    expect(within(screen.getByLabelText('Order totals')).getByText('-$5.00')).toBeTruthy();
  });

  it("gives each line its own seller's step, and a pay-on-delivery order the step with its payment note (QA walk)", () => {
    const base = order('100000009', 'Local Delivery');
    const [line] = base.items;
    if (!line) throw new Error('no line');
    const items = [
      { ...line, product_name: 'Ribeye', vendor_name: 'Hudson Street Butchers', fulfilment_state: 'accepted' },
      { ...line, product_name: 'Salmon', vendor_name: 'Fulton Fish Co.', fulfilment_state: 'placed' },
    ];
    const timeline = [
      { state: 'placed', at: '2026-12-01T14:00:00Z', actor: 'shopper', reason: null },
      { state: 'accepted', at: '2026-12-01T14:05:00Z', actor: 'seller', reason: null, seller: 'Hudson Street Butchers' },
    ];
    render(<OrderDetails order={{ ...base, status: 'pay on delivery', fulfilment_state: 'placed', timeline, items, local_delivery_items: items }} />);
    const statusOf = (name: string) => screen.getByText(name).closest('tr')?.querySelector('[data-label="STATUS"]')?.textContent;
    expect(statusOf('Ribeye')).toBe('Accepted by Hudson Street Butchers · pay on delivery');
    expect(statusOf('Salmon')).toBe('Processing · pay on delivery');
  });

  it('gives a dine-in row its visit time beside the date', () => {
    const dineIn = order('100000008', 'Dine-in');
    const items = dineIn.items.map((item) => ({ ...item, time_slot: '7:00 PM' }));
    render(<OrderDetails order={{ ...dineIn, items, dine_in_items: items }} />);
    // The date and the time each kept whole (QA walk 3 item 13), the cell reading as one.
    const cell = screen.getAllByText('12/01/2026')[0]?.closest('td');
    expect(cell?.textContent).toBe('12/01/2026 7:00 PM');
  });

  it('lists the refunds made on the order, each with what it was for (QA walk 3 item 14)', () => {
    const paid = order('100000010', 'Local Delivery');
    render(<OrderDetails order={{ ...paid, refunds: [{ amount: '20.46', what: 'the items from Fulton Fish Co., taken off your order' }] }} />);
    expect(screen.getByTestId('refund').textContent).toBe('Refunded $20.46 to your payment: the items from Fulton Fish Co., taken off your order.');
  });

  it("says a refused part's line was refunded when its share was given back, else not charged (QA: 'not charged' on a paid order)", () => {
    const base = order('100000011', 'Local Delivery');
    const [line] = base.items;
    if (!line) throw new Error('no line');
    const timeline = [{ state: 'refused', at: '2026-12-01T14:05:00Z', actor: 'seller', reason: null, seller: 'Fulton Fish Co.' }];
    // The reply's part_money says what became of the part's money (seam c4: the page read the refunds' words).
    const refusedWith = (money: 'refunded' | 'not_charged') => {
      const items = [{ ...line, product_name: 'Salmon', vendor_name: 'Fulton Fish Co.', fulfilment_state: 'refused', part_money: money }];
      return { ...base, timeline, items, local_delivery_items: items };
    };
    render(
      <OrderDetails
        order={{ ...refusedWith('refunded'), refunds: [{ amount: '20.46', what: 'the items from Fulton Fish Co., taken off your order' }] }}
      />,
    );
    expect(screen.getByTestId('line-note').textContent).toBe('Refused by its seller: refunded');
    cleanup();
    render(<OrderDetails order={refusedWith('not_charged')} />);
    expect(screen.getByTestId('line-note').textContent).toBe('Refused by its seller: not charged');
  });

  it("lists every part of the total with the cart summary's names, so the rows add up to it (walk: the $4.00 Fees was missing)", () => {
    const walked = order('100000001', 'Local Delivery');
    render(
      <OrderDetails
        order={{
          ...walked,
          subtotal: '49.55',
          discount: '4.96',
          delivery_fee: '27.97',
          tax: '0.00',
          fee_amount: '4.00',
          driver_tip: '7.43',
          grand_total: '83.99',
          cap_rule: capRule,
        }}
      />,
    );
    const rows = totalRows();
    expect(rows).toEqual([
      ['Subtotal', '$49.55'],
      ['Discount', '-$4.96'],
      ['Delivery Fee', '$27.97'],
      ['Taxes', '$0.00'],
      ['Fees', '$4.00'],
      ['Driver Tip', '$7.43'],
      ['Estimated Total', '$83.99'],
    ]);
    const cents = rows.slice(0, -1).map(([, amount]) => dollarsToCents(amount.replace('$', '')) ?? Number.NaN);
    expect(cents.reduce((sum, part) => sum + part, 0)).toBe(8399);
  });

  it('once packed, lists the final figures to the Final Total, each line at its final amount and the step as its status (QA: 100000001)', () => {
    const walked = order('100000001', 'Local Delivery');
    const items = walked.items.map((item) => ({ ...item, row_total: '73.18', final_row_total: '63.38', substitution_state: 'approved' as const }));
    render(
      <OrderDetails
        order={{
          ...walked,
          items,
          subtotal: '90.37',
          discount: '9.04',
          delivery_fee: '9.98',
          tax: '0.00',
          fee_amount: '0.00',
          driver_tip: '9.04',
          grand_total: '100.35',
          final_total: '92.27',
          final_subtotal: '82.29',
          final_discount: '9.04',
          final_tax: '0.00',
          fulfilment_state: 'packed',
          status: 'processing',
          cap_rule: capRule,
        }}
      />,
    );
    expect(totalRows()).toEqual([
      ['Subtotal', '$82.29'],
      ['Discount', '-$9.04'],
      ['Delivery Fee', '$9.98'],
      ['Taxes', '$0.00'],
      ['Fees', '$0.00'],
      ['Driver Tip', '$9.04'],
      ['Final Total', '$92.27'],
    ]);
    expect(screen.getAllByText('$63.38').length).toBe(items.length);
    expect(screen.queryByText('$73.18')).toBeNull();
    expect(screen.getAllByText('Packed').length).toBe(items.length);
    expect(screen.getByTestId('cap-rule').textContent).toContain('Estimated at checkout: $100.35.');
  });

  it('a picked-up order: no Delivery Fee or Driver Tip row, "Picked up" as its status, each weighed line’s final amount said once (walk)', () => {
    const pickUp = order('100000010', 'Pickup');
    const items = pickUp.items.map((item) => ({ ...item, sold_by_weight: true, weighed_grams: 485, final_row_total: '24.25' }));
    render(
      <OrderDetails
        order={{
          ...pickUp,
          items,
          pickup_items: items,
          speed_id: speedIds.storePickup,
          status: 'complete',
          fulfilment_state: 'picked_up',
          final_total: '26.47',
          final_subtotal: '24.25',
          final_discount: '0.00',
          final_tax: '2.22',
        }}
      />,
    );
    expect(totalRows()).toEqual([
      ['Subtotal', '$24.25'],
      ['Discount', '$0.00'],
      ['Taxes', '$2.22'],
      ['Fees', '$0.00'],
      ['Final Total', '$26.47'],
    ]);
    expect(screen.getAllByText('Picked up').length).toBe(items.length);
    const note = screen.getByTestId('line-note').textContent ?? '';
    expect(note).toContain('weighed');
    expect(note).not.toContain('$24.25');
  });
});
