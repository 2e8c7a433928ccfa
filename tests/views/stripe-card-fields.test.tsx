// @vitest-environment jsdom
import type { Stripe } from '@stripe/stripe-js';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createActor } from 'xstate';
import type { SaveCardReply } from '../../src/api/contract/payment.contract.ts';
import type { CardTokenInput, CardTokenizer } from '../../src/machines/cards/add-card.setup.ts';
import type { CardStepChoice } from '../../src/machines/checkout/checkout-flow.types.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { CardTab } from '../../src/views/controls/cards/card-tab.tsx';
import StripeCardFields from '../../src/views/controls/cards/stripe-card-fields.tsx';

// This machine is offline: the real loadStripe (a script from js.stripe.com) must never run. It stays pending unless a
// test hands it the fake, which is how the add-card view (which passes no loader) gets one.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn<(publishableKey: string) => Promise<Stripe | null>>() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

// The add-card machine reaches the server through src/api/payments.api.ts: stand-ins answer here.
const api = vi.hoisted(() => ({
  stripeDetails: vi.fn(async () => ({ code: 1, data: { publishable_key: 'pk_test_offline', gateway: 'stripe' as const } })),
  paymentMethods: vi.fn(),
  tokenizeCard: vi.fn(),
  saveCard: vi.fn<(body: unknown) => Promise<SaveCardReply>>(),
  removeCard: vi.fn(),
  verifyUpi: vi.fn(),
  addBillingAddress: vi.fn(),
}));
vi.mock('../../src/api/payments.api.ts', () => api);

// ---- A fake Stripe.js: only what @stripe/react-stripe-js and our fields call ----

type CardElementType = 'cardNumber' | 'cardExpiry' | 'cardCvc';

interface FakeElement {
  type: string;
  options: unknown;
  /** The node react-stripe-js mounted the element into (Stripe would put its iframe there). */
  mountedIn: HTMLElement | undefined;
  mount: Mock<(node: HTMLElement) => void>;
  on: Mock<(event: string, handler: () => void) => void>;
  off: Mock<(event: string, handler: () => void) => void>;
  update: Mock<(options: unknown) => void>;
  unmount: Mock<() => void>;
  destroy: Mock<() => void>;
}

interface FakeElements {
  create: Mock<(type: string, options?: unknown) => FakeElement>;
  /** Stripe.js takes a type name or a react-stripe-js component (which carries `__elementType`). */
  getElement: Mock<(typeOrComponent: unknown) => FakeElement | null>;
  update: Mock<(options: unknown) => void>;
}

interface CardPaymentMethodData {
  type: string;
  card: unknown;
  billing_details?: { name?: string };
}
type PaymentMethodResult = { paymentMethod: { id: string }; error?: undefined } | { paymentMethod?: undefined; error: { message?: string } };

interface FakeStripe {
  elements: Mock<(options?: unknown) => FakeElements>;
  createPaymentMethod: Mock<(data: CardPaymentMethodData) => Promise<PaymentMethodResult>>;
  // react-stripe-js's isStripe() also wants these two; the card fields never call them.
  createToken: Mock<() => Promise<never>>;
  confirmCardPayment: Mock<() => Promise<never>>;
  _registerWrapper: Mock<(wrapper: { name: string; version: string }) => void>;
  registerAppInfo: Mock<(info: { name: string; version?: string; url?: string }) => void>;
}

function elementTypeOf(typeOrComponent: unknown): unknown {
  if (typeof typeOrComponent === 'string') return typeOrComponent;
  if (
    (typeof typeOrComponent === 'function' || typeof typeOrComponent === 'object') &&
    typeOrComponent !== null &&
    '__elementType' in typeOrComponent
  ) {
    return typeOrComponent.__elementType;
  }
  return undefined;
}

function fakeStripe() {
  const created = new Map<string, FakeElement>();
  const elements: FakeElements = {
    create: vi.fn((type: string, options?: unknown) => {
      const element: FakeElement = {
        type,
        options,
        mountedIn: undefined,
        mount: vi.fn((node: HTMLElement) => {
          element.mountedIn = node;
        }),
        on: vi.fn(),
        off: vi.fn(),
        update: vi.fn(),
        unmount: vi.fn(),
        destroy: vi.fn(),
      };
      created.set(type, element);
      return element;
    }),
    getElement: vi.fn((typeOrComponent: unknown) => {
      const type = elementTypeOf(typeOrComponent);
      return typeof type === 'string' ? (created.get(type) ?? null) : null;
    }),
    update: vi.fn(),
  };
  const fake: FakeStripe = {
    elements: vi.fn(() => elements),
    createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_default' } })),
    createToken: vi.fn(() => Promise.reject(new Error('createToken is not used by the card fields'))),
    confirmCardPayment: vi.fn(() => Promise.reject(new Error('confirmCardPayment is not used by the card fields'))),
    _registerWrapper: vi.fn(),
    registerAppInfo: vi.fn(),
  };
  const element = (type: CardElementType): FakeElement => {
    const found = created.get(type);
    if (!found) throw new Error(`no ${type} element was created`);
    return found;
  };
  return { fake, stripe: asStripe(fake), elements, element };
}

/**
 * The one cast: `Stripe` declares some fifty methods and the fake implements the handful react-stripe-js and
 * StripeCardFields call (react-stripe-js checks elements/createToken/createPaymentMethod/confirmCardPayment at run time).
 */
function asStripe(fake: FakeStripe): Stripe {
  return fake as unknown as Stripe;
}

const cardInput: CardTokenInput = { gateway: 'stripe', holder: 'Ada Lovelace', number: '4242424242424242', expiry: '12/30', cvc: '123' };

function renderFields() {
  const stripe = fakeStripe();
  const loadStripeWith = vi.fn(async (_publishableKey: string) => stripe.stripe);
  const onReady = vi.fn<(tokenizer: CardTokenizer | undefined) => void>();
  const view = render(<StripeCardFields publishableKey="pk_test_offline" onReady={onReady} loadStripeWith={loadStripeWith} />);
  const tokenizer = async (): Promise<CardTokenizer> => {
    await waitFor(() => expect(onReady).toHaveBeenCalledWith(expect.any(Function)));
    const ready = onReady.mock.lastCall?.[0];
    if (!ready) throw new Error('onReady has not received a tokenizer');
    return ready;
  };
  return { ...stripe, loadStripeWith, onReady, view, tokenizer };
}

beforeEach(() => {
  stripeJs.loadStripe.mockReset().mockImplementation(() => new Promise<never>(() => undefined));
  api.stripeDetails.mockClear();
  api.tokenizeCard.mockReset();
  api.addBillingAddress.mockReset();
  api.saveCard.mockReset();
});
afterEach(cleanup);

describe('StripeCardFields (with a fake Stripe.js)', () => {
  it('renders the three labelled groups and mounts cardNumber, cardExpiry and cardCvc in them', async () => {
    const { fake, elements, element, loadStripeWith } = renderFields();
    const groups = {
      cardNumber: screen.getByRole('group', { name: 'Card Number' }),
      cardExpiry: screen.getByRole('group', { name: 'Expiry (MM/YY)' }),
      cardCvc: screen.getByRole('group', { name: 'CVC' }),
    };

    await waitFor(() => expect(elements.create).toHaveBeenCalledTimes(3));
    // StrictMode (tests/views/strict-mode.setup.ts) may run the memo twice in development; every call is for our key,
    // and Elements takes one Stripe object.
    expect(loadStripeWith).toHaveBeenCalledWith('pk_test_offline');
    expect(loadStripeWith.mock.calls.every(([key]) => key === 'pk_test_offline')).toBe(true);
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    expect(fake.elements).toHaveBeenCalledTimes(1);
    expect(elements.create.mock.calls.map(([type]) => type)).toEqual(['cardNumber', 'cardExpiry', 'cardCvc']);
    expect(element('cardNumber').options).toEqual({ showIcon: true });
    for (const type of ['cardNumber', 'cardExpiry', 'cardCvc'] as const) {
      const created = element(type);
      expect(created.mount).toHaveBeenCalledTimes(1);
      const node = created.mountedIn;
      expect(node).toBeInstanceOf(HTMLElement);
      expect(node && groups[type].contains(node)).toBe(true);
      expect(created.destroy).not.toHaveBeenCalled();
    }
    expect(fake._registerWrapper).toHaveBeenCalledWith(expect.objectContaining({ name: 'react-stripe-js' }));
  });

  it('hands onReady a tokenizer that makes one PaymentMethod per call from the card number element', async () => {
    const { fake, element, tokenizer } = renderFields();
    const tokenize = await tokenizer();
    fake.createPaymentMethod
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_first' } })
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_second' } });

    // The spec's two tokens per card.
    expect(await tokenize(cardInput)).toEqual({ token: 'pm_first' });
    expect(await tokenize(cardInput)).toEqual({ token: 'pm_second' });

    expect(fake.createPaymentMethod).toHaveBeenCalledTimes(2);
    const cardNumber = element('cardNumber');
    for (const [data] of fake.createPaymentMethod.mock.calls) {
      // Only Stripe's own element: the number typed into our state never leaves for Stripe.
      expect(data).toEqual({ type: 'card', card: cardNumber, billing_details: { name: 'Ada Lovelace' } });
      expect(data.card).toBe(cardNumber);
    }
  });

  it("throws the provider's message when Stripe refuses the card", async () => {
    const { fake, tokenizer } = renderFields();
    const tokenize = await tokenizer();
    fake.createPaymentMethod.mockResolvedValueOnce({ error: { message: 'Your card number is incorrect.' } });

    await expect(tokenize(cardInput)).rejects.toThrowError(/^Your card number is incorrect\.$/);
    await expect(tokenize(cardInput)).resolves.toEqual({ token: 'pm_default' });
  });

  it('withdraws the tokenizer and destroys the elements when unmounted', async () => {
    const { onReady, element, tokenizer, view } = renderFields();
    await tokenizer();
    const calls = onReady.mock.calls.length;

    view.unmount();

    expect(onReady).toHaveBeenCalledTimes(calls + 1);
    expect(onReady).toHaveBeenLastCalledWith(undefined);
    for (const type of ['cardNumber', 'cardExpiry', 'cardCvc'] as const) expect(element(type).destroy).toHaveBeenCalledTimes(1);
  });
});

describe('AddCard with the stripe gateway', () => {
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

  /** The card tab's ADD NEW CARD (its card step runs the add-card machine); a saved card continues with onContinue. */
  async function renderAddCard() {
    const stripe = fakeStripe();
    stripeJs.loadStripe.mockImplementation(async () => stripe.stripe);
    api.paymentMethods.mockResolvedValue({ code: 1, data: [], payment_method: 'stripe_payments' });
    const session = createActor(sessionMachine, { input: {} }).start();
    const notifications = createActor(notificationsMachine).start();
    const onSaved = vi.fn<(choice: CardStepChoice) => void>();
    render(
      <AppActorsContext.Provider value={{ session, notifications }}>
        <CardTab shippingAddress={shippingAddress} cartId="cart-abc" onContinue={onSaved} />
      </AppActorsContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'ADD NEW CARD' }));
    await screen.findByRole('group', { name: 'Card Number' });
    await waitFor(() => expect(stripe.elements.create).toHaveBeenCalledTimes(3));
    return { ...stripe, notifications, onSaved };
  }

  function fillAndSave() {
    fireEvent.change(screen.getByRole('textbox', { name: 'Card Holder' }), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Same As Shipping Address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and Continue' }));
  }

  it("shows Stripe's fields instead of the test gateway's text fields", async () => {
    await renderAddCard();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_offline');
    for (const name of ['Card Number', 'Expiry (MM/YY)', 'CVC']) {
      expect(screen.getByRole('group', { name })).toBeTruthy();
      expect(screen.queryByRole('textbox', { name })).toBeNull();
    }
    expect(screen.getByRole('textbox', { name: 'Card Holder' })).toBeTruthy();
  });

  it('saves the card with two PaymentMethods from Stripe', async () => {
    const { fake, onSaved } = await renderAddCard();
    fake.createPaymentMethod
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_first' } })
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_second' } });
    const card = { id: 9, customer: 'cus_1', metadata: { address_id: 41 }, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
    api.saveCard.mockResolvedValueOnce({ code: 1, data: [card] });

    fillAndSave();

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ payment_mode: 2, card_id: card.id, billing_address_id: 41 })));
    expect(fake.createPaymentMethod).toHaveBeenCalledTimes(2);
    expect(api.saveCard).toHaveBeenCalledWith({
      card_token: ['pm_first', 'pm_second'],
      billing_address: { billing_address_id: 41 },
      name: 'Ada Lovelace',
    });
    expect(api.tokenizeCard).not.toHaveBeenCalled();
  });

  it("shows Stripe's refusal as an alert toast and inline, and saves nothing", async () => {
    const { fake, notifications, onSaved } = await renderAddCard();
    fake.createPaymentMethod.mockResolvedValueOnce({ error: { message: 'Your card number is incorrect.' } });

    fillAndSave();

    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incorrect.');
    expect(notifications.getSnapshot().context.toasts).toEqual([
      expect.objectContaining({ kind: 'error', message: 'Your card number is incorrect.' }),
    ]);
    expect(fake.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(api.saveCard).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save and Continue' })).toHaveProperty('disabled', false);
  });
});
