// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderChangePanel } from '../../src/views/account/order-change-panel.tsx';

/** The reschedule options of a pick-up two days ahead, as the server answers them for a visit (Cancel only). */
const pickupOptions = {
  order_id: '100000007',
  vendor_loc_id: 401,
  vendor_name: 'Gramercy Chop House',
  speed: 'pickup',
  delivery_date: '2026-12-02',
  slot_id: null,
  time_slot: '12:00 PM',
  can_change: true,
  refusal: null,
  earliest: null,
  holidays: [],
  date: '2026-12-02',
  date_refusal: null,
  slots: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a pick-up's panel (a walk found no way to cancel a pick-up for tomorrow)", () => {
  it('is named for canceling, offers Cancel order and no date or move, and says the visit', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 1, data: pickupOptions }), { status: 200 }));
    render(<OrderChangePanel orderId="100000007" kind="visit" />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this order' }));
    expect(await screen.findByText(/Now: Pick-up at Gramercy Chop House on 12\/02\/2026, 12:00 PM\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move delivery' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Cancel this order' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancel this order?' })).toBeTruthy();
  });
});

describe("a delivery whose order cannot be canceled (087 left: 'Change delivery or cancel' when only Move was offered)", () => {
  it('is named for what it offers: Change delivery, before and after it opens, and no Cancel order', async () => {
    const refusal =
      'This order can no longer be canceled: a seller is already preparing their part. A delivery on a day its seller closed can still be moved.';
    const options = {
      ...pickupOptions,
      vendor_loc_id: 101,
      vendor_name: 'Hudson Street Butchers',
      speed: 'farm-direct',
      delivery_date: '2026-12-18',
      time_slot: null,
      day_closed: true,
      cancel_refusal: refusal,
      date: '2026-12-18',
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 1, data: options }), { status: 200 }));
    render(<OrderChangePanel orderId="100000009" kind="delivery" canCancel={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change delivery' }));
    expect(await screen.findByRole('region', { name: 'Change delivery' })).toBeTruthy();
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move delivery' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});

describe('a delivery whose bank debit is on its way (decision 087 left)', () => {
  const debitOptions = {
    ...pickupOptions,
    speed: 'local',
    slot_id: 10101,
    time_slot: '10:00–12:00',
    can_change: false,
    refusal: 'Your bank payment is pending: the delivery can be moved once it clears. You can still cancel the order.',
    cancel_refusal: null,
  };

  it('says why it cannot move as a note, not an error, and offers Cancel order; past the cutoff, the reason alone', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 1, data: debitOptions }), { status: 200 }));
    render(<OrderChangePanel orderId="100000007" />);
    fireEvent.click(screen.getByRole('button', { name: 'Change delivery or cancel' }));
    expect(await screen.findByText(debitOptions.refusal)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move delivery' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancel this order?' })).toBeTruthy();
    cleanup();

    const late = { ...debitOptions, refusal: 'Too late.', cancel_refusal: 'Too late.' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 1, data: late }), { status: 200 }));
    render(<OrderChangePanel orderId="100000007" />);
    fireEvent.click(screen.getByRole('button', { name: 'Change delivery or cancel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too late.');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});
