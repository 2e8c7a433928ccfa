import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AddAddressReply } from '../../src/api/contract/address.contract.ts';
import type { ZipLookupReply } from '../../src/api/contract/location.contract.ts';
import type { SaveCardReply, SavedCardData, StripeDetailsReply } from '../../src/api/contract/payment.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { addCardMachine } from '../../src/machines/cards/add-card.machine.ts';
import { selectCanLeaveAddCard } from '../../src/machines/cards/index.ts';
import {
  addCardMessages,
  formErrors,
  type AddCardContext,
  type AddCardField,
  type AddCardInput,
  type CardTokenInput,
  type CardTokenRequest,
  type ShippingAddressForCard,
} from '../../src/machines/cards/add-card.setup.ts';
import { addressGoneMessage } from '../../src/rules/messages.ts';
import { done, failed, label, offline } from './machine-events.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const fixedNow = () => new Date('2030-06-03T14:00:00Z');
const shipping: ShippingAddressForCard = {
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
const testGateway: StripeDetailsReply = { code: 1, data: { publishable_key: '', gateway: 'test' } };
const savedCard: SavedCardData = {
  id: 9,
  customer: 'cus_test_1',
  metadata: { address_id: 77 },
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
};
const cardSaved: SaveCardReply = { code: 1, message: 'Card saved.', data: [savedCard] };
const billingSaved: AddAddressReply = { code: 1, message: 'Address saved.', address_id: 77 };

const validValues: Record<AddCardField, string> = {
  holder: 'Ada Lovelace',
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Main St',
  address2: '',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '2125550100',
};

const gatewayLoaded = label('loadGateway: test', done('loadGateway', testGateway));
const gatewayRefused = label('loadGateway: code -1', done('loadGateway', { code: -1, message: 'No gateway' }));
const gatewayFailed = label('loadGateway: offline', failed('loadGateway'));
const tokenMade = label('createCardToken: token', done('createCardToken', { token: 'tok_test_1' }));
const tokenRefused = label('createCardToken: declined', failed('createCardToken', new Error('Your card was declined.')));
const billingDone = label('saveBillingAddress: saved', done('saveBillingAddress', billingSaved));
const billingRefused = label(
  'saveBillingAddress: code -1',
  done('saveBillingAddress', { code: -1, message: "Your Zipcode and City Value Doesn't match.Please Fix and Try Again" }),
);
const billingFailed = label('saveBillingAddress: offline', failed('saveBillingAddress'));
const cardDone = label('saveCard: saved', done('saveCard', cardSaved));
const cardRefused = label('saveCard: declined', done('saveCard', { code: -1, data: 'Your card was declined.' }));
const cardRefusedBlank = label('saveCard: code -1 without text', done('saveCard', { code: -1, data: '' }));
const cardFailed = label('saveCard: offline', failed('saveCard'));
const cardAddressGone = label('saveCard: 404 Address not found', failed('saveCard', new ApiError('Address not found', 0, 404)));
const stripeFieldsGone = label('card.tokenizer.change: none', { type: 'card.tokenizer.change', tokenizer: undefined });
const newYork: ZipLookupReply = { code: 1, data: [{ zipcode: '10001', city: 'New York', state: 'NY', loc_id: 1 }] };
const zipFound = label('lookupZip: 10001 New York', done('lookupZip', newYork));
const zipFailed = label('lookupZip: offline', failed('lookupZip'));
const wrongCity = label('city: Boston', { type: 'card.field.change', field: 'city', value: 'Boston' });

/** Fixes the first invalid field: a chain of fixes, not every combination, keeps the graph small. */
function nextFix(context: AddCardContext): AnyEventObject[] {
  const field = Object.keys(formErrors(context))[0];
  if (field === undefined) return [];
  const key = field as AddCardField;
  return [{ type: 'card.field.change', field: key, value: validValues[key] }];
}

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as AddCardContext;
  if (snapshot.matches('loadingGateway')) return [gatewayLoaded, gatewayRefused, gatewayFailed];
  if (snapshot.matches('gatewayFailed')) return [{ type: 'card.gateway.retry' }, { type: 'card.back' }];
  if (snapshot.matches({ saving: 'tokenizingFirst' }) || snapshot.matches({ saving: 'tokenizingSecond' })) return [tokenMade, tokenRefused];
  if (snapshot.matches({ saving: 'savingBillingAddress' })) return [billingDone, billingRefused, billingFailed];
  if (snapshot.matches({ saving: 'savingCard' })) return [cardDone, cardRefused, cardRefusedBlank, cardFailed, cardAddressGone];
  if (snapshot.matches({ editing: 'lookingUpZip' })) return [zipFound, zipFailed];
  if (snapshot.matches('editing')) {
    return [
      ...nextFix(c),
      // After the zip filled the city, a city that is not the zip's (the zip rule refuses it on save).
      ...(c.zipLookup && c.values.city === 'New York' ? [wrongCity] : []),
      { type: 'card.save' },
      { type: 'card.back' },
      { type: 'card.billing.same.toggle', same: !c.sameAsShipping },
      stripeFieldsGone,
    ];
  }
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as AddCardContext;
  return JSON.stringify([
    snapshot.value,
    Object.keys(formErrors(c)),
    c.sameAsShipping,
    c.billingAddressId ?? null,
    c.tokens.length,
    c.tried,
    c.formError ?? null,
    c.zipLookup?.zip ?? null,
    c.values.city,
  ]);
};

/** The toast is the card step's: the graph walks this machine alone. */
const walkable = addCardMachine.provide({ actions: { reportError: () => undefined, reportAddressGone: () => undefined } });

describe('add card paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const inputs: { name: string; input: AddCardInput }[] = [
    { name: 'checkout', input: { shippingAddress: shipping, now: fixedNow } },
    { name: 'settings', input: { shippingAddress: shipping, fromSettings: true, now: fixedNow } },
  ];
  for (const who of inputs) {
    const plans = planPaths(walkable, { input: who.input, events: eventsFor, serializeState });
    describe(who.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(walkable, plan, who.input);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        const c = result.snapshot.context as AddCardContext;
        // Settings never copies the shipping address.
        if (who.input.fromSettings) expect(c.sameAsShipping).toBe(false);
        if (result.snapshot.matches('saving')) expect(Object.keys(formErrors(c))).toEqual([]);
      });
    });
  }

  it(coverageTitle(addCardMachine), () => {
    expect([...allStateIds(addCardMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(addCardMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

interface Stubs {
  token?: (input: CardTokenInput, call: number) => Promise<{ token: string }>;
  billing?: () => Promise<AddAddressReply>;
  card?: () => Promise<SaveCardReply>;
  zip?: (zip: string) => Promise<ZipLookupReply>;
}

function start(input: AddCardInput = { shippingAddress: shipping, now: fixedNow }, stubs: Stubs = {}) {
  const calls: string[] = [];
  const zips: string[] = [];
  const inputs = { tokens: [] as CardTokenInput[], billing: [] as unknown[], card: [] as unknown[] };
  const spies = { reportError: vi.fn(), reportAddressGone: vi.fn() };
  const machine = addCardMachine.provide({
    actors: {
      loadGateway: fromPromise(async () => testGateway),
      lookupZip: fromPromise(async ({ input: { zip } }: { input: { zip: string } }) => {
        zips.push(zip);
        return stubs.zip ? stubs.zip(zip) : newYork;
      }),
      createCardToken: fromPromise(async ({ input: tokenInput }) => {
        inputs.tokens.push(tokenInput);
        calls.push(`token${inputs.tokens.length}`);
        return stubs.token ? stubs.token(tokenInput, inputs.tokens.length) : { token: `tok_test_${inputs.tokens.length}` };
      }),
      saveBillingAddress: fromPromise(async ({ input: values }) => {
        inputs.billing.push(values);
        calls.push('billing');
        return stubs.billing ? stubs.billing() : billingSaved;
      }),
      saveCard: fromPromise(async ({ input: body }) => {
        inputs.card.push(body);
        calls.push('card');
        return stubs.card ? stubs.card() : cardSaved;
      }),
    },
    actions: {
      reportError: (_, params) => spies.reportError(params.message),
      reportAddressGone: () => spies.reportAddressGone(),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, zips, inputs, spies };
}

async function fill(actor: ReturnType<typeof start>['actor'], values: Partial<Record<AddCardField, string>> = validValues) {
  await waitFor(actor, (s) => s.matches('editing'));
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'card.field.change', field: field as AddCardField, value });
}

const settled = (s: AnyMachineSnapshot) => s.matches('editing') || s.status === 'done';

describe('add card behaviour', () => {
  it('reports every invalid field at once with the billing words', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'card.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      holder: 'Card holder is required.',
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
      firstName: 'first name is required.',
      lastName: 'last name is required.',
      address: 'Address is required.',
      city: 'City is required.',
      state: 'State is required.',
      zip: 'Zipcode is required.',
      phone: 'Phone is required.',
    });
    expect(calls).toEqual([]);
  });

  it('checks the card rules: Luhn, past expiry, CVC length, zip as a number', async () => {
    const { actor } = start();
    await fill(actor, { ...validValues, number: '4242 4242 4242 4241', expiry: '01/29', cvc: '12', zip: 'abcde' });
    actor.send({ type: 'card.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      number: 'Your card number is invalid.',
      expiry: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is incomplete.",
      zip: 'Must be a number.',
    });
  });

  it('makes two tokens, then saves the billing address, then the card with both tokens and its id', async () => {
    const { actor, calls, inputs } = start();
    await fill(actor);
    actor.send({ type: 'card.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['token1', 'token2', 'billing', 'card']);
    expect(inputs.tokens[0]).toEqual({ gateway: 'test', holder: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
    expect(inputs.card[0]).toEqual({ tokens: ['tok_test_1', 'tok_test_2'], billingAddressId: 77, holder: 'Ada Lovelace' });
    expect(actor.getSnapshot().output).toEqual({ added: { card: savedCard, billingAddressId: 77 } });
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('uses the shipping address id when Same As Shipping Address is on, and saves no billing address', async () => {
    const { actor, calls, inputs } = start();
    await fill(actor, { holder: 'Ada Lovelace', number: '4242424242424242', expiry: '12/30', cvc: '123' });
    actor.send({ type: 'card.billing.same.toggle', same: true });
    expect(actor.getSnapshot().context.values.city).toBe('New York');
    actor.send({ type: 'card.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['token1', 'token2', 'card']);
    expect(inputs.card[0]).toMatchObject({ billingAddressId: 41 });
  });

  it('names a shipping address deleted in another tab (404) instead of the connection error, and reports it (walk 4 #4)', async () => {
    const { actor, spies } = start(undefined, { card: () => Promise.reject(new ApiError('Address not found', 0, 404)) });
    await fill(actor, { holder: 'Ada Lovelace', number: '4242424242424242', expiry: '12/30', cvc: '123' });
    actor.send({ type: 'card.billing.same.toggle', same: true });
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.formError).toBe(addressGoneMessage);
    expect(spies.reportAddressGone).toHaveBeenCalledTimes(1);
    expect(spies.reportError).not.toHaveBeenCalled();
  });

  it('keeps the connection words for a 404 on a billing address of its own (not the shipping one)', async () => {
    const { actor, spies } = start(undefined, { card: () => Promise.reject(new ApiError('Address not found', 0, 404)) });
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.formError).toBe(addCardMessages.serverError);
    expect(spies.reportAddressGone).not.toHaveBeenCalled();
  });

  it('fills the billing city and state from a 5-digit zip, as the shipping form does (issue 23)', async () => {
    // A dine-in checkout: no shipping address to copy, the billing address is typed in.
    const { actor, calls, zips } = start({ now: fixedNow });
    await fill(actor, { ...validValues, city: '', state: '', zip: '1000' });
    expect(zips).toEqual([]);
    actor.send({ type: 'card.field.change', field: 'zip', value: '10001' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    expect(zips).toEqual(['10001']);
    expect(actor.getSnapshot().context.values).toMatchObject({ zip: '10001', city: 'New York', state: 'NY' });
    actor.send({ type: 'card.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['token1', 'token2', 'billing', 'card']);
  });

  it('refuses a billing city that is not the zip’s, with the shipping form’s words, and saves nothing', async () => {
    const { actor, calls, spies } = start({ now: fixedNow });
    await fill(actor, { ...validValues, city: '' });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }) && s.context.values.city === 'New York');
    actor.send({ type: 'card.field.change', field: 'city', value: 'Boston' });
    actor.send({ type: 'card.save' });
    const message = "Your Zipcode and City Value Doesn't match.Please Fix and Try Again";
    expect(actor.getSnapshot().context.formError).toBe(message);
    expect(spies.reportError).toHaveBeenCalledWith(message);
    expect(calls).toEqual([]);
  });

  it('keeps a zip lookup’s late answer off a zip the shopper has changed since', async () => {
    let answer: (reply: ZipLookupReply) => void = () => undefined;
    const { actor } = start({ now: fixedNow }, { zip: () => new Promise((resolve) => (answer = resolve)) });
    await fill(actor, { ...validValues, city: '', state: '' });
    actor.send({ type: 'card.field.change', field: 'zip', value: '1000' });
    answer(newYork);
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    expect(actor.getSnapshot().context.values).toMatchObject({ zip: '1000', city: '', state: '' });
  });

  it('has no shipping address to copy on a dine-in checkout: the toggle does nothing', async () => {
    const { actor } = start({ now: fixedNow });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'card.billing.same.toggle', same: true });
    expect(actor.getSnapshot().context.sameAsShipping).toBe(false);
  });

  it('ignores the toggle when opened from account settings', async () => {
    const { actor } = start({ shippingAddress: shipping, fromSettings: true, now: fixedNow });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'card.billing.same.toggle', same: true });
    expect(actor.getSnapshot().context.sameAsShipping).toBe(false);
  });

  it('shows the card refusal text with :BackendError inline and in an alert', async () => {
    const { actor, spies } = start(undefined, { card: async () => ({ code: -1, data: 'Your card was declined.' }) });
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.formError).toBe('Your card was declined. :BackendError');
    expect(spies.reportError).toHaveBeenCalledWith('Your card was declined. :BackendError');
  });

  it("falls back to 'something went wrong while processing card :BackendError'", async () => {
    const { actor, spies } = start(undefined, { card: async () => ({ code: -1, data: '' }) });
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.formError).toBe('something went wrong while processing card :BackendError');
    expect(spies.reportError).toHaveBeenCalledWith('something went wrong while processing card :BackendError');
  });

  it('shows the billing refusal inline only', async () => {
    const { actor, calls, spies } = start(undefined, { billing: async () => ({ code: -1, message: 'nope' }) });
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.formError).toBe('something went wrong while saving billing address');
    expect(spies.reportError).not.toHaveBeenCalled();
    expect(calls).toEqual(['token1', 'token2', 'billing']);
  });

  it.each([
    ['billing', { billing: () => Promise.reject(offline) }],
    ['card', { card: () => Promise.reject(offline) }],
  ])("says 'Internal server error occured' when the %s save fails in transport", async (_what, stubs: Stubs) => {
    const { actor, spies } = start(undefined, stubs);
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.formError).toBe('Internal server error occured');
    expect(spies.reportError).toHaveBeenCalledWith('Internal server error occured');
  });

  it("shows the provider's tokenisation message inline and as a toast, and stops", async () => {
    const { actor, calls, spies } = start(undefined, {
      token: (_input, n) => (n === 2 ? Promise.reject(new Error('Your card was declined.')) : Promise.resolve({ token: 'tok_1' })),
    });
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    expect(actor.getSnapshot().context.formError).toBe('Your card was declined.');
    expect(spies.reportError).toHaveBeenCalledWith('Your card was declined.');
    expect(calls).toEqual(['token1', 'token2']);
  });

  it("puts the test gateway's field errors on their fields", async () => {
    const refusal = new ApiError('Please correct the card.', 0, 400, [{ field: 'number', message: 'Your card number is invalid.' }]);
    const { actor } = start(undefined, { token: () => Promise.reject(refusal) });
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.errors.number).toBe('Your card number is invalid.');
    expect(actor.getSnapshot().context.formError).toBe('Your card number is invalid.');
  });

  it('reuses the billing address saved by a failed attempt, with fresh tokens', async () => {
    let attempt = 0;
    const { actor, calls, inputs } = start(undefined, {
      card: async () => {
        attempt += 1;
        return attempt === 1 ? { code: -1, data: 'Your card was declined.' } : cardSaved;
      },
    });
    await fill(actor);
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    actor.send({ type: 'card.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['token1', 'token2', 'billing', 'card', 'token3', 'token4', 'card']);
    expect(inputs.card[1]).toEqual({ tokens: ['tok_test_3', 'tok_test_4'], billingAddressId: 77, holder: 'Ada Lovelace' });
  });

  it('goes back on card.back', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'card.back' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ added: undefined });
  });

  it("tokenizes with Stripe's fields once they have handed their tokenizer over", async () => {
    const notified: string[] = [];
    const machine = addCardMachine.provide({
      actors: {
        loadGateway: fromPromise<StripeDetailsReply>(async () => ({ code: 1, data: { publishable_key: 'pk_test_offline', gateway: 'stripe' } })),
        saveCard: fromPromise(async () => cardSaved),
      },
      actions: { reportError: (_, params) => notified.push(params.message) },
    });
    const actor = createActor(machine, { input: { shippingAddress: shipping, now: fixedNow } }).start();
    await fill(actor, { holder: 'Ada Lovelace' });
    actor.send({ type: 'card.billing.same.toggle', same: true });
    actor.send({ type: 'card.save' });
    await waitFor(actor, settled);
    expect(actor.getSnapshot().context.formError).toBe(addCardMessages.cardFormLoading);
    expect(notified).toEqual([addCardMessages.cardFormLoading]);

    const stripeInputs: CardTokenInput[] = [];
    actor.send({
      type: 'card.tokenizer.change',
      tokenizer: async (card) => {
        stripeInputs.push(card);
        return { token: `pm_${stripeInputs.length}` };
      },
    });
    actor.send({ type: 'card.save' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(stripeInputs).toHaveLength(2);
    expect(stripeInputs[0]).toEqual({ gateway: 'stripe', holder: 'Ada Lovelace', number: '', expiry: '', cvc: '' });
    expect(actor.getSnapshot().output).toEqual({ added: { card: savedCard, billingAddressId: 41 } });
  });
});

describe('add card Back', () => {
  it("enables '← Back' exactly where the machine takes it: not while the card provider loads or the card is saved", async () => {
    const gateways: { resolve: (reply: StripeDetailsReply) => void; reject: (error: unknown) => void }[] = [];
    const tokens: { resolve: (token: { token: string }) => void; reject: (error: unknown) => void }[] = [];
    const machine = addCardMachine.provide({
      actors: {
        loadGateway: fromPromise<StripeDetailsReply>(() => new Promise((resolve, reject) => gateways.push({ resolve, reject }))),
        createCardToken: fromPromise<{ token: string }, CardTokenRequest>(() => new Promise((resolve, reject) => tokens.push({ resolve, reject }))),
        lookupZip: fromPromise<ZipLookupReply, { zip: string }>(async () => newYork),
      },
      actions: { reportError: () => undefined },
    });
    const seen = new Map<string, boolean>();
    const actor = createActor(machine, { input: { shippingAddress: shipping, now: fixedNow } });
    actor.subscribe((s) => {
      const where = JSON.stringify(s.value);
      seen.set(where, selectCanLeaveAddCard(s));
      expect(selectCanLeaveAddCard(s), where).toBe(s.can({ type: 'card.back' }));
    });
    actor.start();
    gateways.shift()?.reject(offline);
    await waitFor(actor, (s) => s.matches('gatewayFailed'));
    actor.send({ type: 'card.gateway.retry' });
    gateways.shift()?.resolve(testGateway);
    await fill(actor);
    actor.send({ type: 'card.save' });
    expect(actor.getSnapshot().matches({ saving: 'tokenizingFirst' })).toBe(true);
    tokens.shift()?.reject(new Error('Your card was declined.'));
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    actor.send({ type: 'card.back' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(Object.fromEntries(seen)).toEqual({
      '"loadingGateway"': false,
      '"gatewayFailed"': true,
      '{"editing":"idle"}': true,
      '{"editing":"lookingUpZip"}': true,
      '{"saving":"tokenizingFirst"}': false,
      '"closed"': false,
    });
  });
});
