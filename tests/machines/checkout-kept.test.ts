import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { GetAddressesReply } from '../../src/api/contract/address.contract.ts';
import {
  flagsResumedAt,
  flowResumedAt,
  keepCheckoutChoices,
  keptChoicesKey,
  keptChoicesOf,
  readKeptChoices,
  readKeptChoicesFor,
  restartKeptChoices,
  resumeStep,
  type CheckoutStorage,
} from '../../src/machines/checkout/checkout-kept.ts';
import { checkoutMachine } from '../../src/machines/checkout/checkout.machine.ts';
import { checkoutAddressMachine } from '../../src/machines/checkout/checkout-address.machine.ts';
import { checkoutSpeedMachine } from '../../src/machines/checkout/checkout-speed.machine.ts';
import { checkoutSummaryMachine } from '../../src/machines/checkout/checkout-summary.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { baseCart, ok } from './cart-fixtures.ts';
import { flowAtSummary, placedReply, reviewOk, shippingOk } from './checkout-fixtures.ts';

/** sessionStorage as a map. */
function memoryStorage(): { storage: CheckoutStorage; items: Map<string, string> } {
  const items = new Map<string, string>();
  const storage: CheckoutStorage = () => ({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  });
  return { storage, items };
}

const atSummary = {
  ...flowAtSummary,
  customer_stripe_id: 'cus_1',
  card_info: 'Visa ending in 4242',
  tipPercent: 10 as const,
  isGift: true,
  giftMessage: 'Enjoy',
};

describe('the checkout choices a reload keeps', () => {
  it('keeps a saved card by its id, the tip and the gift; never a fresh card token or a bank account', () => {
    const kept = keptChoicesOf('checkout', atSummary);
    expect(kept).toMatchObject({
      step: 'checkout',
      address: { id: 11 },
      speed: { selectedSpeedID: 1 },
      tipPercent: 10,
      isGift: true,
      giftMessage: 'Enjoy',
    });
    expect(kept.payment).toEqual({
      payment_mode: 2,
      card_id: 5,
      customer_stripe_id: 'cus_1',
      card_info: 'Visa ending in 4242',
      billing_address_id: undefined,
      payment_method: undefined,
    });
    expect(keptChoicesOf('checkout', { ...atSummary, card_id: undefined, card_token: 'tok_once' }).payment).toBeUndefined();
    const bank = keptChoicesOf('checkout', {
      ...atSummary,
      payment_mode: 1,
      bank_name: 'Chase',
      routing_number: '021000021',
      account_number: '000123456789',
    });
    expect(bank.payment).toBeUndefined();
    expect(JSON.stringify(bank)).not.toMatch(/021000021|000123456789|tok_/);
    expect(keptChoicesOf('checkout', { ...atSummary, payment_mode: 4, card_id: undefined }).payment).toEqual({ payment_mode: 4 });
  });

  it('opens the step the shopper was on, or the furthest before it the kept choices reach', () => {
    const kept = keptChoicesOf('checkout', atSummary);
    expect(resumeStep(undefined, false)).toBeUndefined();
    expect(resumeStep(kept, false)).toBe('checkout');
    expect(resumeStep({ ...kept, step: 'face' }, false)).toBe('face');
    expect(resumeStep({ ...kept, payment: undefined }, false)).toBe('card');
    expect(resumeStep({ ...kept, speed: undefined, payment: undefined }, false)).toBe('speed');
    expect(resumeStep({ ...kept, address: undefined }, false)).toBe('address');
    expect(resumeStep({ ...kept, step: 'speed' }, false)).toBe('speed');
    // Pick-up, dine-in and wallet carts start at payment.
    expect(resumeStep({ ...kept, address: undefined, speed: undefined }, true)).toBe('checkout');
    expect(resumeStep({ ...kept, payment: undefined }, true)).toBe('card');
    expect(flagsResumedAt('checkout', false)).toEqual({
      isAddressTab: true,
      isSpeedTab: true,
      isCardTab: true,
      isFaceTab: false,
      isSummaryTab: true,
    });
    expect(flagsResumedAt('checkout', true)).toEqual({
      isAddressTab: false,
      isSpeedTab: false,
      isCardTab: true,
      isFaceTab: false,
      isSummaryTab: true,
    });
  });

  it('a reload on the speed step keeps the speed for the step to open with; the address step keeps none', () => {
    const kept = { ...keptChoicesOf('speed', atSummary), payment: undefined };
    const flow = { ...atSummary, selectedSpeedID: undefined, selectedRetailerID: undefined, payment_mode: undefined, card_id: undefined };
    expect(flowResumedAt(flow, kept, 'speed')).toMatchObject({ selectedSpeedID: 1, selectedRetailerID: atSummary.selectedRetailerID });
    expect(flowResumedAt(flow, kept, 'address').selectedSpeedID).toBeUndefined();
  });

  it('a reload on the payment tab keeps the delivery days the cart has now (its bank rule reads them), never those kept with the speed (walk 9 #4)', () => {
    const { storage, items } = memoryStorage();
    const dated = { ...atSummary, deliveryDays: ['2026-12-03', '2026-11-30'] };
    items.set(keptChoicesKey('cart-abc'), JSON.stringify(keptChoicesOf('card', dated)));
    const kept = readKeptChoices(storage, 'cart-abc');
    if (!kept) throw new Error('the choices are kept');
    // The checkout read the cart first: its dates are in the flow the kept choices are restored into.
    expect(flowResumedAt({ ...atSummary, deliveryDays: ['2026-12-07'] }, kept, 'card').deliveryDays).toEqual(['2026-12-07']);
    const older = { ...kept, speed: kept.speed && { ...kept.speed, deliveryDays: undefined } };
    expect(flowResumedAt({ ...atSummary, deliveryDays: [] }, older, 'card').deliveryDays).toEqual([]);
  });

  it('CHECKOUT on the cart restarts the kept choices at the address: the address, tip and gift stay; the speed and payment go (walk 9 #4)', () => {
    const { storage, items } = memoryStorage();
    items.set(keptChoicesKey('cart-abc'), JSON.stringify({ ...keptChoicesOf('checkout', atSummary), choice: 'delivery|10001' }));
    restartKeptChoices(storage, 'cart-abc');
    const kept = readKeptChoices(storage, 'cart-abc');
    expect(kept).toMatchObject({
      step: 'address',
      address: { id: 11 },
      tipPercent: 10,
      isGift: true,
      giftMessage: 'Enjoy',
      choice: 'delivery|10001',
    });
    expect(kept?.speed).toBeUndefined();
    expect(kept?.payment).toBeUndefined();
    expect(resumeStep(kept, false)).toBe('address');
    // Nothing kept, or another cart's: nothing is written.
    restartKeptChoices(storage, 'cart-other');
    expect(items.has(keptChoicesKey('cart-other'))).toBe(false);
  });

  it('reads back only what its struct accepts, for that cart', () => {
    const { storage, items } = memoryStorage();
    items.set(keptChoicesKey('cart-abc'), JSON.stringify(keptChoicesOf('checkout', atSummary)));
    expect(readKeptChoices(storage, 'cart-abc')).toMatchObject({ step: 'checkout', tipPercent: 10, giftMessage: 'Enjoy' });
    expect(readKeptChoices(storage, 'cart-other')).toBeUndefined();
    items.set(keptChoicesKey('cart-abc'), JSON.stringify({ step: 'checkout', tipPercent: 7, isGift: false, giftMessage: '' }));
    expect(readKeptChoices(storage, 'cart-abc')).toBeUndefined();
    items.set(keptChoicesKey('cart-abc'), '{not json');
    expect(readKeptChoices(storage, 'cart-abc')).toBeUndefined();
  });

  it('writes the choices as the checkout changes them, not before a step is open, and forgets them once the order is placed', async () => {
    const { storage, items } = memoryStorage();
    const kept = keptChoicesOf('checkout', atSummary);
    items.set(keptChoicesKey('cart-abc'), JSON.stringify(kept));
    const session = createActor(sessionMachine, { input: { Token: 'tok', cust_name: 'Ada', cart_id: 'cart-abc', zipcode: '10001' } }).start();
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    const machine = checkoutMachine.provide({
      actors: {
        loadCart: fromPromise(() => new Promise<ReturnType<typeof ok>>((resolve) => (answer = resolve))),
        reviewOrder: checkoutSummaryMachine.provide({
          actors: { orderReview: fromPromise(async () => reviewOk), placeOrder: fromPromise(async () => placedReply) },
        }),
      },
      actions: { goToStep: () => undefined },
    });
    const actor = createActor(machine, { input: { session, kept } });
    const stop = keepCheckoutChoices(actor, storage);
    actor.start();
    // While the cart's lines load, what was kept stays as it was.
    expect(items.get(keptChoicesKey('cart-abc'))).toBe(JSON.stringify(kept));
    answer(ok(baseCart));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ flow: 'checkout' })).toBe(true);
    actor.send({ type: 'summary.choices', choices: { tipPercent: 15, isGift: true, giftMessage: 'Enjoy it' } });
    expect(readKeptChoices(storage, 'cart-abc')).toMatchObject({ step: 'checkout', tipPercent: 15, giftMessage: 'Enjoy it' });
    actor.getSnapshot().children.reviewOrder?.send({ type: 'order.place' });
    await waitFor(actor, (s) => s.matches({ flow: 'placed' }));
    expect(actor.getSnapshot().matches({ flow: 'placed' })).toBe(true);
    expect(items.has(keptChoicesKey('cart-abc'))).toBe(false);
    stop();
    actor.stop();
  });

  it('keeps the speed and date picked on the speed tab before CONTINUE, and a reload opens the tab with them', async () => {
    const { storage, items } = memoryStorage();
    // On the speed tab after her address, 1 Hour Delivery shown; a 10 % tip from an earlier visit to the summary.
    const before = { ...keptChoicesOf('speed', atSummary), payment: undefined };
    items.set(keptChoicesKey('cart-abc'), JSON.stringify(before));
    const opened = (kept: ReturnType<typeof readKeptChoices>) => {
      const session = createActor(sessionMachine, { input: { Token: 'tok', cust_name: 'Ada', cart_id: 'cart-abc', zipcode: '10001' } }).start();
      const machine = checkoutMachine.provide({
        actors: {
          loadCart: fromPromise(async () => ok(baseCart)),
          chooseSpeed: checkoutSpeedMachine.provide({ actors: { shippingOptions: fromPromise(async () => shippingOk) } }),
        },
        actions: { goToStep: () => undefined },
      });
      const actor = createActor(machine, { input: { session, kept } });
      const stop = keepCheckoutChoices(actor, storage);
      actor.start();
      return { actor, stop };
    };
    const speedStepOf = async (actor: ReturnType<typeof opened>['actor']) => {
      await waitFor(actor, (s) => s.matches({ flow: 'speed' }));
      const step = actor.getSnapshot().children.chooseSpeed;
      if (!step) throw new Error('the speed step is open');
      await waitFor(step, (s) => s.matches('choosing'));
      return step;
    };

    const first = opened(readKeptChoices(storage, 'cart-abc'));
    const step = await speedStepOf(first.actor);
    expect(step.getSnapshot().context.speedChoice?.speedId).toBe(1);
    // Courier and its second day, no CONTINUE: kept at once, the tip as it was.
    step.send({ type: 'speed.choose', speedId: 10 });
    step.send({ type: 'method.choose', methodId: 'courier-201-b' });
    expect(readKeptChoices(storage, 'cart-abc')).toMatchObject({
      step: 'speed',
      speed: { selectedSpeedID: 10, selectedShippingMethodID: 'courier-201-b', deliveryDate: '2026-11-26', shippingAmount: '9.00' },
      tipPercent: 10,
    });
    first.stop();
    first.actor.stop();

    // The reload: the speed tab opens with Courier and the second day (openingChoice), not 1 Hour Delivery.
    const reloaded = opened(readKeptChoices(storage, 'cart-abc'));
    const again = await speedStepOf(reloaded.actor);
    expect(again.getSnapshot().context.speedChoice).toEqual({ speedId: 10, retailerId: undefined, methodId: 'courier-201-b' });
    again.send({ type: 'speed.continue' });
    await waitFor(reloaded.actor, (s) => s.matches({ flow: 'card' }));
    // CONTINUE takes it as before: Courier has no driver, so no tip.
    expect(reloaded.actor.getSnapshot().context.flow).toMatchObject({
      selectedSpeedID: 10,
      selectedShippingMethodID: 'courier-201-b',
      tipPercent: 0,
    });
    reloaded.stop();
    reloaded.actor.stop();
  });
  it('keeps the choices with the delivery option they were made under: under another (changed in another tab) they are not read, and a checkout left behind forgets them (walk 6 #4)', async () => {
    const { storage, items } = memoryStorage();
    const onDelivery: SessionValues = { Token: 'tok', cust_name: 'Ada', cart_id: 'cart-abc', zipcode: '10001', shippingType: 'delivery' };
    const dineIn: SessionValues = { shippingType: 'dine-in', couriertype: 'dine-in', retailer: 401, retailer_name: 'Gramercy Chop House' };
    const session = createActor(sessionMachine, { input: onDelivery }).start();
    const machine = checkoutMachine.provide({
      actors: {
        loadCart: fromPromise(async () => ok(baseCart)),
        chooseAddress: checkoutAddressMachine.provide({
          actors: { getShippingAddresses: fromPromise<GetAddressesReply, { customerId: number }>(() => new Promise(() => undefined)) },
        }),
      },
      actions: { goToStep: () => undefined },
    });
    const actor = createActor(machine, { input: { session, kept: undefined } });
    const stop = keepCheckoutChoices(actor, storage);
    actor.start();
    await waitFor(actor, (s) => s.matches({ flow: 'address' }));
    expect(readKeptChoicesFor(storage, onDelivery)).toMatchObject({ step: 'address' });
    // Read under Dine-In (chosen in another tab since), a Delivery checkout's choices are not this cart's any more.
    expect(readKeptChoicesFor(storage, { ...onDelivery, ...dineIn })).toBeUndefined();

    session.send({ type: 'session.update', values: dineIn });
    await waitFor(actor, (s) => s.matches({ flow: 'leftBehind' }));
    expect(items.has(keptChoicesKey('cart-abc'))).toBe(false);
    stop();
    actor.stop();
  });
});
