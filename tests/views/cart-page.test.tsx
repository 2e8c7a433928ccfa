// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type * as CartApi from '../../src/api/cart.api.ts';
import type { CartData, CartReply } from '../../src/api/contract/cart-page.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { CartPage } from '../../src/views/cart/cart-page.tsx';
import { baseCart, calendarReply, cart, ok, scheduledCart, slotMorning, slotsReply } from '../machines/cart-fixtures.ts';

// The page's machine talks to the server through src/api/cart.api.ts: a small in-memory server stands in.
const server = vi.hoisted(() => ({
  cart: undefined as CartData | undefined,
  couponReply: undefined as CartReply | undefined,
  calls: [] as { path: string; body: unknown }[],
}));

// The request-body builders are pure: the real ones stay.
vi.mock('../../src/api/cart.api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof CartApi>();
  const reply = (): CartReply => (server.cart ? { code: 1, data: server.cart } : { code: -1, message: 'Your cart is empty.' });
  const record = (path: string, body: unknown) => server.calls.push({ path, body });
  return {
    ...real,
    showCart: vi.fn(async (body: { coupon_code?: string }) => {
      record('showcart', body);
      return body.coupon_code && server.couponReply ? server.couponReply : reply();
    }),
    updateItem: vi.fn(async (body: { cart_rid: number; qty: number }) => {
      record('updateitem', body);
      if (server.cart)
        server.cart = { ...server.cart, result: server.cart.result.map((l) => (l.cart_rid === body.cart_rid ? { ...l, qty: body.qty } : l)) };
      return reply();
    }),
    deleteItem: vi.fn(async (body: { cart_rid: number }) => {
      record('deleteitem', body);
      if (server.cart) server.cart = cart(server.cart.result.filter((l) => l.cart_rid !== body.cart_rid));
      return reply();
    }),
    removeKept: vi.fn(async (body: { kept_id: number }) => {
      record('removekept', body);
      if (server.cart) server.cart = { ...server.cart, kept_lines: (server.cart.kept_lines ?? []).filter((k) => k.kept_id !== body.kept_id) };
      return reply();
    }),
    nextDeliveryDates: vi.fn(async () => calendarReply),
    getSlots: vi.fn(async () => slotsReply),
    setDeliverySchedule: vi.fn(async (body: { vendor_loc_id: number; delivery_date: string; slot_id: number | null }) => {
      record('deliveryschedule', body);
      if (server.cart) {
        server.cart = {
          ...server.cart,
          delivery_groups: server.cart.delivery_groups.map((g) =>
            g.vendor_loc_id === body.vendor_loc_id ? { ...g, delivery_date: body.delivery_date, timeslot: body.slot_id ? slotMorning : null } : g,
          ),
        };
      }
      return reply();
    }),
    clearCart: vi.fn(),
  };
});

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderCart(stored: SessionValues) {
  const session = createActor(sessionMachine, { input: stored }).start();
  const notifications = createActor(notificationsMachine).start();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter initialEntries={['/cart']}>
        <Routes>
          <Route path="/cart" element={<CartPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
  return { session, notifications };
}

const customer: SessionValues = { zipcode: '10001', cart_id: 'cart-abc', Token: 'token', cust_name: 'Ada' };

beforeEach(() => {
  // The fixtures' dates are in June 2030: the page's clock is set there (only Date is faked; timers stay real).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-03T14:00:00Z'));
  server.cart = baseCart;
  server.couponReply = undefined;
  server.calls = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CartPage', () => {
  it('shows the items grouped by seller, each with its delivery date, and the price summary', async () => {
    const { session } = renderCart(customer);
    const butcher = await screen.findByRole('region', { name: 'Hudson Street Butchers' });
    const courier = screen.getByRole('region', { name: 'ColdChain Express' });
    expect(within(butcher).getByText('Same Day')).toBeTruthy();
    expect(within(courier).getByText('Next Day')).toBeTruthy();
    expect(within(butcher).getByText('Ribeye Steak')).toBeTruthy();
    expect(within(butcher).getByText('Chicken Thighs')).toBeTruthy();
    expect(within(courier).getByText('Salmon Fillet')).toBeTruthy();
    expect(within(butcher).getByText('500 g · $20.00 each')).toBeTruthy();
    expect(within(butcher).getByRole('status', { name: 'Quantity of Ribeye Steak' }).textContent).toBe('2');
    expect(await within(butcher).findByLabelText('Delivery date for Hudson Street Butchers')).toBeTruthy();
    expect(within(courier).getByLabelText('Delivery date for ColdChain Express')).toBeTruthy();

    const summary = screen.getByRole('region', { name: 'Price summary' });
    const rows: [string, string][] = [
      ['Subtotal', '$78.50'],
      ['Discount', '$0.00'],
      ['Delivery Fee', '$14.00'],
      ['Taxes', '$0.00'],
      ['Fees', '$1.50'],
      ['Grand Total', '$94.00'],
    ];
    for (const [term, amount] of rows) {
      const row = within(summary).getByText(term).parentElement;
      expect(row?.textContent).toContain(amount);
    }
    expect(within(summary).getByText('NY: groceries are exempt from sales tax')).toBeTruthy();
    expect(session.getSnapshot().context.total_products_in_cart).toBe(4);
  });

  it('shows lines kept for another zip in their own section, outside the figures, each removable (decision 047)', async () => {
    const kept = { zipcode: '10001', size: '1 lb', qty: 2, expires_at: '2030-06-10T14:00:00.000Z' };
    server.cart = {
      ...baseCart,
      kept_lines: [
        { ...kept, kept_id: 5, name: 'Ground Beef 80/20' },
        { ...kept, kept_id: 6, name: 'Pork Belly', qty: 1 },
      ],
    };
    // She moved to Chicago and kept these for New York.
    renderCart({ ...customer, zipcode: '60601' });
    const section = await screen.findByRole('region', { name: 'Kept for 10001' });
    expect(within(section).getByText('These come back to your cart when you choose 10001 again. They are kept until Jun 10.')).toBeTruthy();
    expect(within(section).getByText('Ground Beef 80/20, 1 lb × 2')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove Ground Beef 80/20 kept for 10001' }));
    await waitFor(() => expect(within(section).queryByText('Ground Beef 80/20, 1 lb × 2')).toBeNull());
    expect(server.calls.filter((c) => c.path === 'removekept').map((c) => c.body)).toEqual([{ cart_id: 'cart-abc', kept_id: 5 }]);
    expect(within(section).getByText('Pork Belly, 1 lb × 1')).toBeTruthy();
    // The cart's own lines and figures are untouched.
    expect(screen.getByRole('region', { name: 'Hudson Street Butchers' })).toBeTruthy();
  });

  it("each seller's group links to its category's listing filtered by that seller ('Shop more from …')", async () => {
    renderCart(customer);
    const butcher = await screen.findByRole('region', { name: 'Hudson Street Butchers' });
    const courier = screen.getByRole('region', { name: 'ColdChain Express' });
    // A line without a known category (an older server): the store's categories, carrying the seller on.
    expect(within(courier).getByRole('link', { name: 'Shop more from ColdChain Express' }).getAttribute('href')).toBe('/category/ALL?vendor=9');
    const link = within(butcher).getByRole('link', { name: 'Shop more from Hudson Street Butchers' });
    expect(link.getAttribute('href')).toBe('/store/category/Beef/Beef/1002?vendor=1');
    fireEvent.click(link);
    expect((await screen.findByTestId('path')).textContent).toBe('/store/category/Beef/Beef/1002');
  });

  it('a quantity change shows at once and never goes below zero', async () => {
    renderCart(customer);
    const courier = await screen.findByRole('region', { name: 'ColdChain Express' });
    const decrease = within(courier).getByRole('button', { name: 'Decrease quantity of Salmon Fillet' });
    fireEvent.click(decrease);
    expect(within(courier).getByRole('status', { name: 'Quantity of Salmon Fillet' }).textContent).toBe('0');
    expect(decrease).toHaveProperty('disabled', true);
    fireEvent.click(within(courier).getByRole('button', { name: 'Increase quantity of Salmon Fillet' }));
    expect(within(courier).getByRole('status', { name: 'Quantity of Salmon Fillet' }).textContent).toBe('1');
    expect(server.calls.filter((c) => c.path !== 'showcart')).toEqual([]);
  });

  it("CHECKOUT marks every missing date and slot 'Required'; once chosen it goes to /cart/address", async () => {
    renderCart(customer);
    await screen.findByLabelText('Delivery date for Hudson Street Butchers');
    fireEvent.click(screen.getByRole('button', { name: 'CHECKOUT' }));
    const butcher = screen.getByRole('region', { name: 'Hudson Street Butchers' });
    const courier = screen.getByRole('region', { name: 'ColdChain Express' });
    expect(within(butcher).getAllByText('Required')).toHaveLength(2);
    expect(within(courier).getAllByText('Required')).toHaveLength(1);
    // Keyboard (walk 5): focus leaves CHECKOUT for the first refused group's date, which reads why.
    await waitFor(() => expect(document.activeElement).toBe(within(butcher).getByLabelText('Delivery date for Hudson Street Butchers')));

    // The butcher's date from the calendar: days before the next delivery date and holidays are disabled.
    fireEvent.click(within(butcher).getByRole('button', { name: 'Choose delivery date for Hudson Street Butchers' }));
    const grid = within(butcher).getByRole('grid');
    const dayButton = (day: number) =>
      within(grid)
        .getAllByRole('button')
        .find((b) => b.textContent === String(day));
    expect(dayButton(3)).toHaveProperty('disabled', true);
    expect(dayButton(9)).toHaveProperty('disabled', true);
    const fourth = dayButton(4);
    if (!fourth) throw new Error('no 4 June in the calendar');
    fireEvent.click(fourth);
    await waitFor(() =>
      expect((within(butcher).getByLabelText('Delivery date for Hudson Street Butchers') as HTMLInputElement).value).toBe('06/04/2030'),
    );
    const slot = await within(butcher).findByRole('button', { name: '10:00 AM–12:00 PM' });
    expect(slot.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(slot);
    await waitFor(() => expect(within(butcher).getByRole('button', { name: '10:00 AM–12:00 PM' }).getAttribute('aria-pressed')).toBe('true'));
    expect(within(butcher).getByText('Arrives Tue 06/04 between 10:00 AM and 12:00 PM')).toBeTruthy();
    expect(within(butcher).queryByText('Required')).toBeNull();

    // The courier's date typed as MM/dd/yyyy.
    const courierDate = within(courier).getByLabelText('Delivery date for ColdChain Express');
    fireEvent.change(courierDate, { target: { value: '06/05/2030' } });
    fireEvent.keyDown(courierDate, { key: 'Enter' });
    await waitFor(() => expect(within(courier).queryByText('Required')).toBeNull());
    expect(server.calls.filter((c) => c.path === 'deliveryschedule').map((c) => c.body)).toEqual([
      { cart_id: 'cart-abc', vendor_loc_id: 101, delivery_date: '2030-06-04', slot_id: null },
      { cart_id: 'cart-abc', vendor_loc_id: 101, delivery_date: '2030-06-04', slot_id: 7 },
      { cart_id: 'cart-abc', vendor_loc_id: 201, delivery_date: '2030-06-05', slot_id: null },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'CHECKOUT' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/cart/address'));
  });

  it('a Same Day group delivering today shows the time left before the 3 pm cutoff', async () => {
    vi.setSystemTime(new Date('2030-06-04T16:00:00Z'));
    server.cart = scheduledCart;
    renderCart(customer);
    const butcher = await screen.findByRole('region', { name: 'Hudson Street Butchers' });
    expect(within(butcher).getByText('Arrives Tue 06/04 between 10:00 AM and 12:00 PM')).toBeTruthy();
    expect(within(butcher).getByText('3 h 00 min left to order for today')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'ColdChain Express' }).textContent).not.toContain('left to order');
  });

  it('a guest with a scheduled cart is sent to /guest/register', async () => {
    server.cart = scheduledCart;
    renderCart({ zipcode: '10001', cart_id: 'cart-abc' });
    fireEvent.click(await screen.findByRole('button', { name: 'CHECKOUT' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/guest/register'));
  });

  it("an empty cart says 'Hey fill me, i am Empty' and Start Shopping goes to /store", async () => {
    server.cart = undefined;
    const { session } = renderCart(customer);
    expect(await screen.findByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeTruthy();
    expect(session.getSnapshot().context.total_products_in_cart).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Start Shopping' }));
    expect(screen.getByTestId('path').textContent).toBe('/store');
  });

  it('a cart whose every line was kept for another zip: the empty message, the kept lines under it, each removable, badge 0 (decision 052)', async () => {
    const kept = { zipcode: '10001', size: '1 lb', qty: 2, expires_at: '2030-06-10T14:00:00.000Z' };
    server.cart = {
      ...cart([]),
      subtotal: '0.00',
      grandtotal: '0.00',
      total_items_count: 0,
      kept_lines: [
        { ...kept, kept_id: 5, name: 'Ground Beef 80/20' },
        { ...kept, kept_id: 6, name: 'Pork Belly', qty: 1 },
      ],
    };
    const { session } = renderCart({ ...customer, zipcode: '60601', total_products_in_cart: 3 });
    expect(await screen.findByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Kept for 10001' });
    expect(within(section).getByText('These come back to your cart when you choose 10001 again. They are kept until Jun 10.')).toBeTruthy();
    expect(within(section).getByText('Ground Beef 80/20, 1 lb × 2')).toBeTruthy();
    // Kept lines are not in the cart: the header's badge counts none of them.
    expect(session.getSnapshot().context.total_products_in_cart).toBe(0);
    expect(screen.queryByRole('button', { name: 'CHECKOUT' })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Remove Ground Beef 80/20 kept for 10001' }));
    await waitFor(() => expect(within(section).queryByText('Ground Beef 80/20, 1 lb × 2')).toBeNull());
    expect(server.calls.filter((c) => c.path === 'removekept').map((c) => c.body)).toEqual([{ cart_id: 'cart-abc', kept_id: 5 }]);
    expect(within(section).getByText('Pork Belly, 1 lb × 1')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove Pork Belly kept for 10001' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Kept for 10001' })).toBeNull());
    // The empty cart stays as it was, its badge still 0.
    expect(screen.getByRole('heading', { name: 'Hey fill me, i am Empty' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Shopping' })).toBeTruthy();
    expect(session.getSnapshot().context.total_products_in_cart).toBe(0);
  });

  it('no cart id: the empty cart without asking the server', async () => {
    renderCart({ zipcode: '10001' });
    expect(await screen.findByText('Hey fill me, i am Empty')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('applies a coupon and shows REMOVE and the server’s message', async () => {
    server.couponReply = ok({ ...baseCart, coupon_code: 'WELCOME10', discount: '7.85', grandtotal: '86.15' }, 'Coupon WELCOME10 applied.');
    renderCart(customer);
    const input = await screen.findByLabelText('Coupon code');
    expect(screen.queryByRole('button', { name: 'REMOVE' })).toBeNull();
    fireEvent.change(input, { target: { value: 'welcome10' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'APPLY' }));
    });
    expect(await screen.findByText('Coupon WELCOME10 applied.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'REMOVE' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Price summary' });
    expect(within(summary).getByText('Discount (WELCOME10)').parentElement?.textContent).toContain('-$7.85');
    expect(server.calls.at(-1)).toEqual({ path: 'showcart', body: { cart_id: 'cart-abc', coupon_code: 'welcome10' } });
  });
});
