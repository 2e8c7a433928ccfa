import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { ZipSuggestionReply } from '../../src/api/contract/dine-in.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { pincodeMachine } from '../../src/machines/entry/pincode.machine.ts';
import { zipSuggestionMachine } from '../../src/machines/entry/zip-suggestion.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { pincodeMessages } from '../../src/rules/pincode.ts';
import { allStateIds, allTransitions, neverSettling, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const served = {
  type: 'xstate.done.actor.lookupZip',
  output: { code: 1, message: 'Zipcode found', data: [{ zipcode: '60601', city: 'Chicago', state: 'IL', loc_id: 103 }] },
};
const notServed = {
  type: 'xstate.done.actor.lookupZip',
  output: {
    code: -1,
    message: 'We are coming soon to this pincode. Please see a list of all pincodes we currently serve.',
    data: [{ zipcode: '90210', city: 'Beverly Hills', state: 'CA' }],
  },
};
const offline = { type: 'xstate.error.actor.lookupZip', error: new ApiError('You are not connected to internet', 500, 0) };
const cleared = { type: 'xstate.done.actor.clearCart', output: { code: 1 } };
const clearFailed = { type: 'xstate.error.actor.clearCart', error: new Error('gone') };

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('lookingUp')) return [served, notServed, offline];
  if (snapshot.matches('clearingCart')) return [cleared, clearFailed];
  return [
    { type: 'pincode.change', value: '' },
    { type: 'pincode.change', value: '6060a' },
    { type: 'pincode.change', value: '606' },
    { type: 'pincode.change', value: '60601' },
    { type: 'pincode.submit' },
    { type: 'pincode.cancel' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { value, error, notServed: refusal, area } = snapshot.context as { value: string; error?: string; notServed?: unknown; area?: unknown };
  return JSON.stringify([snapshot.value, value, error ?? null, refusal ? 1 : 0, area ? 1 : 0]);
};

const scenarios: { name: string; stored: SessionValues; dismissible: boolean }[] = [
  { name: 'first choice', stored: {}, dismissible: false },
  {
    name: 'change from the header with a cart',
    stored: { zipcode: '10001', location: 101, cart_id: 'cart-1', total_products_in_cart: 3 },
    dismissible: true,
  },
];

describe('pincode paths', () => {
  const takenTransitions = new Set<string>();
  const reachedStates = new Set<string>();

  for (const scenario of scenarios) {
    const input = () => ({ session: createActor(sessionMachine, { input: scenario.stored }).start(), dismissible: scenario.dismissible });
    const plans = planPaths(pincodeMachine, { input: input(), events: eventsFor, serializeState });
    describe(scenario.name, () => {
      it.each(plans.map((plan): [string, PathPlan] => [plan.name, plan]))('%s', (_name, plan) => {
        const args = input();
        const result = replay(pincodeMachine, plan, args);
        result.transitions.forEach((t) => takenTransitions.add(t));
        result.states.forEach((s) => reachedStates.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        const stored = args.session.getSnapshot().context;
        if (result.snapshot.matches('served')) {
          expect(stored).toMatchObject({ zipcode: '60601', zipState: 'IL', location: 103 });
          // A new zip drops the old area's cart.
          if (scenario.stored.cart_id) expect(stored.cart_id).toBeUndefined();
        } else {
          expect(stored.zipcode).toBe(scenario.stored.zipcode);
        }
      });
    });
  }

  it(coverageTitle(pincodeMachine), () => {
    expect([...allStateIds(pincodeMachine)].filter((id) => !reachedStates.has(id))).toEqual([]);
    expect([...allTransitions(pincodeMachine)].filter((t) => !takenTransitions.has(t))).toEqual([]);
  });
});

describe('pincode validation inside the machine', () => {
  const cases: [string, string | undefined][] = [
    ['', pincodeMessages.required],
    ['12a45', pincodeMessages.number],
    ['1234', pincodeMessages.length],
    ['123456', pincodeMessages.length],
  ];
  it.each(cases)('"%s" stays in editing with its message', (value, message) => {
    const session = createActor(sessionMachine, { input: {} }).start();
    const actor = createActor(pincodeMachine, { input: { session, dismissible: false } }).start();
    actor.send({ type: 'pincode.change', value });
    actor.send({ type: 'pincode.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(message);
  });

  it('says the zip changed only when there was one before', () => {
    const session = createActor(sessionMachine, { input: { zipcode: '10001', location: 101 } }).start();
    const stub = pincodeMachine.provide({});
    const actor = createActor(stub, { input: { session, dismissible: true } }).start();
    actor.send({ type: 'pincode.change', value: '60601' });
    // Drive the invoked lookup by hand: the machine's own actor would call the network.
    actor.send({ type: 'pincode.submit' });
    actor.send(served as unknown as { type: 'pincode.submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ area: { zipcode: '60601', state: 'IL', city: 'Chicago', loc_id: 103 }, changed: true });
  });

  it('forgets a dine-in or pick-up choice when the new zip is in another area, and keeps it within the same one', () => {
    const visit = {
      shippingType: 'dine-in',
      couriertype: 'dine-in' as const,
      dineinpickup: 1,
      retailer: 401,
      retailer_name: 'Gramercy Chop House',
      vendor_location_id: 401,
      dineinTime: '2026-12-02 19:00',
    };
    const choose = (reply: typeof served) => {
      const session = createActor(sessionMachine, { input: { zipcode: '10001', location: 101, ...visit } }).start();
      const actor = createActor(pincodeMachine, { input: { session, dismissible: true } }).start();
      actor.send({ type: 'pincode.change', value: reply.output.data[0]?.zipcode ?? '' });
      actor.send({ type: 'pincode.submit' });
      actor.send(reply as unknown as { type: 'pincode.submit' });
      return session.getSnapshot().context;
    };
    const chicago = choose(served);
    expect(chicago).toMatchObject({ zipcode: '60601', location: 103 });
    expect(chicago.shippingType).toBeUndefined();
    expect(chicago.retailer).toBeUndefined();
    expect(chicago.couriertype).toBeUndefined();
    const sameArea = choose({ ...served, output: { ...served.output, data: [{ zipcode: '10003', city: 'New York', state: 'NY', loc_id: 101 }] } });
    expect(sameArea).toMatchObject({ zipcode: '10003', ...visit });
  });
});

describe('pincode: what the dialog is told to do', () => {
  function run(stored: SessionValues, dismissible: boolean) {
    const spies = { goToStore: vi.fn(), notifyPincodeChanged: vi.fn(), reportClosed: vi.fn() };
    const machine = pincodeMachine.provide({
      actors: { zipSuggestion: neverSettling(zipSuggestionMachine) },
      actions: { ...spies, notifyPincodeChanged: (_, params) => spies.notifyPincodeChanged(params.message) },
    });
    const session = createActor(sessionMachine, { input: stored }).start();
    const actor = createActor(machine, { input: { session, dismissible } }).start();
    return { actor, spies };
  }

  it("says 'Pin Code Changed', opens the store and closes after a change", () => {
    const { actor, spies } = run({ zipcode: '10001', location: 101 }, true);
    actor.send({ type: 'pincode.change', value: '60601' });
    actor.send({ type: 'pincode.submit' });
    actor.send(served as unknown as { type: 'pincode.submit' });
    expect(spies.notifyPincodeChanged).toHaveBeenCalledWith('Pin Code Changed');
    expect(spies.goToStore).toHaveBeenCalledOnce();
    expect(spies.reportClosed).toHaveBeenCalledOnce();
  });

  it('opens the store without the snackbar on the first choice', () => {
    const { actor, spies } = run({}, false);
    actor.send({ type: 'pincode.change', value: '60601' });
    actor.send({ type: 'pincode.submit' });
    actor.send(served as unknown as { type: 'pincode.submit' });
    expect(spies.notifyPincodeChanged).not.toHaveBeenCalled();
    expect(spies.goToStore).toHaveBeenCalledOnce();
  });

  it('closes without navigating when cancelled from the header', () => {
    const { actor, spies } = run({ zipcode: '10001', location: 101 }, true);
    actor.send({ type: 'pincode.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(spies.reportClosed).toHaveBeenCalledOnce();
    expect(spies.goToStore).not.toHaveBeenCalled();
  });

  it('puts a taken suggestion in the field without submitting it', async () => {
    const session = createActor(sessionMachine, { input: {} }).start();
    const answer: ZipSuggestionReply = { code: 1, data: { zipcode: '10002', city: 'New York', state: 'NY', from_city: 'Brooklyn' } };
    const suggest = zipSuggestionMachine.provide({ actors: { loadSuggestion: fromPromise(async () => answer) } });
    const actor = createActor(pincodeMachine.provide({ actors: { zipSuggestion: suggest } }), { input: { session, dismissible: false } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().children.zipSuggestion?.getSnapshot().value).toBe('offered'));
    const suggester = actor.getSnapshot().children.zipSuggestion;
    suggester?.send({ type: 'suggestion.take' });
    expect(actor.getSnapshot().context.value).toBe('10002');
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
