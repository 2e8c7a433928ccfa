import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { MoveAreaBody, MoveAreaReply } from '../../src/api/contract/cart-area.contract.ts';
import type { ZipSuggestionReply } from '../../src/api/contract/dine-in.contract.ts';
import type { ZipLookupReply } from '../../src/api/contract/location.contract.ts';
import { ApiError, type Sent } from '../../src/api/http.ts';
import { selectCartQuestion, selectPincodeBusy } from '../../src/machines/entry/index.ts';
import { areaChangeWords } from '../../src/rules/area-change.ts';
import { pincodeMachine } from '../../src/machines/entry/pincode.machine.ts';
import { zipSuggestionMachine } from '../../src/machines/entry/zip-suggestion.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { visitDroppedMessage } from '../../src/rules/area-change.ts';
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
const line = (cart_rid: number, name: string) => ({ cart_rid, name, size: '1 lb', qty: 1 });
const checkedMixed = {
  type: 'xstate.done.actor.checkCart',
  output: { code: 1, data: { zipcode: '60601', loc_id: 103, keep: [line(1, 'Salmon')], drop: [line(2, 'Ribeye')] } },
};
const checkedEmpty = { type: 'xstate.done.actor.checkCart', output: { code: 1, data: { zipcode: '60601', loc_id: 103, keep: [], drop: [] } } };
const cartGone = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new ApiError('Cart not found', 0, 404) });
const refused = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiError('zipcode: We do not deliver to this area yet.', 0, 400, [{ field: 'zipcode', message: 'We do not deliver to this area yet.' }]),
});
const moved = {
  type: 'xstate.done.actor.moveCart',
  output: { code: 1, data: { zipcode: '60601', loc_id: 103, keep: [line(1, 'Salmon')], drop: [line(2, 'Ribeye')], total_products_in_cart: 1 } },
};

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('lookingUp')) return [served, notServed, offline];
  if (snapshot.matches('checkingCart')) return [checkedMixed, checkedEmpty, cartGone('checkCart'), refused('checkCart')];
  if (snapshot.matches('movingCart')) return [moved, cartGone('moveCart'), refused('moveCart')];
  return [
    { type: 'pincode.confirm' },
    { type: 'pincode.keep' },
    { type: 'pincode.keepOld' },
    { type: 'pincode.change', value: '' },
    { type: 'pincode.change', value: '6060a' },
    { type: 'pincode.change', value: '606' },
    { type: 'pincode.change', value: '60601' },
    { type: 'pincode.submit' },
    { type: 'pincode.cancel' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const {
    value,
    error,
    notServed: refusal,
    area,
    cartCheck,
    movedTotal,
  } = snapshot.context as {
    value: string;
    error?: string;
    notServed?: unknown;
    area?: unknown;
    cartCheck?: unknown;
    movedTotal?: number;
  };
  return JSON.stringify([snapshot.value, value, error ?? null, refusal ? 1 : 0, area ? 1 : 0, cartCheck ? 1 : 0, movedTotal ?? null]);
};

const scenarios: { name: string; stored: SessionValues; dismissible: boolean }[] = [
  { name: 'first choice', stored: {}, dismissible: false },
  {
    name: 'change from the header with a cart',
    stored: { zipcode: '10001', location: 101, cart_id: 'cart-1', total_products_in_cart: 3 },
    dismissible: true,
  },
  // The entry's dialog on '/' cannot be closed: keeping the old pincode puts it back in the field.
  {
    name: 'entry dialog with a cart',
    stored: { zipcode: '10001', location: 101, cart_id: 'cart-1', total_products_in_cart: 3 },
    dismissible: false,
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
        const movedTotal = (result.snapshot.context as { movedTotal?: number }).movedTotal;
        if (result.snapshot.matches('served')) {
          expect(stored).toMatchObject({ zipcode: '60601', zipState: 'IL', location: 103 });
          // A cart moved keeps its id and its new count; only one the server no longer had is forgotten.
          if (movedTotal !== undefined) expect(stored).toMatchObject({ cart_id: 'cart-1', total_products_in_cart: movedTotal });
          else expect(stored.cart_id).toBeUndefined();
        } else {
          // Not changed (cancelled, kept, refused, still asking): the zip and the whole cart as they were.
          expect(stored).toEqual(scenario.stored);
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

  it("says which Dine-In visit a change of area ends, with 'Pin Code Changed'; a change within the area keeps it unsaid", () => {
    const visit: SessionValues = { shippingType: 'dine-in', couriertype: 'dine-in', retailer: 401, retailer_name: 'Gramercy Chop House' };
    const chicago = run({ zipcode: '10001', location: 101, ...visit }, true);
    chicago.actor.send({ type: 'pincode.change', value: '60601' });
    chicago.actor.send({ type: 'pincode.submit' });
    chicago.actor.send(served as unknown as { type: 'pincode.submit' });
    expect(chicago.spies.notifyPincodeChanged).toHaveBeenCalledWith(
      `Pin Code Changed. ${visitDroppedMessage({ visit: 'Dine-In', restaurant: 'Gramercy Chop House' }, '10001')}`,
    );
    const nearby = run({ zipcode: '10001', location: 101, ...visit }, true);
    const sameArea = { ...served, output: { ...served.output, data: [{ zipcode: '10003', city: 'New York', state: 'NY', loc_id: 101 }] } };
    nearby.actor.send({ type: 'pincode.change', value: '10003' });
    nearby.actor.send({ type: 'pincode.submit' });
    nearby.actor.send(sameArea as unknown as { type: 'pincode.submit' });
    expect(nearby.spies.notifyPincodeChanged).toHaveBeenCalledWith('Pin Code Changed');
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

describe('pincode: a cart is never emptied without a word (issue 23)', () => {
  const stored: SessionValues = { zipcode: '10001', location: 101, cart_id: 'cart-1', total_products_in_cart: 2, CustomerId: 7 };
  function start(visit: SessionValues = {}) {
    const calls: unknown[] = [];
    const machine = pincodeMachine.provide({
      actors: {
        zipSuggestion: neverSettling(zipSuggestionMachine),
        lookupZip: fromPromise(async (): Promise<ZipLookupReply> => ({ code: 1, data: served.output.data })),
        moveCart: fromPromise(async ({ input }: { input: Sent<MoveAreaBody> }): Promise<MoveAreaReply> => {
          calls.push(input);
          const { keep, drop } = checkedMixed.output.data;
          return { code: 1, data: { zipcode: '60601', loc_id: 103, keep, drop, ...(input.apply ? { total_products_in_cart: 1 } : {}) } };
        }),
      },
    });
    const session = createActor(sessionMachine, { input: { ...stored, ...visit } }).start();
    const actor = createActor(machine, { input: { session, dismissible: true } }).start();
    actor.send({ type: 'pincode.change', value: '60601' });
    actor.send({ type: 'pincode.submit' });
    return { actor, session, calls };
  }

  it('asks with what stays and what goes; agreeing moves the cart and keeps its id', async () => {
    const { actor, session, calls } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    expect(actor.getSnapshot().context.cartCheck).toEqual({ keep: [line(1, 'Salmon')], drop: [line(2, 'Ribeye')], restore: [] });
    expect(calls).toEqual([{ cart_id: 'cart-1', zipcode: '60601', courier_type: undefined }]);
    expect(session.getSnapshot().context).toEqual(stored);
    actor.send({ type: 'pincode.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('served'));
    expect(calls[1]).toEqual({ cart_id: 'cart-1', zipcode: '60601', courier_type: undefined, apply: 1 });
    expect(session.getSnapshot().context).toMatchObject({ zipcode: '60601', location: 103, cart_id: 'cart-1', total_products_in_cart: 1 });
  });

  it('names the Pick-Up a new area ends in the question, before anything moves (QA walk 3)', async () => {
    const { actor } = start({ shippingType: 'pick-up', couriertype: 'pickup', retailer: 401, retailer_name: 'Gramercy Chop House' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    const question = selectCartQuestion(actor.getSnapshot());
    expect(question?.endsVisit).toEqual({ visit: 'Pick-Up', restaurant: 'Gramercy Chop House' });
    const words = areaChangeWords({ target: '60601', keep: question?.keep ?? [], drop: [], endsVisit: question?.endsVisit });
    expect(words.endsVisit).toBe('Your Pick-Up at Gramercy Chop House ends: at 60601 your cart is on Delivery, and your items come by delivery.');
  });

  it('names no visit when the shopper is on Delivery', async () => {
    const { actor } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    expect(selectCartQuestion(actor.getSnapshot())?.endsVisit).toBeUndefined();
  });

  it('keeping the old pincode keeps the zip and the whole cart, with no move asked for', async () => {
    const { actor, session, calls } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    actor.send({ type: 'pincode.keep' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(calls).toHaveLength(1);
    expect(session.getSnapshot().context).toEqual(stored);
  });

  it('keeping the lines for the old pincode moves the cart with keep_old: they wait for 10001', async () => {
    const { actor, session, calls } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    actor.send({ type: 'pincode.keepOld' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('served'));
    expect(calls[1]).toEqual({ cart_id: 'cart-1', zipcode: '60601', courier_type: undefined, apply: 1, keep_old: 1 });
    expect(session.getSnapshot().context).toMatchObject({ zipcode: '60601', cart_id: 'cart-1', total_products_in_cart: 1 });
  });
});

describe('pincode: the field and the suggestion take input exactly where the machine does', () => {
  it('busy (field read-only, suggestion disabled) wherever the form is drawn and typing would be dropped; a take then is lost', async () => {
    const lookups: { resolve: (reply: ZipLookupReply) => void; reject: (error: unknown) => void }[] = [];
    const moves: ((reply: MoveAreaReply) => void)[] = [];
    const answer: ZipSuggestionReply = { code: 1, data: { zipcode: '10002', city: 'New York', state: 'NY', from_city: 'Brooklyn' } };
    const machine = pincodeMachine.provide({
      actors: {
        zipSuggestion: zipSuggestionMachine.provide({ actors: { loadSuggestion: fromPromise(async () => answer) } }),
        lookupZip: fromPromise(() => new Promise<ZipLookupReply>((resolve, reject) => lookups.push({ resolve, reject }))),
        moveCart: fromPromise(() => new Promise<MoveAreaReply>((resolve) => moves.push(resolve))),
      },
    });
    // No zip yet (so a suggestion is offered) but a cart: a served zip asks about the cart and moves it.
    const session = createActor(sessionMachine, { input: { cart_id: 'cart-1', total_products_in_cart: 2 } }).start();
    const actor = createActor(machine, { input: { session, dismissible: false } });
    const seen = new Map<string, boolean>();
    actor.subscribe((s) => {
      // The form is drawn while the dialog is open and not asking about the cart (pincode-dialog.tsx).
      if (s.status !== 'active' || s.matches('confirming')) return;
      seen.set(String(s.value), selectPincodeBusy(s));
      expect(selectPincodeBusy(s), String(s.value)).toBe(!s.can({ type: 'pincode.change', value: '60601' }));
    });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().children.zipSuggestion?.getSnapshot().value).toBe('offered'));
    actor.send({ type: 'pincode.change', value: '60601' });
    actor.send({ type: 'pincode.submit' });
    expect(selectPincodeBusy(actor.getSnapshot())).toBe(true);
    lookups.at(-1)?.reject(new ApiError('You are not connected to internet', 500, 0));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(selectPincodeBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'pincode.submit' });
    // Why the suggestion is disabled while busy: taken now, the suggester ends but the dialog drops the zip.
    const suggester = actor.getSnapshot().children.zipSuggestion;
    suggester?.send({ type: 'suggestion.take' });
    expect([actor.getSnapshot().context.value, suggester?.getSnapshot().status]).toEqual(['60601', 'done']);
    lookups.at(-1)?.resolve({ code: 1, data: served.output.data });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('checkingCart'));
    moves.at(-1)?.({ code: 1, data: checkedMixed.output.data });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirming'));
    actor.send({ type: 'pincode.confirm' });
    expect(selectPincodeBusy(actor.getSnapshot())).toBe(true);
    moves.at(-1)?.({ code: 1, data: { ...checkedMixed.output.data, total_products_in_cart: 1 } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('served'));
    expect(Object.fromEntries(seen)).toEqual({ editing: false, lookingUp: true, checkingCart: true, movingCart: true });
  });
});
