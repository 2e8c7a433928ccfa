import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { AddAddressBody, AddAddressReply } from '../../src/api/contract/address.contract.ts';
import type { Sent } from '../../src/api/http.ts';
import { addressFormMachine } from '../../src/machines/address-form/address-form.machine.ts';
import {
  checkoutAddressMachine,
  type CheckoutAddressContext,
  type CheckoutAddressInput,
} from '../../src/machines/checkout/checkout-address.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { addressRuleMessages } from '../../src/rules/address-validation.ts';
import { addressesReply, away, savedAddressReply, zipFound, newYorkValues } from './checkout-fixtures.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const customer: SessionValues = { Token: 'tok', CustomerId: 7, cust_name: 'Ada', cart_id: 'cart-abc', zipcode: '10001' };

function session(values: SessionValues) {
  return createActor(sessionMachine, { input: values }).start();
}

const addressesLoaded = label('getShippingAddresses: list', done('getShippingAddresses', addressesReply));
const addressesRefused = label('getShippingAddresses: code -1', done('getShippingAddresses', { code: -1, message: 'no' }));
const addressesFailed = label('getShippingAddresses: offline', failed('getShippingAddresses'));
const saved = label('addShippingAddress: saved', done('addShippingAddress', savedAddressReply));
/** Her address in another zip (away, 94103) saved: listed after the reload, never selected while shopping at 10001. */
const savedElsewhere = label('addShippingAddress: saved in another zip', done('addShippingAddress', { code: 1, address_id: away.address_id }));
const saveRefused = label('addShippingAddress: code -1', done('addShippingAddress', { code: -1, message: addressRuleMessages.zipCityMismatch }));
const saveFailed = label('addShippingAddress: offline', failed('addShippingAddress'));

const validValues = newYorkValues;

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const m = (value: unknown) => snapshot.matches(value as never);
  if (m('loading')) return [addressesLoaded, addressesRefused, addressesFailed];
  if (m('choosing'))
    return [{ type: 'address.choose', id: 11 }, { type: 'address.choose', id: 13 }, { type: 'address.form.toggle' }, { type: 'address.continue' }];
  if (m({ adding: 'editing' }))
    // What the address form child reports: a valid address to save, or the zip and city refusal.
    return [
      { type: 'address.save', values: validValues, makeDefault: true },
      { type: 'address.refused', message: addressRuleMessages.zipCityMismatch },
      { type: 'address.form.toggle' },
    ];
  if (m({ adding: 'saving' })) return [saved, savedElsewhere, saveRefused, saveFailed];
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CheckoutAddressContext;
  return JSON.stringify([snapshot.value, c.addresses.length, c.chosenAddressId ?? null, c.savedAddressId ?? null]);
};

/** The snackbar is the tabs machine's: the graph walks this machine alone. */
const walkable = checkoutAddressMachine.provide({ actions: { reportNotice: () => undefined } });

const variants: { name: string; values: SessionValues; chosenAddressId?: number }[] = [
  { name: 'customer', values: customer },
  // Shopping at 94103: her primary (10001) is listed, not preselected (walk 4 #6); her 94103 address can be chosen.
  { name: 'shopping zip changed', values: { ...customer, zipcode: '94103' } },
  // A reload keeps the address chosen before; one in another zip is not chosen again (walk 4 #6): the primary is.
  { name: 'kept address in another zip', values: customer, chosenAddressId: away.address_id },
  { name: 'guest without a customer id', values: { cart_id: 'cart-abc', zipcode: '10001' } },
];

describe('checkout address paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const variant of variants) {
    const input = (): CheckoutAddressInput => ({ session: session(variant.values), chosenAddressId: variant.chosenAddressId });
    const plans = planPaths(walkable, { input: input(), events: eventsFor, serializeState });
    describe(variant.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(walkable, plan, input());
        expect(result.snapshot.value, plan.name).toEqual(plan.expected.value);
        result.states.forEach((s) => reached.add(s));
        result.transitions.forEach((t) => taken.add(t));
        // Only an address in the shopping zip is ever chosen, preselected or clicked.
        const c = result.snapshot.context as CheckoutAddressContext;
        const chosen = c.addresses.find((a) => a.id === c.chosenAddressId);
        if (chosen) expect(chosen.zipcode).toBe(variant.values.zipcode);
      });
    });
  }
  // Not a path the graph can walk: the session's zip changes under the open step, after her home was chosen.
  it('refuses continue with the spec words when the shopping zip changed under the open step', () => {
    const shopper = session(customer);
    const movesAway = (sent: AnyEventObject) => {
      if (sent.type === addressesLoaded.type) shopper.send({ type: 'session.update', values: { zipcode: '94103' } });
    };
    const result = replay(walkable, { events: [addressesLoaded, { type: 'address.continue' }] }, { session: shopper }, movesAway);
    expect(result.snapshot.value).toBe('choosing');
    result.states.forEach((s) => reached.add(s));
    result.transitions.forEach((t) => taken.add(t));
  });
  it(coverageTitle(checkoutAddressMachine), () => {
    expect([...allStateIds(checkoutAddressMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutAddressMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('checkout address behaviour', () => {
  function running({
    values = customer,
    shopper = session(values),
    chosenAddressId,
    save = async () => savedAddressReply,
  }: {
    values?: SessionValues;
    shopper?: ReturnType<typeof session>;
    chosenAddressId?: number;
    save?: () => Promise<AddAddressReply>;
  } = {}) {
    const sent: Sent<AddAddressBody>[] = [];
    const notices: string[] = [];
    const machine = checkoutAddressMachine.provide({
      actors: {
        getShippingAddresses: fromPromise(async () => addressesReply),
        addressForm: addressFormMachine.provide({ actors: { lookupZip: fromPromise(async () => zipFound) } }),
        addShippingAddress: fromPromise(async ({ input }) => {
          sent.push(input.body);
          return save();
        }),
      },
      actions: { reportNotice: (_, params) => notices.push(params.message) },
    });
    return { actor: createActor(machine, { input: { session: shopper, chosenAddressId } }).start(), sent, notices };
  }

  it('keeps the address the flow already holds, and ends with the chosen address', async () => {
    const { actor } = running({ chosenAddressId: 12 });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.chosenAddressId).toBe(12);
    actor.send({ type: 'address.continue' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output?.address).toMatchObject({ id: 12, type: 'Office' });
  });

  it('saves a new address without api_token (the bearer token stands for it) and chooses it once reloaded', async () => {
    const { actor, sent } = running();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'address.form.toggle' });
    actor.send({ type: 'address.save', values: validValues, makeDefault: true });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(sent).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        street1: '350 5th Ave',
        street2: '',
        city: 'New York',
        state: 'NY',
        zipcode: '10001',
        nickname: 'Home',
        telephone: '2125550123',
        default_address: '1',
        country: 'US',
        address_type: 'shipping',
      },
    ]);
    expect(actor.getSnapshot().context.chosenAddressId).toBe(12);
  });

  it('lists a new address in another zip without selecting it, says why, and keeps the selection on one in the shopping zip', async () => {
    const { actor, notices } = running({ save: async () => ({ code: 1, address_id: away.address_id }) });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'address.choose', id: 12 });
    actor.send({ type: 'address.form.toggle' });
    actor.send({ type: 'address.save', values: { ...validValues, zip: '94103', city: 'San Francisco', state: 'CA' }, makeDefault: false });
    await waitFor(actor, (s) => s.matches('choosing'));
    const c = actor.getSnapshot().context;
    expect(c.addresses.map((a) => a.id)).toContain(away.address_id);
    expect(c.chosenAddressId).toBe(12);
    expect(notices).toEqual([addressRuleMessages.selectionNotAllowed]);
    actor.send({ type: 'address.continue' });
    expect(actor.getSnapshot().output?.address).toMatchObject({ id: 12 });
  });

  it('preselects no saved address outside the shopping zip, the kept one or the primary (walk 4 #6)', async () => {
    // Shopping at 94103 now: her primary (10001) is listed, not selected, and SAVE & CONTINUE has nothing to send.
    const moved = running({ values: { ...customer, zipcode: '94103' } });
    await waitFor(moved.actor, (s) => s.matches('choosing'));
    expect(moved.actor.getSnapshot().context.addresses.map((a) => a.id)).toEqual([11, 12, 13]);
    expect(moved.actor.getSnapshot().context.chosenAddressId).toBeUndefined();
    moved.actor.send({ type: 'address.continue' });
    expect(moved.notices).toEqual([]);
    expect(moved.actor.getSnapshot().status).toBe('active');
    // A reload at 10001 keeping the 94103 address chosen before: not chosen again, her primary is.
    const reloaded = running({ chosenAddressId: away.address_id });
    await waitFor(reloaded.actor, (s) => s.matches('choosing'));
    expect(reloaded.actor.getSnapshot().context.chosenAddressId).toBe(11);
  });

  it('tells the checkout why continue is refused when the shopping zip changed under the open step', async () => {
    const shopper = session(customer);
    const { actor, notices } = running({ shopper });
    await waitFor(actor, (s) => s.matches('choosing'));
    shopper.send({ type: 'session.update', values: { zipcode: '94103' } });
    actor.send({ type: 'address.continue' });
    expect(notices).toEqual([addressRuleMessages.deliveryZipMismatch]);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('reports a refused save and stays on the form', async () => {
    const { actor: form, notices } = running({ save: async () => ({ code: -1, message: 'That zip is not served.' }) });
    await waitFor(form, (s) => s.matches('choosing'));
    form.send({ type: 'address.form.toggle' });
    form.send({ type: 'address.save', values: validValues, makeDefault: false });
    await vi.waitFor(() => expect(notices).toEqual(['That zip is not served.']));
    expect(form.getSnapshot().matches({ adding: 'editing' })).toBe(true);
  });

  it('runs the address form as its child: the shopper types, the zip fills city and state, SAVE saves', async () => {
    const { actor, sent } = running();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'address.form.toggle' });
    const form = actor.getSnapshot().children.addressForm;
    if (!form) throw new Error('the form runs while ADD NEW ADDRESSES is open');
    form.send({ type: 'address.submit' });
    expect(Object.keys(form.getSnapshot().context.formErrors)).toContain('firstName');
    expect(actor.getSnapshot().matches({ adding: 'editing' })).toBe(true);
    for (const field of ['firstName', 'lastName', 'address', 'addressNickname', 'phone'] as const) {
      form.send({ type: 'address.field.change', field, value: validValues[field] ?? '' });
    }
    form.send({ type: 'address.field.change', field: 'zip', value: '10001' });
    await waitFor(form, (s) => s.matches('editing') && s.context.values.city === 'New York');
    expect(form.getSnapshot().context.values.state).toBe('NY');
    form.send({ type: 'address.submit' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ first_name: 'Ada', city: 'New York', state: 'NY', zipcode: '10001', default_address: '0' });
    // Leaving the form drops it.
    expect(actor.getSnapshot().children.addressForm).toBeUndefined();
  });
});
