import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type {
  PaymentMessageReply,
  PaymentMethodsReply,
  SaveCardReply,
  SavedCardData,
  StripeDetailsReply,
  VerifyUpiReply,
} from '../../src/api/contract/payment.contract.ts';
import { addCardMachine } from '../../src/machines/cards/add-card.machine.ts';
import type { AddCardField } from '../../src/machines/cards/add-card.setup.ts';
import { cardListMachine } from '../../src/machines/cards/card-list.machine.ts';
import { checkoutCardMachine, type CheckoutCardInput } from '../../src/machines/checkout/checkout-card.machine.ts';
import { bankDebitRefusal, bankMessages } from '../../src/rules/bank-account.ts';
import {
  selectBankRefusal,
  selectCanContinueOnDelivery,
  selectOfferedPaymentOptions,
  selectPayOnDeliveryPanel,
  selectPayOnDeliveryRefusal,
} from '../../src/machines/checkout/index.ts';
import { payOnDeliveryMaxUnits, payOnDeliveryMessages, payOnDeliveryRefusal, payOnDeliveryUnitsRefusal } from '../../src/rules/pay-on-delivery.ts';
import { paymentOptionsMachine } from '../../src/machines/cards/payment-options.machine.ts';
import { mastercard, savedCardChoice, visa } from './checkout-fixtures.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const added: SavedCardData = {
  id: 3,
  customer: 'cus_test_1',
  metadata: { address_id: 78 },
  brand: 'amex',
  last4: '8431',
  exp_month: 1,
  exp_year: 2032,
};
const cardAdded = label('addCard: saved', done('addCard', { added: { card: added, billingAddressId: 78 } }));
const addBack = label('addCard: back', done('addCard', { added: undefined }));
const addFailed = label('addCard: error', failed('addCard', new Error('saveCard replied without a card')));
const chosen = label('payment.chosen: saved card', { type: 'payment.chosen', choice: savedCardChoice });
const refusal = label('card.error: refused', { type: 'card.error', message: 'The card provider could not be reached.' });
const addressGone = label('card.address.gone', { type: 'card.address.gone', message: 'This address is no longer saved. Please choose another.' });

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('choosing'))
    return [
      { type: 'card.add.open' },
      chosen,
      refusal,
      { type: 'payment.option.choose', mode: 2 },
      { type: 'payment.option.choose', mode: 3 },
      { type: 'payment.option.choose', mode: 4 },
      { type: 'bank.choose', bank: 'Chase' },
      { type: 'payment.continue' },
    ];
  if (snapshot.matches('addingCard')) return [cardAdded, addBack, addFailed, addressGone];
  return [];
}

/** The choice goes to checkout, a parent this graph walk has not got. */
const walkable = checkoutCardMachine.provide({ actions: { reportChoice: () => undefined, reportAddressGone: () => undefined } });

describe('checkout card paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  const inputs: { name: string; input: CheckoutCardInput }[] = [
    { name: 'checkout', input: { cartId: 'cart-abc' } },
    { name: 'settings', input: { fromSettings: true } },
    { name: 'checkout of 13 units', input: { cartId: 'cart-abc', payOnDeliveryRefusal: payOnDeliveryUnitsRefusal(13) } },
    { name: 'dine-in checkout', input: { cartId: 'cart-abc', handOver: 'dine-in', payOnDeliveryRefusal: payOnDeliveryRefusal(1, 'dine-in') } },
    { name: 'checkout due today', input: { cartId: 'cart-abc', bankRefusal: bankMessages.tooSoon('12/07/2026') } },
  ];
  for (const who of inputs) {
    const plans = planPaths(walkable, { input: who.input, events: eventsFor, serializeState: (s) => JSON.stringify(s.value) });
    describe(who.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(walkable, plan, who.input);
        expect(result.snapshot.value, plan.name).toEqual(plan.expected.value);
        result.states.forEach((s) => reached.add(s));
        result.transitions.forEach((t) => taken.add(t));
      });
    });
  }
  it(coverageTitle(checkoutCardMachine), () => {
    expect([...allStateIds(checkoutCardMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutCardMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

const listed: PaymentMethodsReply = { code: 1, data: [visa, mastercard], payment_method: 'stripe_payments' };
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
const validCard: Partial<Record<AddCardField, string>> = { holder: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** The card step with its three children running; the server calls answer at once. */
function running(input: CheckoutCardInput, saveCard: () => Promise<SaveCardReply> = async () => ({ code: 1, data: [added] })) {
  const spies = { reportChoice: vi.fn(), notifyError: vi.fn(), loads: 0 };
  const machine = checkoutCardMachine.provide({
    actors: {
      choosePaymentOption: paymentOptionsMachine.provide({
        actors: {
          verifyUpi: fromPromise<VerifyUpiReply, { upiId: string }>(async () => ({
            code: 1,
            message: 'UPI verified successfully',
            isVPAValid: 1,
            vpa: 'ada@okbank',
          })),
        },
      }),
      listCards: cardListMachine.provide({
        actors: {
          loadCards: fromPromise(async () => {
            spies.loads += 1;
            return listed;
          }),
          removeCard: fromPromise<PaymentMessageReply, { cardId: number }>(async () => ({
            code: -1,
            message: 'The card provider could not be reached.',
          })),
        },
      }),
      addCard: addCardMachine.provide({
        actors: {
          loadGateway: fromPromise<StripeDetailsReply>(async () => ({ code: 1, data: { publishable_key: '', gateway: 'test' } })),
          createCardToken: fromPromise(async () => ({ token: 'tok_test' })),
          saveCard: fromPromise(() => saveCard()),
        },
      }),
    },
    actions: {
      reportChoice: (_, params) => spies.reportChoice(params.choice),
      notifyError: (_, params) => spies.notifyError(params.message),
    },
  });
  const actor = createActor(machine, { input }).start();
  const children = () => {
    const { choosePaymentOption, listCards, addCard } = actor.getSnapshot().children;
    if (!choosePaymentOption || !listCards) throw new Error('the card step runs payment options and the card list');
    return { paymentOptions: choosePaymentOption, cardList: listCards, addCard };
  };
  return { actor, spies, children };
}

describe('checkout card behaviour (the three children running)', () => {
  it('hands a chosen saved card to checkout', async () => {
    const { spies, children } = running({ cartId: 'cart-abc' });
    await waitFor(children().cardList, (s) => s.matches('list'));
    children().cardList.send({ type: 'card.choose', cardId: 2 });
    children().cardList.send({ type: 'card.continue' });
    expect(spies.reportChoice).toHaveBeenCalledWith(
      expect.objectContaining({ payment_mode: 2, card_id: 2, card_token: '', card_info: 'Mastercard ending in 4444' }),
    );
  });

  it('Payment on Delivery hands over at once: the card step shows the option and passes it to payment options', () => {
    const { actor, spies, children } = running({ cartId: 'cart-abc' });
    actor.send({ type: 'payment.option.choose', mode: 4 });
    expect(actor.getSnapshot().matches({ choosing: 'delivery' })).toBe(true);
    expect(children().paymentOptions.getSnapshot().matches('delivery')).toBe(true);
    actor.send({ type: 'payment.continue' });
    expect(spies.reportChoice).toHaveBeenCalledWith({ payment_mode: 4 });
  });

  it('Payment on Delivery for a cart over its unit limit says why and takes no Continue (place order would refuse it)', () => {
    const refusal = payOnDeliveryUnitsRefusal(13);
    expect(refusal).toBe(payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits));
    expect(payOnDeliveryUnitsRefusal(payOnDeliveryMaxUnits)).toBeUndefined();
    const { actor, spies } = running({ cartId: 'cart-abc', payOnDeliveryRefusal: refusal });
    actor.send({ type: 'payment.option.choose', mode: 4 });
    expect(actor.getSnapshot().matches({ choosing: 'delivery' })).toBe(true);
    expect(selectPayOnDeliveryRefusal(actor.getSnapshot())).toBe(refusal);
    expect(selectCanContinueOnDelivery(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'payment.continue' });
    expect(spies.reportChoice).not.toHaveBeenCalled();
    // The other options are open as ever.
    actor.send({ type: 'payment.option.choose', mode: 2 });
    expect(actor.getSnapshot().matches({ choosing: 'cards' })).toBe(true);
  });

  it('a Dine-In table is not offered Payment on Delivery: the option is not listed, and choosing it anyway opens nothing', () => {
    const { actor, spies, children } = running({ cartId: 'cart-abc', handOver: 'dine-in', payOnDeliveryRefusal: payOnDeliveryRefusal(2, 'dine-in') });
    expect(selectOfferedPaymentOptions(actor.getSnapshot()).map((o) => o.label)).toEqual(['Cards', 'UPI']);
    actor.send({ type: 'payment.option.choose', mode: 4 });
    expect(actor.getSnapshot().matches({ choosing: 'cards' })).toBe(true);
    expect(children().paymentOptions.getSnapshot().matches('delivery')).toBe(false);
    actor.send({ type: 'payment.continue' });
    expect(spies.reportChoice).not.toHaveBeenCalled();
  });

  it("a pick-up is offered Payment on Delivery under the spec's label, its panel in pick-up's words", () => {
    const pickUp = running({ cartId: 'cart-abc', handOver: 'pick-up' }).actor;
    expect(selectOfferedPaymentOptions(pickUp.getSnapshot()).map((o) => [o.mode, o.label])).toEqual([
      [2, 'Cards'],
      [3, 'UPI'],
      [4, 'Payment on Delivery'],
    ]);
    expect(selectPayOnDeliveryPanel(pickUp.getSnapshot())).toBe('Pay at the counter when you pick up your order.');
    const delivery = running({ cartId: 'cart-abc' }).actor;
    expect(selectOfferedPaymentOptions(delivery.getSnapshot()).map((o) => o.label)).toEqual(['Cards', 'UPI', 'Payment on Delivery']);
    expect(selectPayOnDeliveryPanel(delivery.getSnapshot())).toBe('Pay when your order arrives.');
  });

  it('UPI and back to cards: the card step and payment options show the same option', () => {
    const { actor, children } = running({ cartId: 'cart-abc' });
    actor.send({ type: 'payment.option.choose', mode: 3 });
    expect(actor.getSnapshot().matches({ choosing: 'upi' })).toBe(true);
    expect(children().paymentOptions.getSnapshot().matches('upi')).toBe(true);
    actor.send({ type: 'payment.option.choose', mode: 2 });
    expect(actor.getSnapshot().matches({ choosing: 'cards' })).toBe(true);
    expect(children().paymentOptions.getSnapshot().matches('cards')).toBe(true);
  });

  it('a bank picked from the list: the card step shows the bank panel and payment options takes the bank', () => {
    const { actor, children } = running({ cartId: 'cart-abc' });
    actor.send({ type: 'bank.choose', bank: 'Capital One' });
    expect(actor.getSnapshot().matches({ choosing: 'bank' })).toBe(true);
    expect(children().paymentOptions.getSnapshot().matches({ bank: 'enteringAccount' })).toBe(true);
    expect(children().paymentOptions.getSnapshot().context.bankName).toBe('Capital One');
    actor.send({ type: 'payment.option.choose', mode: 2 });
    expect(actor.getSnapshot().matches({ choosing: 'cards' })).toBe(true);
  });

  it('an order due before a bank debit clears: the bank list says why, and choosing a bank opens nothing (place order would refuse it)', () => {
    const refusal = bankDebitRefusal(['2026-12-01'], '2026-12-01');
    const { actor, children } = running({ cartId: 'cart-abc', bankRefusal: refusal });
    expect(selectBankRefusal(actor.getSnapshot())).toBe(bankMessages.tooSoon('12/07/2026'));
    actor.send({ type: 'bank.choose', bank: 'Chase' });
    expect(actor.getSnapshot().matches({ choosing: 'cards' })).toBe(true);
    expect(children().paymentOptions.getSnapshot().context.bankName).toBeUndefined();
    expect(selectBankRefusal(running({ cartId: 'cart-abc' }).actor.getSnapshot())).toBeUndefined();
  });

  it('opens Add New Card from the list, and continues with the card it saves', async () => {
    const { actor, spies, children } = running({ cartId: 'cart-abc', shippingAddress });
    children().cardList.send({ type: 'card.add' });
    expect(actor.getSnapshot().matches('addingCard')).toBe(true);
    const addCard = children().addCard;
    if (!addCard) throw new Error('Add New Card runs while it is open');
    expect(addCard.getSnapshot().context.shippingAddress).toEqual(shippingAddress);
    await waitFor(addCard, (s) => s.matches('editing'));
    for (const [field, value] of Object.entries(validCard)) addCard.send({ type: 'card.field.change', field: field as AddCardField, value });
    addCard.send({ type: 'card.billing.same.toggle', same: true });
    addCard.send({ type: 'card.save' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(spies.reportChoice).toHaveBeenCalledWith(
      expect.objectContaining({ payment_mode: 2, card_id: 3, billing_address_id: 78, card_info: 'American Express ending in 8431' }),
    );
    // The list reloads with the new card.
    await waitFor(children().cardList, (s) => s.matches('list'));
    expect(spies.loads).toBe(2);
  });

  it('back from Add New Card reloads the list; a refused save is a toast', async () => {
    const { actor, spies, children } = running({ cartId: 'cart-abc', shippingAddress }, async () => ({ code: -1, data: 'Your card was declined.' }));
    await waitFor(children().cardList, (s) => s.matches('list'));
    children().cardList.send({ type: 'card.add' });
    const addCard = children().addCard;
    if (!addCard) throw new Error('Add New Card runs while it is open');
    await waitFor(addCard, (s) => s.matches('editing'));
    for (const [field, value] of Object.entries(validCard)) addCard.send({ type: 'card.field.change', field: field as AddCardField, value });
    addCard.send({ type: 'card.billing.same.toggle', same: true });
    addCard.send({ type: 'card.save' });
    await vi.waitFor(() => expect(spies.notifyError).toHaveBeenCalledWith('Your card was declined. :BackendError'));
    addCard.send({ type: 'card.back' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    await waitFor(children().cardList, (s) => s.matches('list'));
    expect(spies.loads).toBe(2);
    expect(spies.reportChoice).not.toHaveBeenCalled();
  });

  it('settings: a card added reloads the list instead of continuing; a refused removal is a toast', async () => {
    const { actor, spies, children } = running({ fromSettings: true });
    await waitFor(children().cardList, (s) => s.matches('list'));
    children().cardList.send({ type: 'card.remove', cardId: 1 });
    children().cardList.send({ type: 'card.remove.confirm' });
    await vi.waitFor(() => expect(spies.notifyError).toHaveBeenCalledWith('The card provider could not be reached.'));
    children().cardList.send({ type: 'card.add' });
    const addCard = children().addCard;
    if (!addCard) throw new Error('Add New Card runs while it is open');
    await waitFor(addCard, (s) => s.matches('editing'));
    expect(addCard.getSnapshot().context.fromSettings).toBe(true);
    addCard.send({ type: 'card.back' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    await waitFor(children().cardList, (s) => s.matches('list'));
    expect(spies.reportChoice).not.toHaveBeenCalled();
  });
});
