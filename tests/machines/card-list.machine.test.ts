import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { PaymentMessageReply, PaymentMethodsReply, SavedCardData } from '../../src/api/contract/payment.contract.ts';
import { cardListMachine, type CardListContext, type CardListInput } from '../../src/machines/cards/card-list.machine.ts';
import { selectCanAddCard, selectSavedCardsActionable } from '../../src/machines/cards/index.ts';
import { mastercard, visa } from './checkout-fixtures.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const listed: PaymentMethodsReply = { code: 1, data: [visa, mastercard], payment_method: 'stripe_payments' };
const added: SavedCardData = {
  id: 3,
  customer: 'cus_test_1',
  metadata: { address_id: 78 },
  brand: 'amex',
  last4: '8431',
  exp_month: 1,
  exp_year: 2032,
};
const loaded = label('loadCards: two cards', done('loadCards', listed));
const loadRefused = label('loadCards: code -1', done('loadCards', { code: -1, message: 'No cards', data: [], payment_method: 'stripe_payments' }));
const loadFailed = label('loadCards: offline', failed('loadCards'));
const removed = label('removeCard: removed', done('removeCard', { code: 1, message: 'Card removed.' }));
const removeRefused = label('removeCard: code -1', done('removeCard', { code: -1, message: 'The card provider could not be reached.' }));
const removeFailed = label('removeCard: offline', failed('removeCard'));
const cardAdded = label('card.added: amex', { type: 'card.added', card: added, billingAddressId: 78 });

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as CardListContext;
  if (snapshot.matches('loading')) return [loaded, loadRefused, loadFailed, { type: 'card.add' }];
  if (snapshot.matches('failed')) return [{ type: 'cards.retry' }, { type: 'card.add' }];
  if (snapshot.matches('adding')) return [{ type: 'card.add.back' }, cardAdded];
  if (snapshot.matches('removing')) return [removed, removeRefused, removeFailed];
  if (snapshot.matches('confirmingRemove')) return [{ type: 'card.remove.confirm' }, { type: 'card.remove.cancel' }];
  if (snapshot.matches('list')) {
    return [
      ...(c.chosenId === undefined
        ? [
            { type: 'card.choose', cardId: 1 },
            { type: 'card.choose', cardId: 99 },
          ]
        : []),
      { type: 'card.continue' },
      { type: 'card.add' },
      ...(c.cards.length === 2
        ? [
            { type: 'card.remove', cardId: 1 },
            { type: 'card.remove', cardId: 99 },
          ]
        : []),
    ];
  }
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CardListContext;
  return JSON.stringify([snapshot.value, c.cards.map((x) => x.id), c.chosenId ?? null, c.removingId ?? null]);
};

/** The reports go to the card step, a parent this graph walk has not got. */
const walkable = cardListMachine.provide({
  actions: { reportChoice: () => undefined, reportAddingCard: () => undefined, reportRemoveRefusal: () => undefined },
});

describe('card list paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const inputs: { name: string; input: CardListInput }[] = [
    { name: 'checkout', input: { cartId: 'cart-abc' } },
    { name: 'settings', input: { fromSettings: true } },
  ];
  for (const who of inputs) {
    const plans = planPaths(walkable, { input: who.input, events: eventsFor, serializeState });
    describe(who.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(walkable, plan, who.input);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        const c = result.snapshot.context as CardListContext;
        // Only a listed card can be chosen.
        if (c.chosenId !== undefined && result.snapshot.matches('list')) expect(c.cards.some((x) => x.id === c.chosenId)).toBe(true);
      });
    });
  }

  it(coverageTitle(cardListMachine), () => {
    expect([...allStateIds(cardListMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(cardListMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

function start(input: CardListInput, remove: () => Promise<PaymentMessageReply> = async () => ({ code: 1, message: 'Card removed.' })) {
  const spies = { reportChoice: vi.fn(), reportAddingCard: vi.fn(), reportRemoveRefusal: vi.fn() };
  const loads: (string | undefined)[] = [];
  const machine = cardListMachine.provide({
    actors: {
      loadCards: fromPromise(async ({ input: body }) => {
        loads.push(body.cartId);
        return listed;
      }),
      removeCard: fromPromise(() => remove()),
    },
    actions: {
      reportChoice: (_, params) => spies.reportChoice(params.choice),
      reportAddingCard: () => spies.reportAddingCard(),
      reportRemoveRefusal: (_, params) => spies.reportRemoveRefusal(params.message),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, spies, loads };
}

describe('card list behaviour', () => {
  it('shows a loading state, then the cards; Continue waits for a choice', async () => {
    const { actor, spies, loads } = start({ cartId: 'cart-abc' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('list'));
    expect(loads).toEqual(['cart-abc']);
    expect(actor.getSnapshot().can({ type: 'card.continue' })).toBe(false);
    actor.send({ type: 'card.choose', cardId: 2 });
    expect(actor.getSnapshot().can({ type: 'card.continue' })).toBe(true);
    actor.send({ type: 'card.continue' });
    expect(spies.reportChoice).toHaveBeenCalledWith({
      payment_mode: 2,
      card_id: 2,
      card_token: '',
      customer_stripe_id: 'cus_test_1',
      card_info: 'Mastercard ending in 4444',
      billing_address_id: undefined,
      payment_method: 'stripe_payments',
    });
  });

  it('continues with a card just added (checkout) and chooses it', async () => {
    const { actor, spies } = start({ cartId: 'cart-abc' });
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'card.add' });
    expect(spies.reportAddingCard).toHaveBeenCalledOnce();
    actor.send({ type: 'card.added', card: added, billingAddressId: 78 });
    expect(spies.reportChoice).toHaveBeenCalledWith({
      payment_mode: 2,
      card_id: 3,
      card_token: '',
      customer_stripe_id: 'cus_test_1',
      card_info: 'American Express ending in 8431',
      billing_address_id: 78,
      payment_method: 'stripe_payments',
    });
  });

  it('reloads instead of continuing when a card is added from settings', async () => {
    const { actor, spies, loads } = start({ fromSettings: true });
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'card.add' });
    actor.send({ type: 'card.added', card: added, billingAddressId: 78 });
    await waitFor(actor, (s) => s.matches('list'));
    expect(spies.reportChoice).not.toHaveBeenCalled();
    expect(loads).toEqual([undefined, undefined]);
  });

  it('asks before removing a card (walk 4): Keep leaves it, only Yes, remove calls the server', async () => {
    const calls: number[] = [];
    const { actor } = start({ fromSettings: true }, async () => {
      calls.push(1);
      return { code: 1, message: 'Card removed.' };
    });
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'card.remove', cardId: 1 });
    expect(actor.getSnapshot().matches('confirmingRemove')).toBe(true);
    expect(actor.getSnapshot().context.removingId).toBe(1);
    actor.send({ type: 'card.remove.cancel' });
    expect(actor.getSnapshot().matches('list')).toBe(true);
    expect(actor.getSnapshot().context.removingId).toBeUndefined();
    expect(actor.getSnapshot().context.cards).toHaveLength(2);
    expect(calls).toEqual([]);
    // While it asks, the cards cannot be chosen (nor another removed).
    actor.send({ type: 'card.remove', cardId: 2 });
    expect(actor.getSnapshot().can({ type: 'card.choose', cardId: 1 })).toBe(false);
    actor.send({ type: 'card.remove.confirm' });
    await waitFor(actor, (s) => s.matches('list'));
    expect(calls).toEqual([1]);
    expect(actor.getSnapshot().context.cards.map((c) => c.id)).toEqual([1]);
  });

  it('removes a card on code 1, and alerts the message otherwise', async () => {
    const ok = start({ fromSettings: true });
    await waitFor(ok.actor, (s) => s.matches('list'));
    ok.actor.send({ type: 'card.remove', cardId: 1 });
    ok.actor.send({ type: 'card.remove.confirm' });
    await waitFor(ok.actor, (s) => s.matches('list'));
    expect(ok.actor.getSnapshot().context.cards.map((c) => c.id)).toEqual([2]);

    const refused = start({ fromSettings: true }, async () => ({ code: -1, message: 'The card provider could not be reached.' }));
    await waitFor(refused.actor, (s) => s.matches('list'));
    refused.actor.send({ type: 'card.remove', cardId: 1 });
    refused.actor.send({ type: 'card.remove.confirm' });
    await waitFor(refused.actor, (s) => s.matches('list'));
    expect(refused.spies.reportRemoveRefusal).toHaveBeenCalledWith('The card provider could not be reached.');
    expect(refused.actor.getSnapshot().context.cards).toHaveLength(2);
  });
});

describe('card list controls', () => {
  it('enables ADD CARD, the saved cards and Remove exactly where the machine takes them (a click elsewhere would be dropped)', async () => {
    const loads: ((reply: PaymentMethodsReply) => void)[] = [];
    const removals: ((reply: PaymentMessageReply) => void)[] = [];
    const machine = cardListMachine.provide({
      actors: {
        loadCards: fromPromise<PaymentMethodsReply, { cartId: string | undefined }>(() => new Promise((resolve) => loads.push(resolve))),
        removeCard: fromPromise<PaymentMessageReply, { cardId: number }>(() => new Promise((resolve) => removals.push(resolve))),
      },
      actions: { reportChoice: () => undefined, reportAddingCard: () => undefined, reportRemoveRefusal: () => undefined },
    });
    const seen = new Map<string, { add: boolean; cards: boolean }>();
    const actor = createActor(machine, { input: { fromSettings: true } });
    actor.subscribe((s) => {
      const where = `${String(s.value)}${s.context.cards.length > 0 ? ' with cards' : ''}`;
      seen.set(where, { add: selectCanAddCard(s), cards: selectSavedCardsActionable(s) });
      expect(selectCanAddCard(s), where).toBe(s.can({ type: 'card.add' }));
      for (const card of s.context.cards) {
        expect(selectSavedCardsActionable(s), `card.choose in ${where}`).toBe(s.can({ type: 'card.choose', cardId: card.id }));
        expect(selectSavedCardsActionable(s), `card.remove in ${where}`).toBe(s.can({ type: 'card.remove', cardId: card.id }));
      }
    });
    actor.start();
    loads.shift()?.(listed);
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'card.remove', cardId: 1 });
    actor.send({ type: 'card.remove.confirm' });
    removals.shift()?.({ code: -1, message: 'The card provider could not be reached.' });
    await waitFor(actor, (s) => s.matches('list'));
    // ADD CARD, then Back: the old cards are shown while the list loads again, which then fails.
    actor.send({ type: 'card.add' });
    actor.send({ type: 'card.add.back' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    loads.shift()?.({ code: -1, message: 'No cards', data: [], payment_method: 'stripe_payments' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.stop();
    expect(Object.fromEntries(seen)).toEqual({
      loading: { add: true, cards: false },
      'list with cards': { add: true, cards: true },
      'confirmingRemove with cards': { add: false, cards: false },
      'removing with cards': { add: false, cards: false },
      'adding with cards': { add: false, cards: false },
      'loading with cards': { add: true, cards: false },
      'failed with cards': { add: true, cards: false },
    });
  });
});
