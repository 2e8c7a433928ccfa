// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { DashboardIdentity, DashboardReply } from '../../src/api/contract/account.contract.ts';
import type { GetAddressesReply } from '../../src/api/contract/address.contract.ts';
import type { MyOrdersReply } from '../../src/api/contract/checkout.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { SettingsPage } from '../../src/views/account/settings-page.tsx';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { address } from '../machines/checkout-fixtures.ts';
import { order } from '../machines/order-fixtures.ts';

const home = address({ address_id: 1, default_address: '1' });

// The page's machines reach the server through src/api: stand-ins answer here.
const server = vi.hoisted(() => ({
  name: 'Ada Lovelace',
  calls: [] as string[],
  identity: { status: 'not-started', reason: '' } as DashboardIdentity,
}));
vi.mock('../../src/api/account.api.ts', () => ({
  myDashboard: vi.fn(async (): Promise<DashboardReply> => {
    server.calls.push('mydashboard');
    return {
      code: 1,
      data: {
        name: server.name,
        address: '350 5th Ave, New York, NY 10001',
        email: 'ada@example.com',
        newsletter_subscription: 0,
        notification: 1,
        list_cards: [],
        identity: server.identity,
      },
    };
  }),
  savePreferences: vi.fn(async () => ({ code: -1, message: 'Preferences are switched off today.' })),
  updateAddress: vi.fn(),
  deleteAddress: vi.fn(),
  setDefaultShippingAddress: vi.fn(),
  myOrders: vi.fn(async (before?: string): Promise<MyOrdersReply> => {
    server.calls.push(before === undefined ? 'myorders' : `myorders before ${before}`);
    if (before !== undefined) return { code: 1, data: [order('100000000', 'Pickup')], has_more: false };
    const pickup = order('100000002', 'Pickup');
    return { code: 1, data: [order('100000003', 'Driver'), pickup, order('100000001', 'Courier Delivery')], has_more: true };
  }),
}));
vi.mock('../../src/api/checkout.api.ts', () => ({
  getShippingAddresses: vi.fn(async (): Promise<GetAddressesReply> => ({ code: 1, data: [home] })),
}));
vi.mock('../../src/api/payments.api.ts', () => ({
  paymentMethods: vi.fn(async () => {
    server.calls.push('paymentmethods');
    return { code: 1, data: [], payment_method: 'stripe_payments' };
  }),
  removeCard: vi.fn(),
}));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, values: SessionValues = { Token: 'tok', CustomerId: 7, cust_name: 'Ada' }) {
  const session = createActor(sessionMachine, { input: values }).start();
  const notifications = createActor(notificationsMachine).start();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/setting/:settingParam" element={<SettingsPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
  return { notifications };
}

beforeEach(() => {
  server.name = 'Ada Lovelace';
  server.calls = [];
  server.identity = { status: 'not-started', reason: '' };
});
afterEach(cleanup);

describe('/setting/{settingParam}', () => {
  it('shows PAGE NOT FOUND for an unknown tab and sends a visitor without a token to sign in', () => {
    renderAt('/setting/wallet');
    expect(screen.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeTruthy();
    cleanup();
    renderAt('/setting/user', {});
    expect(screen.getByTestId('where').textContent).toBe('/signIn');
  });

  it('chat shows the Account tab at /setting/user; the Orders tab changes the URL', async () => {
    renderAt('/setting/chat');
    expect(screen.getByTestId('where').textContent).toBe('/setting/user');
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(screen.getByTestId('where').textContent).toBe('/setting/order');
    expect(await screen.findByRole('heading', { name: 'YOUR ORDERS' })).toBeTruthy();
  });

  it('shows the account with the password masked, and cards only for a customer with a name', async () => {
    renderAt('/setting/user');
    const info = await screen.findByRole('region', { name: 'YOUR INFORMATION' });
    await within(info).findByText('Ada Lovelace');
    expect(within(info).getByText('••••••••')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'PAYMENT METHOD' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /^Home:/ })).toBeTruthy();
    cleanup();

    // A guest account (email checkout): no name, no password row, no payment method section.
    server.name = '';
    server.calls = [];
    renderAt('/setting/user', { Token: 'guest-tok', CustomerId: 8 });
    const guestInfo = await screen.findByRole('region', { name: 'YOUR INFORMATION' });
    await within(guestInfo).findByText('ada@example.com');
    expect(within(guestInfo).queryByText('••••••••')).toBeNull();
    expect(within(guestInfo).queryByText('Full Name')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'PAYMENT METHOD' })).toBeNull();
    expect(server.calls).not.toContain('paymentmethods');
  });

  it.each([
    [{ status: 'not-started', reason: '' }, 'Not started', 'Verify your identity'],
    [{ status: 'pending', reason: '' }, 'Pending: your photos are waiting for a decision', 'Update verification'],
    [{ status: 'verified', reason: '' }, 'Verified', 'Update verification'],
    [{ status: 'refused', reason: 'The faces did not match' }, 'Refused', 'Verify your identity'],
  ] as const)('shows the identity status %j with its entry to /kyc in update mode', async (identity, text, entry) => {
    server.identity = identity;
    renderAt('/setting/user');
    const group = await screen.findByRole('group', { name: 'Identity verification' });
    expect(within(group).getByText(text)).toBeTruthy();
    if (identity.status === 'refused') expect(within(group).getByText('The faces did not match')).toBeTruthy();
    else expect(within(group).queryByText('Reason')).toBeNull();
    const link = within(group).getByRole('link', { name: entry });
    expect(link.getAttribute('href')).toBe('/kyc?mode=update');
  });

  it('a switch that cannot be saved moves back and says why', async () => {
    const { notifications } = renderAt('/setting/user');
    const newsletter = await screen.findByRole('switch', { name: 'NEWSLETTER' });
    await waitFor(() => expect(newsletter).toHaveProperty('disabled', false));
    fireEvent.click(newsletter);
    await waitFor(() => expect(notifications.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['Preferences are switched off today.']));
    expect(screen.getByRole('switch', { name: 'NEWSLETTER' })).toHaveProperty('checked', false);
  });

  it("lists orders in their panels, relabelled 'Local Delivery', the first of each open, money with '$'", async () => {
    renderAt('/setting/order');
    const delivery = await screen.findByRole('region', { name: 'Delivery Orders' });
    const headers = await within(delivery).findAllByRole('button', { name: /^ORDER #/ });
    expect(headers.map((h) => [h.textContent?.split('Processing')[0], h.getAttribute('aria-expanded')])).toEqual([
      ['ORDER #100000003', 'true'],
      ['ORDER #100000001', 'false'],
    ]);
    const details = within(delivery).getByRole('region', { name: 'ORDER #100000003' });
    expect(within(details).getByText('$27.22')).toBeTruthy();
    expect(within(details).getByText('Processing')).toBeTruthy();
    const pickup = screen.getByRole('region', { name: 'Pickup Orders' });
    expect(
      within(pickup)
        .getByRole('button', { name: /^ORDER #100000002/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(screen.getByRole('region', { name: 'Dine-In' })).getByText('You have no dine-in orders yet.')).toBeTruthy();
    fireEvent.click(headers[1] ?? delivery);
    expect(within(delivery).getByRole('region', { name: 'ORDER #100000001' })).toBeTruthy();
  });

  it("'More orders' loads the orders older than the last one shown into their panels (issue 26)", async () => {
    renderAt('/setting/order');
    fireEvent.click(await screen.findByRole('button', { name: 'More orders' }));
    const pickup = screen.getByRole('region', { name: 'Pickup Orders' });
    expect(await within(pickup).findByRole('button', { name: /^ORDER #100000000/ })).toBeTruthy();
    expect(server.calls).toContain('myorders before 100000001');
    expect(screen.queryByRole('button', { name: 'More orders' })).toBeNull();
  });
});
