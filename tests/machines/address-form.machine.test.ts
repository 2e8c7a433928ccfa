import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { addressFormMachine, type AddressFormContext, type AddressFormInput } from '../../src/machines/address-form/address-form.machine.ts';
import { addressMessages, addressRuleMessages } from '../../src/rules/address-validation.ts';
import { zipFound, newYorkValues } from './checkout-fixtures.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const valid = newYorkValues;

const zipLooked = label('lookupZip: New York', done('lookupZip', zipFound));
const zipFailed = label('lookupZip: offline', failed('lookupZip'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const answers = snapshot.matches('lookingUp') ? [zipLooked, zipFailed] : [];
  return [
    ...answers,
    { type: 'address.field.change', field: 'city', value: 'Boston' },
    { type: 'address.field.change', field: 'firstName', value: '' },
    { type: 'address.field.change', field: 'zip', value: '10001' },
    { type: 'address.default.toggle', makeDefault: true },
    { type: 'address.submit' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as AddressFormContext;
  return JSON.stringify([snapshot.value, c.values.city, c.values.firstName, c.makeDefault, Boolean(c.zipLookup), Object.keys(c.formErrors).length]);
};

/** The reports go to whoever opened the form: the graph walks it alone. */
const walkable = addressFormMachine.provide({ actions: { reportSubmit: () => undefined, reportRefusal: () => undefined } });

const variants: { name: string; input: AddressFormInput }[] = [
  { name: 'checkout (zip lookup)', input: { form: 'shipping', looksUpZip: true, values: valid } },
  { name: 'account edit', input: { form: 'account-edit', values: valid } },
];

describe('address form paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const variant of variants) {
    const plans = planPaths(walkable, { input: variant.input, events: eventsFor, serializeState });
    it.each(plans.map((p): [string, PathPlan] => [p.name, p]))(`${variant.name}: %s`, (_name, plan) => {
      const result = replay(walkable, plan, variant.input);
      expect(result.snapshot.value, plan.name).toEqual(plan.expected.value);
      result.states.forEach((s) => reached.add(s));
      result.transitions.forEach((t) => taken.add(t));
    });
  }
  it(coverageTitle(addressFormMachine), () => {
    expect([...allStateIds(addressFormMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(addressFormMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('address form behaviour', () => {
  function running(input: AddressFormInput) {
    const spies = { submit: vi.fn(), refusal: vi.fn() };
    const machine = addressFormMachine.provide({
      actors: { lookupZip: fromPromise(async () => zipFound) },
      actions: {
        reportSubmit: ({ context }) => spies.submit(context.values, context.makeDefault),
        reportRefusal: (_, params) => spies.refusal(params.message),
      },
    });
    return { actor: createActor(machine, { input }).start(), spies };
  }

  it('reports every invalid field at once and hands nothing over', () => {
    const { actor, spies } = running({ form: 'shipping', looksUpZip: true });
    actor.send({ type: 'address.submit' });
    expect(Object.keys(actor.getSnapshot().context.formErrors).sort()).toEqual(
      expect.arrayContaining(['address', 'city', 'firstName', 'lastName', 'phone', 'state', 'zip']),
    );
    expect(spies.submit).not.toHaveBeenCalled();
  });

  it("fills city and state from a 5-digit zip, then refuses a city that is not the zip's", async () => {
    const { actor, spies } = running({ form: 'shipping', looksUpZip: true, values: { ...valid, city: '', state: '', zip: '' } });
    actor.send({ type: 'address.field.change', field: 'zip', value: '10001' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.values.city === 'New York');
    expect(actor.getSnapshot().context.values.state).toBe('NY');
    actor.send({ type: 'address.field.change', field: 'city', value: 'Boston' });
    actor.send({ type: 'address.submit' });
    expect(spies.refusal).toHaveBeenCalledWith(addressRuleMessages.zipCityMismatch);
    actor.send({ type: 'address.field.change', field: 'city', value: 'New York' });
    actor.send({ type: 'address.default.toggle', makeDefault: true });
    actor.send({ type: 'address.submit' });
    expect(spies.submit).toHaveBeenCalledWith({ ...valid }, true);
  });

  it('the account edit starts from the saved address and never looks the zip up', () => {
    const { actor, spies } = running({ form: 'account-edit', values: valid });
    actor.send({ type: 'address.field.change', field: 'zip', value: '10002' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'address.submit' });
    expect(spies.submit).toHaveBeenCalledWith({ ...valid, zip: '10002' }, false);
  });

  // Moved from the account dashboard, which no longer checks what this form hands over.
  it('the account edit shows every wrong field at once with the spec messages and hands nothing over', () => {
    const { actor, spies } = running({ form: 'account-edit', values: { ...valid, firstName: '', lastName: '', zip: '1', phone: '212-555' } });
    actor.send({ type: 'address.submit' });
    expect(actor.getSnapshot().context.formErrors).toEqual({
      firstName: addressMessages.firstNameRequired,
      lastName: addressMessages.lastNameRequired,
      zip: addressMessages.zipLength,
      phone: 'Phone must be a number.',
    });
    expect(spies.submit).not.toHaveBeenCalled();
  });
});
