// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { GetAddressesReply } from '../../src/api/contract/address.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { addressMessages, addressRuleMessages } from '../../src/rules/address-validation.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { CheckoutPage } from '../../src/views/checkout/checkout-page.tsx';
import { formErrorSummaryText } from '../../src/views/controls/form-error-summary.tsx';
import { away, home, office } from '../machines/checkout-fixtures.ts';

// The page's machine talks to the server through src/api: in-memory answers stand in.
const server = vi.hoisted(() => ({ addresses: { code: 1, data: [] } as GetAddressesReply, saved: [] as unknown[] }));

vi.mock('../../src/api/checkout.api.ts', async (importOriginal) => ({
  // The request-body builders are pure: the real ones.
  ...(await importOriginal<typeof import('../../src/api/checkout.api.ts')>()),
  getShippingAddresses: vi.fn(async () => server.addresses),
  addShippingAddress: vi.fn(async (_id: number, body: unknown) => {
    server.saved.push(body);
    return { code: 1, address_id: 99 };
  }),
  shippingOptions: vi.fn(async () => new Promise(() => undefined)),
  orderReview: vi.fn(async () => new Promise(() => undefined)),
  placeOrder: vi.fn(async () => new Promise(() => undefined)),
}));
// The cart the checkout reads when it opens: no drink, so no face step.
vi.mock('../../src/api/cart.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/cart.api.ts')>()),
  showCart: vi.fn(async () => ({ code: 1, data: { result: [] } })),
}));
vi.mock('../../src/api/location.api.ts', () => ({
  getAddressByZipcode: vi.fn(async (zip: string) => ({ code: 1, data: [{ zipcode: zip, city: 'New York', state: 'NY', loc_id: 1 }] })),
  currentServiceArea: vi.fn(),
}));

const customer: SessionValues = { zipcode: '10001', cart_id: 'cart-abc', Token: 'token', CustomerId: 7, cust_name: 'Ada' };

function renderCheckout(stored: SessionValues = customer) {
  const session = createActor(sessionMachine, { input: stored }).start();
  const notifications = createActor(notificationsMachine).start();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter initialEntries={['/cart/address']}>
        <Routes>
          <Route path="/cart/:cartflow" element={<CheckoutPage />} />
        </Routes>
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  server.addresses = { code: 1, data: [] };
  server.saved = [];
});

describe('checkout address tab', () => {
  it("keeps 'SAVE & CONTINUE' disabled until an address is chosen", async () => {
    renderCheckout({ zipcode: '10001', cart_id: 'cart-abc' });
    expect(await screen.findByRole('heading', { name: 'Select a Shipping Address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SAVE & CONTINUE' })).toHaveProperty('disabled', true);
  });

  it('preselects the primary address and refuses one outside the shopping zip', async () => {
    server.addresses = { code: 1, data: [office, home, away] };
    renderCheckout();
    const primary = await screen.findByRole('button', { name: /^Home: Ada Lovelace/ });
    expect(primary.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'SAVE & CONTINUE' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: /^Away:/ }));
    expect(await screen.findByText(addressRuleMessages.selectionNotAllowed)).toBeTruthy();
    expect(primary.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows every message of the address form at once', async () => {
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'ADD NEW ADDRESSES' }));
    expect(screen.getByRole('heading', { name: 'ADD NEW ADDRESSES' })).toBeTruthy();
    expect(screen.getByText('ADDRESS')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }));
    for (const message of [
      addressMessages.firstNameRequired,
      addressMessages.lastNameRequired,
      addressMessages.addressRequired,
      addressMessages.cityRequired,
      addressMessages.stateRequired,
      addressMessages.zipRequired,
      addressMessages.nicknameRequired,
      addressMessages.phoneRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('Zipcode'), { target: { value: '12ab' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '12x' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }));
    expect(await screen.findByText(addressMessages.zipNumber)).toBeTruthy();
    // The spec's words keep their two spaces: match the text as it is.
    expect(screen.getByText(addressMessages.phoneNumber, { normalizer: (text) => text })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Zipcode'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }));
    expect(await screen.findByText(addressMessages.zipLength)).toBeTruthy();
    expect(screen.getByText(addressMessages.phoneLength)).toBeTruthy();
    expect(server.saved).toEqual([]);
  });

  it('keyboard (walk 5): the opened form takes focus on its heading; a refused SAVE ADDRESS moves focus to the first wrong field, with one alert', async () => {
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'ADD NEW ADDRESSES' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'ADD NEW ADDRESSES' }));
    fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }));
    await screen.findByText(addressMessages.firstNameRequired);
    const firstName = screen.getByLabelText('First Name');
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')?.textContent).toBe(addressMessages.firstNameRequired);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([formErrorSummaryText]);
    // Only the phone left wrong: the next refusal lands on it.
    for (const [label, value] of [
      ['Last Name', 'Lovelace'],
      ['Address', '350 5th Ave'],
      ['Address Nickname', 'Home'],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(firstName, { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Zipcode'), { target: { value: '10001' } });
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveProperty('value', 'New York'));
    fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone')));
  });

  it('fills city and state from the zip and refuses a city that does not match it', async () => {
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'ADD NEW ADDRESSES' }));
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '350 5th Ave' } });
    fireEvent.change(screen.getByLabelText('Address Nickname'), { target: { value: 'Home' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '2125550123' } });
    fireEvent.change(screen.getByLabelText('Zipcode'), { target: { value: '10001' } });
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveProperty('value', 'New York'));
    expect(screen.getByRole('combobox', { name: 'State' }).textContent).toContain('New York (NY)');
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Boston' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE ADDRESS' }));
    expect(await screen.findByText(addressRuleMessages.zipCityMismatch)).toBeTruthy();
    expect(server.saved).toEqual([]);
  });
});
