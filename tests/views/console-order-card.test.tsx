// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleOrder } from '../../src/api/contract/fulfilment.contract.ts';
import { ConsoleOrderCard } from '../../src/views/console/console-order-card.tsx';

afterEach(cleanup);

const canceled: ConsoleOrder = {
  order_number: '100000009',
  state: 'canceled',
  payment_status: 'canceled',
  payment_words: 'Refunded',
  kind: 'delivery',
  customer_name: 'Ada Lovelace',
  gift_message: null,
  loc_id: 101,
  vendor_name: 'Hudson Street Butchers',
  delivery_method: 'Local Delivery',
  delivery_date: '2026-12-05',
  slot: '10:00–12:00',
  total: '41.58',
  grand_total: '41.58',
  placed_at: '2026-11-28T19:00:00.000Z',
  late: false,
  stuck: false,
  moves: [],
  other_parts: [],
  items: [{ id: 1, product_name: 'USDA Prime Ribeye Steak', qty: 1, bottle_size: 500, by_weight: true, weighed_grams: null }],
  timeline: [
    { state: 'placed', at: '2026-11-28T19:00:00.000Z', actor: 'shopper', reason: null },
    { state: 'accepted', at: '2026-11-28T19:01:00.000Z', actor: 'staff', reason: 'The butcher confirmed by phone' },
    { state: 'canceled', at: '2026-11-28T19:02:00.000Z', actor: 'staff', reason: 'The butcher cannot deliver that day' },
  ],
};

describe('an order card in the staff console (issue 24)', () => {
  it('keeps its history: each step, who took it in the console’s words, and the reason staff gave', () => {
    render(<ConsoleOrderCard order={canceled} role="staff" onMoved={() => undefined} />);
    const card = screen.getByRole('article', { name: 'ORDER #100000009' });
    expect(within(card).getByText('History (3 steps)')).toBeTruthy();
    const steps = within(card)
      .getAllByRole('listitem', { hidden: true })
      .filter((li) => li.closest('ol'));
    expect(steps.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Order placed\s*by the shopper/),
      expect.stringMatching(/^Accepted\s*by the store.*The butcher confirmed by phone$/),
      expect.stringMatching(/^Canceled\s*by the store.*The butcher cannot deliver that day$/),
    ]);
  });
});

describe('a gift (walk 5: the packer never learned it was one)', () => {
  it('shows the gift message on the card, and nothing for an order that is not a gift', () => {
    render(<ConsoleOrderCard order={{ ...canceled, gift_message: 'For Dad: medium rare!' }} role="seller" onMoved={() => undefined} />);
    expect(screen.getByTestId('gift-message').textContent).toBe('GIFT MESSAGE For Dad: medium rare!');
    cleanup();
    render(<ConsoleOrderCard order={canceled} role="seller" onMoved={() => undefined} />);
    expect(screen.queryByTestId('gift-message')).toBeNull();
  });
});

describe('an order card being picked', () => {
  const picking: ConsoleOrder = {
    ...canceled,
    state: 'picking',
    payment_status: 'processing',
    moves: ['pack'],
    items: [
      { id: 1, product_name: 'USDA Prime Ribeye Steak', qty: 1, bottle_size: 500, by_weight: true, weighed_grams: null, substitutes: [] },
      { id: 2, product_name: 'New York Strip Steak', qty: 1, bottle_size: 400, by_weight: true, weighed_grams: null, substitutes: [] },
    ],
    timeline: [],
  };

  it('asks before marking a line out, naming it; Cancel leaves the line and the weights typed as they were', () => {
    const { rerender } = render(<ConsoleOrderCard order={picking} role="seller" onMoved={() => undefined} />);
    const card = screen.getByRole('article', { name: 'ORDER #100000009' });
    fireEvent.change(within(card).getByLabelText(/^Weight of USDA Prime Ribeye Steak \(lb\)/), { target: { value: '1.02' } });
    fireEvent.click(within(card).getAllByRole('button', { name: 'Mark out' })[1]!);
    const dialog = within(card).getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Mark New York Strip Steak out of stock? It leaves this order: the shopper is told by mail and not charged for it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('alertdialog')).toBeNull();
    // The list read again (a poll: new objects, same order): the weight typed is still there.
    rerender(<ConsoleOrderCard order={{ ...picking, items: picking.items.map((i) => ({ ...i })) }} role="seller" onMoved={() => undefined} />);
    expect(within(card).getByLabelText(/^Weight of USDA Prime Ribeye Steak \(lb\)/)).toHaveProperty('value', '1.02');
    expect(within(card).getByRole('button', { name: 'Packed' })).toBeTruthy();
  });
});

describe('a weighed line of two pieces being picked (QA walk 9 #3: one filet weighed, both charged at its weight)', () => {
  const filets: ConsoleOrder = {
    ...canceled,
    state: 'picking',
    payment_status: 'processing',
    kind: 'pickup',
    moves: ['pack'],
    items: [{ id: 1, product_name: 'Filet Mignon, Center Cut', qty: 2, bottle_size: 250, by_weight: true, weighed_grams: null, substitutes: [] }],
    timeline: [],
  };

  it('reads the whole line’s weight, asks it for both pieces, and asks before packing one filet’s weight for the two', () => {
    render(<ConsoleOrderCard order={filets} role="seller" onMoved={() => undefined} />);
    const card = screen.getByRole('article', { name: 'ORDER #100000009' });
    expect(within(card).getByText('2 × Filet Mignon, Center Cut (about 1.1 lb for 2 pieces)')).toBeTruthy();
    const field = within(card).getByLabelText(/^Total weight of all 2 × Filet Mignon, Center Cut \(lb\)/);
    fireEvent.change(field, { target: { value: '0.6' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Packed' }));
    const dialog = within(card).getByRole('alertdialog');
    expect(dialog.textContent).toContain('0.60 lb for 2 × Filet Mignon, Center Cut is 54% of its estimate (about 1.1 lb)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weigh again' }));
    expect(within(card).queryByRole('alertdialog')).toBeNull();
    expect(field).toHaveProperty('value', '0.6');
  });
});

describe("a staff card of one seller's part (QA walk 3: staff's refusal credited to the seller)", () => {
  const fish = { vendor_name: 'Fulton Fish Co.', state: 'placed' as const };
  const placed: ConsoleOrder = {
    ...canceled,
    state: 'placed',
    payment_status: 'processing',
    moves: ['accept', 'refuse'],
    other_parts: [fish],
    timeline: [],
  };

  it("asks staff about the seller's part, named, and reads 'Refused by the store' once staff refused it", () => {
    render(<ConsoleOrderCard order={placed} role="staff" onMoved={() => undefined} />);
    const card = screen.getByRole('article', { name: 'ORDER #100000009' });
    fireEvent.change(within(card).getByLabelText('Reason'), { target: { value: 'Truck broken down' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Refuse' }));
    expect(within(card).getByRole('alertdialog').textContent).toContain(
      "Refuse Hudson Street Butchers' part of order #100000009? Only that part ends",
    );
    cleanup();
    const refused: ConsoleOrder = {
      ...placed,
      state: 'refused',
      moves: [],
      timeline: [{ state: 'refused', at: '2026-11-28T19:02:00.000Z', actor: 'staff', reason: 'Truck broken down', seller: 'Hudson Street Butchers' }],
    };
    render(<ConsoleOrderCard order={refused} role="staff" onMoved={() => undefined} />);
    expect(screen.getByTestId('fulfilment-state').textContent).toBe('Refused by the store');
  });
});
