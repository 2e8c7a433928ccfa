// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { PaymentMethodsReply, SavedPaymentMethod } from '../../src/api/contract/payment.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import type { CardStepChoice } from '../../src/machines/checkout/checkout-flow.types.ts';
import { CardTab } from '../../src/views/controls/cards/card-tab.tsx';
import { formErrorSummaryText } from '../../src/views/controls/form-error-summary.tsx';

const visa: SavedPaymentMethod = {
  id: 1,
  customer_stripe_id: 'cus_test_1',
  card_info: 'Visa ending in 4242',
  card_no: '4242',
  brand: 'visa',
  name: 'Ada Lovelace',
  card_exp_month: 12,
  card_exp_year: 2030,
  address: { billing_address_id: 77 },
};
const mastercard: SavedPaymentMethod = {
  ...visa,
  id: 2,
  card_info: 'Mastercard ending in 4444',
  card_no: '4444',
  brand: 'mastercard',
  card_exp_month: 3,
  card_exp_year: 2031,
};

// The tab's machines reach the server through src/api/payments.api.ts: stand-ins answer here.
const server = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('../../src/api/payments.api.ts', () => ({
  stripeDetails: vi.fn(async () => ({ code: 1, data: { publishable_key: '', gateway: 'test' } })),
  paymentMethods: vi.fn(async (): Promise<PaymentMethodsReply> => {
    server.calls.push('paymentmethods');
    return { code: 1, data: [visa, mastercard], payment_method: 'stripe_payments' };
  }),
  tokenizeCard: vi.fn(),
  saveCard: vi.fn(),
  removeCard: vi.fn(),
  verifyUpi: vi.fn(async (upiId: string) => ({ code: 1, message: 'UPI verified successfully', isVPAValid: 1, vpa: upiId })),
  addBillingAddress: vi.fn(),
}));

// The billing zip's lookup (the shipping form's zip rule).
vi.mock('../../src/api/location.api.ts', () => ({
  getAddressByZipcode: vi.fn(async (zip: string) => ({ code: 1, data: [{ zipcode: zip, city: 'New York', state: 'NY', loc_id: 1 }] })),
}));

const shippingAddress = {
  address_id: 41,
  firstname: 'Ada',
  lastname: 'Lovelace',
  street1: '1 Main St',
  street2: '',
  city: 'New York',
  state: 'NY',
  zipcode: '10001',
  telephone: '2125550100',
};

function renderTab(props: { fromSettings?: boolean; dineIn?: boolean } = {}) {
  const session = createActor(sessionMachine, { input: {} }).start();
  const notifications = createActor(notificationsMachine).start();
  const onContinue = vi.fn<(choice: CardStepChoice) => void>();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <CardTab
        cartId="cart-abc"
        fromSettings={props.fromSettings}
        shippingAddress={props.dineIn ? undefined : shippingAddress}
        onContinue={onContinue}
      />
    </AppActorsContext.Provider>,
  );
  return { onContinue };
}

beforeEach(() => {
  server.calls = [];
});
afterEach(cleanup);

describe('CardTab', () => {
  it('shows the options, then masked previews; Continue waits for a card', async () => {
    const { onContinue } = renderTab();
    expect(screen.getByRole('heading', { name: 'Choose Payment Options' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Cards' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { name: 'Choose a Card for Payment' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading your cards');
    const card = await screen.findByRole('radio', { name: 'Visa ending 4242, expires 12/30' });
    expect(card.textContent).toContain('************4242');
    expect(card.textContent).toContain('12/30');
    expect(screen.getByRole('radio', { name: 'Mastercard ending 4444, expires 03/31' }).textContent).toContain('************4444');
    expect(within(screen.getByRole('group', { name: 'Pay From Your Bank Account' })).getAllByRole('radio')).toHaveLength(7);

    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveProperty('disabled', true);
    fireEvent.click(card);
    expect(card.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Mastercard ending 4444, expires 03/31' }).getAttribute('aria-checked')).toBe('false');
    expect(continueButton).toHaveProperty('disabled', false);
    fireEvent.click(continueButton);
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ payment_mode: 2, card_id: 1, card_token: '', billing_address_id: 77 }));
  });

  it('pays by bank: a bank from the seven, then Continue once the routing and account numbers pass', async () => {
    const { onContinue } = renderTab();
    fireEvent.click(within(screen.getByRole('group', { name: 'Pay From Your Bank Account' })).getByRole('radio', { name: 'U.S. Bank' }));
    const form = await screen.findByRole('form', { name: 'Pay from U.S. Bank' });
    const proceed = within(form).getByRole('button', { name: 'Continue' });
    expect(proceed).toHaveProperty('disabled', true);
    fireEvent.change(within(form).getByLabelText('Routing Number'), { target: { value: '123' } });
    expect(within(form).getByRole('alert').textContent).toBe('Please enter a valid 9-digit routing number.');
    fireEvent.change(within(form).getByLabelText('Routing Number'), { target: { value: '110000000' } });
    fireEvent.change(within(form).getByLabelText('Account Number'), { target: { value: '000123456789' } });
    expect(proceed).toHaveProperty('disabled', false);
    fireEvent.click(proceed);
    expect(onContinue).toHaveBeenCalledWith({
      payment_mode: 1,
      bank_name: 'U.S. Bank',
      routing_number: '110000000',
      account_number: '000123456789',
    });
  });

  it('ADD NEW CARD opens the form, which shows every invalid field at once; back returns to the list', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'ADD NEW CARD' }));
    expect(screen.getByText('CARDS')).toBeTruthy();
    const save = await screen.findByRole('button', { name: 'Save and Continue' });
    expect(screen.getByRole('checkbox', { name: 'Same As Shipping Address' })).toBeTruthy();
    for (const name of [
      'Card Holder',
      'Card Number',
      'Expiry (MM/YY)',
      'CVC',
      'First Name',
      'Last Name',
      'Address',
      'City',
      'State',
      'Zipcode',
      'Phone',
    ]) {
      expect(screen.getByLabelText(name)).toBeTruthy();
    }
    fireEvent.click(save);
    for (const message of [
      'Card holder is required.',
      'Your card number is incomplete.',
      "Your card's expiration date is incomplete.",
      "Your card's security code is incomplete.",
      'first name is required.',
      'last name is required.',
      'Address is required.',
      'City is required.',
      'State is required.',
      'Zipcode is required.',
      'Phone is required.',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText('Card Holder').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Back to cards' }));
    expect(await screen.findByRole('heading', { name: 'Choose a Card for Payment' })).toBeTruthy();
  });

  it('keyboard (walk 5): Add New Card takes focus on its heading; a refused save moves it to the first wrong field, with one alert', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'ADD NEW CARD' }));
    const save = await screen.findByRole('button', { name: 'Save and Continue' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Add New Card' }));
    fireEvent.change(screen.getByLabelText('Card Holder'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card Number')));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([formErrorSummaryText]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to cards' }));
    expect(await screen.findByRole('heading', { name: 'Choose a Card for Payment' })).toBeTruthy();
  });

  it('hides Same As Shipping Address and the options from settings', async () => {
    renderTab({ fromSettings: true });
    expect(screen.queryByRole('heading', { name: 'Choose Payment Options' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Remove Visa ending 4242' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'PAYMENT METHOD' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ADD CARD' }));
    await screen.findByRole('button', { name: 'Save and Continue' });
    expect(screen.queryByRole('checkbox', { name: 'Same As Shipping Address' })).toBeNull();
  });

  it('Payment on Delivery enables Continue at once; UPI after verification', async () => {
    const { onContinue } = renderTab();
    fireEvent.click(screen.getByRole('radio', { name: 'Payment on Delivery' }));
    const pod = screen.getByRole('button', { name: 'Continue' });
    expect(pod).toHaveProperty('disabled', false);
    fireEvent.click(pod);
    expect(onContinue).toHaveBeenCalledWith({ payment_mode: 4 });

    fireEvent.click(screen.getByRole('radio', { name: 'UPI' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('please provide valid UPI ID');
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'ada@okbank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('UPI verified successfully')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenLastCalledWith({ payment_mode: 3, upi_address: 'ada@okbank' });
  });
});

describe('Add New Card on a dine-in checkout (issue 23)', () => {
  it('says why there is no Same As Shipping Address, and a 5-digit billing zip fills city and state', async () => {
    renderTab({ dineIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'ADD NEW CARD' }));
    await screen.findByRole('button', { name: 'Save and Continue' });
    expect(screen.queryByRole('checkbox', { name: 'Same As Shipping Address' })).toBeNull();
    expect(screen.getByText('This order has no shipping address (dine-in or pick-up): please enter the billing address of the card.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Zipcode'), { target: { value: '10001' } });
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveProperty('value', 'New York'));
    expect(screen.getByLabelText('State')).toHaveProperty('value', 'NY');
  });
});
