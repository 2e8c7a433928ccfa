// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onTokenRefused, takeTokenFrom } from '../../src/api/http.ts';
import { startAppActors } from '../../src/machines/app/app-actors.ts';
import { selectToken } from '../../src/machines/app/index.ts';
import { followSessionEnd } from '../../src/machines/app/session-end.ts';
import { sessionStorageKey, type SessionValues } from '../../src/machines/app/session-values.ts';
import { signInAgainMessage } from '../../src/rules/sign-in-again.ts';
import { sessionEndedMessage } from '../../src/rules/sign-in-return.ts';
import { SettingsPage } from '../../src/views/account/settings-page.tsx';
import { OrderStatusPage } from '../../src/views/account/order-status-page.tsx';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { CartPage } from '../../src/views/cart/cart-page.tsx';
import { KycPage } from '../../src/views/kyc/kyc-page.tsx';
import { Notifications } from '../../src/views/layout/notifications.tsx';
import { WalletProductsPage } from '../../src/views/wallet/wallet-products-page.tsx';
import { WalletShippingPage } from '../../src/views/wallet/wallet-shipping-page.tsx';

/**
 * Decision 086 (left by walk 6): a 401 'Please sign in again.' that ends the session is said once, by the notice
 * 'Your session has ended. Please sign in again.' with its sign-in, on every screen that calls for the customer, not
 * also by the screen that met it. The server answers every call so here (the token no longer known); each screen is
 * drawn as the browser draws it (the real http layer, the session ended by session-end.ts, the notice beside it).
 */

const customer: SessionValues = {
  Token: 'tok',
  CustomerId: 7,
  cust_name: 'Ada',
  cart_id: 'c1',
  zipcode: '10001',
  location: 1,
  ageGateVerified: true,
};
const start = { customerId: 7, state: 'NY', category: 0 };
const visit = { ...start, retailerId: 401, date: '2026-12-01', time: '19:00' };

/** The screens that call the server for the customer and stay on screen once the session ended (the account pages go to sign-in). */
const screens: { name: string; at: InitialEntry; path: string; page: ReactNode }[] = [
  { name: 'the cart', at: '/cart', path: '/cart', page: <CartPage /> },
  { name: 'identity verification (KYC)', at: '/kyc', path: '/kyc', page: <KycPage /> },
  { name: "the wallet's restaurants", at: { pathname: '/wallet/shipping', state: start }, path: '/wallet/shipping', page: <WalletShippingPage /> },
  {
    name: "the wallet's products",
    at: { pathname: '/wallet/product/401', state: visit },
    path: '/wallet/product/:retailerId',
    page: <WalletProductsPage />,
  },
  { name: 'My Account', at: '/setting/user', path: '/setting/:settingParam', page: <SettingsPage /> },
  { name: 'My Orders', at: '/setting/order', path: '/setting/:settingParam', page: <SettingsPage /> },
  { name: 'an order', at: '/order/status?orderId=100000001', path: '/order/status', page: <OrderStatusPage /> },
];

function open(at: InitialEntry, path: string, page: ReactNode) {
  const items = new Map<string, string>([[sessionStorageKey, JSON.stringify(customer)]]);
  const storage = () => ({ getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) });
  const { session, notifications } = startAppActors(storage);
  followSessionEnd(session, onTokenRefused, storage, Object.assign(new EventTarget(), { location: { reload: () => undefined } }));
  takeTokenFrom(() => selectToken(session.getSnapshot()));
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter initialEntries={[at]}>
        <Notifications />
        <Routes>
          <Route path={path} element={page} />
          <Route path="/signIn" element={<p>sign in</p>} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
  return () => (session.stop(), notifications.stop());
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onTokenRefused(() => undefined);
  takeTokenFrom(() => undefined);
});

describe('a 401 that ends the session is said by the notice alone (decision 086)', () => {
  it.each(screens)('$name', async ({ at, path, page }) => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 0, message: signInAgainMessage }), { status: 401 }));
    const stop = open(at, path, page);
    // The notice says it, and the screen has done with its calls (nothing loading).
    await waitFor(() => {
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(sessionEndedMessage))).toBe(true);
      expect(screen.queryByText(/^Loading/)).toBeNull();
    });
    // 'Please sign in again.' once on the page: the notice's.
    const said = document.body.textContent?.split(signInAgainMessage).length ?? 0;
    expect(said - 1).toBe(1);
    stop();
  });
});
