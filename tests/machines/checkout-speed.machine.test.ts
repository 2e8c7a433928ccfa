import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor, type ActorRefFrom, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { ShippingBody, ShippingReply } from '../../src/api/contract/shipping.contract.ts';
import { ApiError, type Sent } from '../../src/api/http.ts';
import { addressGoneMessage, cartNotFoundMessage, cartOrderedMessage } from '../../src/rules/messages.ts';
import { checkoutSpeedMachine, type CheckoutSpeedContext, type CheckoutSpeedInput } from '../../src/machines/checkout/checkout-speed.machine.ts';
import type { CheckoutReport } from '../../src/machines/checkout/checkout-flow.types.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { deliveryGroupMachine } from '../../src/machines/cart/delivery-group.machine.ts';
import type { DeliveryGroup, DeliveryScheduleBody } from '../../src/api/contract/cart-page.contract.ts';
import { retailerA, retailerB, shippingOk } from './checkout-fixtures.ts';
import { baseCart, butcherEntry, butcherGroup, courierEntry, courierGroup, ok, slotsReply } from './cart-fixtures.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

/** The step reports its choice to the checkout tabs, a parent the graph walk has not got (the tests below count them). */
const walkable = checkoutSpeedMachine.provide({ actions: { reportSpeedChoice: () => undefined } });

const stored: SessionValues = { Token: 'tok', CustomerId: 7, cart_id: 'cart-abc', zipcode: '10001', delivery: 1 };
const input = (): CheckoutSpeedInput => ({
  session: createActor(sessionMachine, { input: stored }).start(),
  cartId: 'cart-abc',
  deliveryAddressId: 11,
});

const speedsLoaded = label('shippingOptions: speeds', done('shippingOptions', shippingOk));
const speedsRefused = label('shippingOptions: code -1', done('shippingOptions', { code: -1, message: 'Zip mismatch' }));
const speedsEmpty = label('shippingOptions: no speed', done('shippingOptions', { code: 1, data: { speed: [] } }));
const speedsFailed = label('shippingOptions: offline', failed('shippingOptions'));
/** The address chosen on the address step was deleted since (another tab): the server names the field. */
const addressGoneError = new ApiError(addressGoneMessage, 0, 404, [{ field: 'delivery_address_id', message: addressGoneMessage }]);
const addressGone = label('shippingOptions: the address is gone', failed('shippingOptions', addressGoneError));
const cartOrderedError = new ApiError(cartOrderedMessage, 0, 404, [{ field: 'cart_id', message: cartOrderedMessage }]);
const cartOrdered = label('shippingOptions: the cart was ordered in another tab', failed('shippingOptions', cartOrderedError));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [speedsLoaded, speedsRefused, speedsEmpty, speedsFailed, addressGone, cartOrdered];
  if (snapshot.matches('choosing'))
    return [
      { type: 'speed.choose', speedId: 2 },
      { type: 'speed.choose', speedId: 10 },
      { type: 'speed.choose', speedId: 3 },
      { type: 'retailer.choose', retailerId: 102 },
      { type: 'method.choose', methodId: 'courier-201-b' },
      { type: 'group.failed', message: 'Hudson Street Butchers is closed on Sundays.' },
      { type: 'group.saved', reply: ok(baseCart) },
      { type: 'speed.continue' },
    ];
  if (snapshot.matches('failed')) return [{ type: 'speed.retry' }];
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CheckoutSpeedContext;
  return JSON.stringify([snapshot.value, c.speedChoice ?? null, c.speedMessage ?? null, c.groupMessage ?? null]);
};

describe('checkout speed paths', () => {
  const plans = planPaths(walkable, { input: input(), events: eventsFor, serializeState });
  const reached = new Set<string>();
  const taken = new Set<string>();
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(walkable, plan, input());
    expect(result.snapshot.value, plan.name).toEqual(plan.expected.value);
    result.states.forEach((s) => reached.add(s));
    result.transitions.forEach((t) => taken.add(t));
  });
  it(coverageTitle(checkoutSpeedMachine), () => {
    expect([...allStateIds(checkoutSpeedMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutSpeedMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('checkout speed behaviour', () => {
  function running() {
    const bodies: Sent<ShippingBody>[] = [];
    const machine = walkable.provide({
      actors: {
        shippingOptions: fromPromise(async ({ input: body }) => {
          bodies.push(body);
          return shippingOk;
        }),
      },
    });
    return { actor: createActor(machine, { input: input() }).start(), bodies };
  }

  it("asks for the cart's speeds without api_token, and preselects 1 Hour Delivery with the primary shop", async () => {
    const { actor, bodies } = running();
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(bodies).toEqual([{ cart_id: 'cart-abc', delivery_address_id: 11, zipcode: '10001', delivery: true, pickup: false, dineinpickup: false }]);
    expect(actor.getSnapshot().context.speedChoice).toEqual({ speedId: 1, retailerId: retailerA.id, methodId: undefined });
  });

  it('lets Store Pickup choose the shop, and ends with the flow fields of the choice', async () => {
    const { actor } = running();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'method.choose', methodId: 'courier-201-b' });
    expect(actor.getSnapshot().context.speedChoice?.methodId).toBeUndefined();
    actor.send({ type: 'speed.choose', speedId: 2 });
    actor.send({ type: 'retailer.choose', retailerId: retailerB.id });
    actor.send({ type: 'speed.continue' });
    expect(actor.getSnapshot().output).toEqual({
      speed: {
        selectedSpeedID: 2,
        selectedRetailerID: retailerB.id,
        selectedShippingMethodID: undefined,
        deliveryFee: retailerB.delivery_fee,
        shippingAmount: '0.00',
        deliveryDate: retailerB.pickup_date,
        pickup_date: retailerB.pickup_date,
        deliveryDays: [],
      },
    });
  });

  it('opens with the speed chosen before (back on the tab, or kept across a reload): its shop and date while still offered', async () => {
    const opened = async (chosen: CheckoutSpeedInput['chosen']) => {
      const machine = walkable.provide({ actors: { shippingOptions: fromPromise(async () => shippingOk) } });
      const actor = createActor(machine, { input: { ...input(), chosen } }).start();
      await waitFor(actor, (s) => s.matches('choosing'));
      return actor.getSnapshot().context.speedChoice;
    };
    const courier = {
      selectedSpeedID: 10 as const,
      selectedRetailerID: undefined,
      selectedShippingMethodID: 'courier-201-b',
      deliveryFee: '0.00',
      shippingAmount: '9.00',
      deliveryDate: '2026-11-26',
      pickup_date: undefined,
      deliveryDays: [],
    };
    expect(await opened(courier)).toEqual({ speedId: 10, retailerId: undefined, methodId: 'courier-201-b' });
    const pickup = { ...courier, selectedSpeedID: 2 as const, selectedRetailerID: retailerB.id, selectedShippingMethodID: undefined };
    expect(await opened(pickup)).toEqual({ speedId: 2, retailerId: retailerB.id, methodId: undefined });
    // A date or shop no longer offered: the speed's primary one; a speed no longer offered: the default speed.
    expect(await opened({ ...courier, selectedShippingMethodID: 'courier-201-gone' })).toEqual({
      speedId: 10,
      retailerId: undefined,
      methodId: 'courier-201',
    });
    expect(await opened({ ...pickup, selectedRetailerID: 999 })).toEqual({ speedId: 2, retailerId: retailerA.id, methodId: undefined });
    expect(await opened({ ...courier, selectedSpeedID: 11 })).toEqual({ speedId: 1, retailerId: retailerA.id, methodId: undefined });
  });

  it('lets Courier Delivery choose the date', async () => {
    const { actor } = running();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'speed.choose', speedId: 10 });
    actor.send({ type: 'method.choose', methodId: 'courier-201-b' });
    actor.send({ type: 'speed.continue' });
    expect(actor.getSnapshot().output?.speed).toMatchObject({
      selectedSpeedID: 10,
      selectedShippingMethodID: 'courier-201-b',
      deliveryDate: '2026-11-26',
      shippingAmount: '9.00',
    });
  });
});

describe('checkout speed: each choice reported to the tabs before CONTINUE', () => {
  /** The step as the checkout runs it: invoked by a parent, which records what it reports. */
  function underTabs() {
    const step = checkoutSpeedMachine.provide({ actors: { shippingOptions: fromPromise(async () => shippingOk) } });
    const tabs = setup({
      types: { context: {} as { reports: CheckoutReport[] }, events: {} as CheckoutReport },
      actors: { step },
    }).createMachine({
      context: { reports: [] },
      invoke: { id: 'chooseSpeed', src: 'step', input: input() },
      on: { 'speed.changed': { actions: assign(({ context, event }) => ({ reports: [...context.reports, event] })) } },
    });
    const actor = createActor(tabs).start();
    const speedStep = actor.getSnapshot().children.chooseSpeed as ActorRefFrom<typeof checkoutSpeedMachine>;
    return { actor, speedStep, reports: () => actor.getSnapshot().context.reports };
  }

  it('reports the speed, shop and date the shopper picks as they change; neither the opening choice nor a refused one', async () => {
    const { speedStep, reports } = underTabs();
    await waitFor(speedStep, (s) => s.matches('choosing'));
    expect(reports()).toEqual([]);
    speedStep.send({ type: 'speed.choose', speedId: 10 });
    speedStep.send({ type: 'method.choose', methodId: 'courier-201-b' });
    // Not a date of the chosen speed: refused, nothing reported.
    speedStep.send({ type: 'method.choose', methodId: 'courier-201-gone' });
    speedStep.send({ type: 'speed.choose', speedId: 2 });
    speedStep.send({ type: 'retailer.choose', retailerId: retailerB.id });
    expect(reports().map((r) => (r.type === 'speed.changed' ? r.speed : undefined))).toEqual([
      expect.objectContaining({ selectedSpeedID: 10, selectedShippingMethodID: 'courier-201', deliveryDate: '2026-11-25' }),
      expect.objectContaining({ selectedSpeedID: 10, selectedShippingMethodID: 'courier-201-b', deliveryDate: '2026-11-26', shippingAmount: '9.00' }),
      expect.objectContaining({ selectedSpeedID: 2, selectedRetailerID: retailerA.id }),
      {
        selectedSpeedID: 2,
        selectedRetailerID: retailerB.id,
        selectedShippingMethodID: undefined,
        deliveryFee: retailerB.delivery_fee,
        shippingAmount: '0.00',
        deliveryDate: retailerB.pickup_date,
        pickup_date: retailerB.pickup_date,
        deliveryDays: [],
      },
    ]);
  });
});

describe('checkout speed: the chosen address deleted in another tab', () => {
  function failingWith(error: unknown) {
    const machine = walkable.provide({
      actors: {
        shippingOptions: fromPromise<ShippingReply, Sent<ShippingBody>>(async () => {
          throw error;
        }),
      },
    });
    return createActor(machine, { input: input() }).start();
  }

  it("ends the step with the server's words instead of offering a Try again that fails the same way", async () => {
    const actor = failingWith(addressGoneError);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('addressGone');
    expect(actor.getSnapshot().output).toEqual({ speed: undefined, addressGone: addressGoneMessage });
  });

  it('ends the step when the cart was ordered in another tab, so the checkout goes back to the cart', async () => {
    const actor = failingWith(cartOrderedError);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('cartOrdered');
    expect(actor.getSnapshot().output).toEqual({ speed: undefined, cartOrdered: true });
  });

  it('still offers Try again for a cart the server cannot find', async () => {
    const actor = failingWith(new ApiError(cartNotFoundMessage, 0, 404));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.speedMessage).toBe(cartNotFoundMessage);
    expect(actor.getSnapshot().context.speedRefused).toBe(false);
  });

  it("shows the server's reason for no speed and leads back to the cart rather than try again (walk 6 #3)", async () => {
    const reason =
      "Gramercy Chop House's Dine-In items cannot be ordered with items to deliver, or with another visit: remove them, or the others, in your cart.";
    const machine = walkable.provide({
      actors: { shippingOptions: fromPromise<ShippingReply, Sent<ShippingBody>>(async () => ({ code: 1, message: reason, data: { speed: [] } })) },
    });
    const actor = createActor(machine, { input: input() }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ speedMessage: reason, speedRefused: true });
  });
});

describe('checkout speed: one date and time block per seller (issue 23)', () => {
  it("spawns the cart page's delivery-group actor for each seller of a mixed cart, and shows a refused date's reason", async () => {
    const mixed: ShippingReply = {
      code: 1,
      data: { speed: shippingOk.data?.speed ?? [], delivery_groups: [butcherGroup, courierGroup], calendars: [butcherEntry, courierEntry] },
    };
    const machine = walkable.provide({ actors: { shippingOptions: fromPromise(async () => mixed) } });
    const actor = createActor(machine, { input: input() }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    const groups = actor.getSnapshot().context.groups;
    expect(groups.map((g) => g.getSnapshot().context.vendorName)).toEqual(['Hudson Street Butchers', 'ColdChain Express']);
    // Each block has its own calendar: the shopper can pick a date per seller.
    expect(groups.map((g) => g.getSnapshot().context.calendar?.delivery_date)).toEqual([butcherEntry.delivery_date, courierEntry.delivery_date]);
    actor.send({ type: 'group.failed', message: 'ColdChain Express is closed on Sundays.' });
    expect(actor.getSnapshot().context.groupMessage).toBe('ColdChain Express is closed on Sundays.');
    actor.send({ type: 'group.saved', reply: ok(baseCart) });
    expect(actor.getSnapshot().context.groupMessage).toBeUndefined();
  });

  it("hands every seller's delivery date on, as a block's save left it (the payment tab's bank rule reads them all)", async () => {
    const mixed: ShippingReply = {
      code: 1,
      data: {
        speed: shippingOk.data?.speed ?? [],
        delivery_groups: [
          { ...butcherGroup, delivery_date: '2026-12-07' },
          { ...courierGroup, delivery_date: '2026-12-01' },
        ],
      },
    };
    const machine = walkable.provide({ actors: { shippingOptions: fromPromise(async () => mixed) } });
    const actor = createActor(machine, { input: input() }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    const moved = baseCart.delivery_groups.map((g) => ({
      ...g,
      delivery_date: g.vendor_loc_id === courierGroup.vendor_loc_id ? '2026-12-09' : '2026-12-07',
    }));
    actor.send({ type: 'group.saved', reply: ok({ ...baseCart, delivery_groups: moved }) });
    actor.send({ type: 'speed.continue' });
    expect(actor.getSnapshot().output?.speed?.deliveryDays).toEqual(['2026-12-07', '2026-12-09']);
  });

  it("preselects the Delivery option's date and slot (/ship/options) for each seller that offers them", async () => {
    const mixed: ShippingReply = {
      code: 1,
      data: { speed: shippingOk.data?.speed ?? [], delivery_groups: [butcherGroup, courierGroup], calendars: [butcherEntry, courierEntry] },
    };
    const saves: Sent<DeliveryScheduleBody>[] = [];
    const machine = walkable.provide({
      actors: {
        shippingOptions: fromPromise(async () => mixed),
        deliveryGroup: deliveryGroupMachine.provide({
          actors: {
            saveSchedule: fromPromise(async ({ input }) => {
              saves.push(input);
              const slot = input.slot_id ? { slot_id: input.slot_id, start: '12:00', end: '14:00' } : null;
              const saved = (g: DeliveryGroup) =>
                g.vendor_loc_id === input.vendor_loc_id ? { ...g, delivery_date: input.delivery_date, timeslot: slot } : g;
              return ok({ ...baseCart, delivery_groups: baseCart.delivery_groups.map(saved) });
            }),
            loadSlots: fromPromise(async () => slotsReply),
          },
        }),
      },
    });
    // Delivery on the butcher's first day at 12:00–14:00; the courier does not deliver that day.
    const chosen: SessionValues = { ...stored, shippingType: 'delivery', deliveryDate: '2030-06-04', deliverySlot: { start: '12:00', end: '14:00' } };
    const actor = createActor(machine, { input: { ...input(), session: createActor(sessionMachine, { input: chosen }).start() } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    await waitFor(actor, () => saves.length === 2);
    expect(saves).toEqual([
      { cart_id: 'cart-abc', vendor_loc_id: butcherGroup.vendor_loc_id, delivery_date: '2030-06-04', slot_id: null },
      { cart_id: 'cart-abc', vendor_loc_id: butcherGroup.vendor_loc_id, delivery_date: '2030-06-04', slot_id: 8 },
    ]);
  });
});
