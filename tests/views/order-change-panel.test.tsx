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
