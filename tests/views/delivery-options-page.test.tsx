// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type * as CartApi from '../../src/api/cart.api.ts';
import type { VisitRetailer } from '../../src/api/contract/dine-in.contract.ts';
import { dineinRetailerList } from '../../src/api/dine-in.api.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { DeliveryOptionsPage } from '../../src/views/dine-in/delivery-options-page.tsx';
import { holiday as christmas, sundays } from '../machines/delivery-options-fixtures.ts';

const server = vi.hoisted(() => ({
  calendarCalls: [] as unknown[],
  slotCalls: [] as unknown[],
  // When set, the calendar's answer waits for it.
  calendarGate: undefined as Promise<void> | undefined,
}));

vi.mock('../../src/api/dine-in.api.ts', () => ({
  // A city without restaurants: Delivery is the one card, chosen from the start.
  dineinRetailerList: vi.fn(async () => ({ code: 1, data: { vendordata: [] } })),
}));
vi.mock('../../src/api/cart.api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof CartApi>();
  const { shopCalendar } = await import('../machines/delivery-options-fixtures.ts');
  return {
    ...real,
    nextDeliveryDates: vi.fn(async (body: unknown) => {
      server.calendarCalls.push(body);
      await server.calendarGate;
      return shopCalendar;
    }),
    getSlots: vi.fn(async (body: unknown) => {
      server.slotCalls.push(body);
      return { code: 1, data: [{ slot_id: 10102, start: '12:00', end: '14:00', available: 2 }] };
    }),
  };
});

beforeEach(() => {
  // Tuesday 1 December 2026, 9:00 in New York; only Date is faked, promises and timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T14:00:00Z'));
  server.calendarCalls = [];
  server.slotCalls = [];
  server.calendarGate = undefined;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderPage() {
  const session = createActor(sessionMachine, { input: { zipcode: '10001', location: 101 } }).start();
  const notifications = createActor(notificationsMachine).start();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter initialEntries={['/ship/options']}>
        <Routes>
          <Route path="/ship/options" element={<DeliveryOptionsPage />} />
        </Routes>
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
}

describe('/ship/options, Delivery date picker (issue 23: closed is not full)', () => {
  it("offers no day until the shop's calendar has come: a closed Sunday never looks open", async () => {
    let open: () => void = () => undefined;
    server.calendarGate = new Promise<void>((resolve) => (open = resolve));
    renderPage();
    await waitFor(() => expect(server.calendarCalls).toHaveLength(1));
    const sunday = () => screen.getByRole('button', { name: /^6 December 2026, Sunday/ });
    expect(sunday()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '2 December 2026, Wednesday' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading…');
    fireEvent.click(sunday());
    expect(server.slotCalls).toEqual([]);
    open();
    await screen.findByText('Struck-out days cannot be chosen:');
    expect(sunday()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '2 December 2026, Wednesday' })).toHaveProperty('disabled', false);
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it("disables the area shop's closed days ahead and says why, under the calendar and on each day", async () => {
    renderPage();
    const note = await screen.findByText('Struck-out days cannot be chosen:');
    expect(server.calendarCalls).toEqual([{ vendors: [{ vendor_loc_id: 101, delivery_type: 'local' }] }]);
    const reasons = note.parentElement?.querySelectorAll('li') ?? [];
    expect([...reasons].map((li) => li.textContent)).toEqual([sundays, christmas]);
    const sunday = screen.getByRole('button', { name: `6 December 2026, Sunday, closed: ${sundays}` });
    expect(sunday).toHaveProperty('disabled', true);
    expect(sunday.getAttribute('title')).toBe(sundays);
    fireEvent.click(sunday);
    expect(server.slotCalls).toEqual([]);
    // An open day: its slots are asked for, and it carries no closed reason.
    const wednesday = screen.getByRole('button', { name: '2 December 2026, Wednesday' });
    expect(wednesday).toHaveProperty('disabled', false);
    expect(wednesday.getAttribute('title')).toBeNull();
    fireEvent.click(wednesday);
    await waitFor(() => expect(server.slotCalls).toEqual([{ order_date: '2026-12-02', zipcode: '10001', vendor_loc_id: 101 }]));
    expect(await screen.findByRole('button', { name: '12:00 PM–2:00 PM' })).toBeTruthy();
    expect(screen.queryByText('All Slots are booked. Please try another date.')).toBeNull();
  });
});

describe('/ship/options, a visit card no restaurant serves in the area', () => {
  const pickUpOnly: VisitRetailer = {
    loc_id: 401,
    vendor_id: 12,
    name: 'Gramercy Chop House',
    street1: '118 E 22nd St',
    street2: '',
    city: 'New York',
    state: 'NY',
    zipcode: '10010',
    telephone: '2125550411',
    price_category: 4,
    opens_at: '12:00',
    closes_at: '22:30',
    description: 'Steakhouse',
    speeds: ['pickup'],
  };

  it('is disabled and says No retailer available; the other card lists the restaurant', async () => {
    vi.mocked(dineinRetailerList).mockResolvedValueOnce({ code: 1, data: { vendordata: [pickUpOnly] } });
    renderPage();
    // The cards in the page's order: Dine-In, Delivery, Pick-Up.
    const cards = () => screen.getAllByRole('radio');
    await waitFor(() => expect(cards()[0]).toHaveProperty('disabled', true));
    expect(cards().map((c) => [c.textContent, (c as HTMLButtonElement).disabled, c.getAttribute('aria-checked')])).toEqual([
      ['Dine-InNo retailer available for this location presently', true, 'false'],
      ['RECOMMENDEDDeliveryBrought to your door by the shop’s driver', false, 'true'],
      ['Pick-UpCollect it at a partner restaurant', false, 'false'],
    ]);
    fireEvent.click(cards()[2]!);
    await waitFor(() => expect(cards()[2]?.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Retailer' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Gramercy Chop House')]);
  });
});
