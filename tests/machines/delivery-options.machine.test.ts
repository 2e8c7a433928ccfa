import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { DineinRetailerReply, VisitRetailer } from '../../src/api/contract/dine-in.contract.ts';
import type { CartReply, GetSlotReply, NextDeliveryDateReply } from '../../src/api/contract/cart-page.contract.ts';
import type { MoveAreaBody, MoveAreaReply } from '../../src/api/contract/cart-area.contract.ts';
import { ApiError, type Sent } from '../../src/api/http.ts';
import { datePickerDays } from '../../src/machines/store/delivery-options.context.ts';
import {
  selectDatePickerDays,
  selectMissingChoices,
  selectOptionCartQuestion,
  selectOptionsEditable,
} from '../../src/machines/store/delivery-options.selectors.ts';
import {
  cardNotice,
  deliveryOptionsMachine,
  isOptionAvailable,
  retailersShown,
  timesShown,
} from '../../src/machines/store/delivery-options.machine.ts';
import { deliveryPreferenceOf } from '../../src/machines/app/session-choices.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { areaChangeWords, priceChangeLines } from '../../src/rules/area-change.ts';
import { comingSoonMessage, deliveryOptionMessages } from '../../src/rules/messages.ts';
import { holiday, shopCalendar, sunday, sundays } from './delivery-options-fixtures.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

// Tuesday 1 December 2026, 9:00 in New York.
const now = () => new Date('2026-12-01T14:00:00Z');
const tomorrow = '2026-12-02';

function restaurant(
  locId: number,
  stars: number,
  opens = '12:00',
  closes = '22:30',
  speeds: VisitRetailer['speeds'] = ['dine-in', 'pickup'],
): VisitRetailer {
  return {
    loc_id: locId,
    vendor_id: locId - 389,
    name: `Restaurant ${locId}`,
    street1: '1 Main St',
    street2: '',
    city: 'New York',
    state: 'NY',
    zipcode: '10010',
    telephone: '2125550100',
    price_category: stars,
    opens_at: opens,
    closes_at: closes,
    description: 'Steakhouse',
    speeds,
  };
}
const list: VisitRetailer[] = [restaurant(402, 5, '17:00', '23:00'), restaurant(401, 4)];
const served = label('restaurants', done('loadRetailers', { code: 1, data: { vendordata: list } } satisfies DineinRetailerReply));
const none = label('no restaurants', done('loadRetailers', { code: 1, data: { vendordata: [] } } satisfies DineinRetailerReply));
const notServed = label('coming soon', done('loadRetailers', { code: -1, message: comingSoonMessage } satisfies DineinRetailerReply));
const listFailed = label('list failed', failed('loadRetailers'));
const slots = label(
  'slots',
  done('loadSlots', { code: 1, data: [{ slot_id: 10102, start: '12:00', end: '14:00', available: 2 }] } satisfies GetSlotReply),
);
const booked = label('booked', done('loadSlots', { code: -1, message: 'No Slots are available!' } satisfies GetSlotReply));
const slotsFailed = label('slots failed', failed('loadSlots'));
const calendarKnown = label('shop calendar', done('loadShopCalendar', shopCalendar));
const calendarFailed = label('shop calendar failed', failed('loadShopCalendar'));
const line = (cart_rid: number, name: string) => ({ cart_rid, name, size: '1 lb', qty: 1 });
const moveData = (extra: Partial<MoveAreaReply['data'] & object> = {}) => ({ zipcode: '10001', loc_id: 101, keep: [], drop: [], ...extra });
const checkedMixed = label(
  'cart: some stay, some go',
  done('checkCart', { code: 1, data: moveData({ keep: [line(1, 'Salmon')], drop: [line(2, 'Ribeye')] }) }),
);
const checkedEmpty = label('cart: empty', done('checkCart', { code: 1, data: moveData() }));
const checkedUnchanged = label('cart: all stays as it is', done('checkCart', { code: 1, data: moveData({ keep: [line(1, 'Salmon')] }) }));
const cartGone = (id: string) => label(`${id}: cart gone`, failed(id, new ApiError('Cart not found', 0, 404)));
const moved = label('moved', done('moveCart', { code: 1, data: moveData({ keep: [line(1, 'Salmon')], total_products_in_cart: 1 }) }));
/** Walk 8 #3: the signed-in account's cart, which this tab did not hold (filled in another browser), or none. */
const accountCart = label('account cart: cart-9', done('readAccountCart', { code: -1, current_cart: { cart_id: 'cart-9', total_items_count: 2 } }));
const accountNone = label('account cart: none', done('readAccountCart', { code: -1, current_cart: { cart_id: '', total_items_count: 0 } }));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches({ options: 'loading' })) return [served, none, notServed, listFailed];
  // The shop's calendar answers before anything else is tried: fewer paths, every transition still taken.
  if (snapshot.matches({ closedDays: 'loading' })) return [calendarKnown, calendarFailed];
  if (snapshot.matches({ options: { choosing: 'loadingSlots' } })) return [slots, booked, slotsFailed];
  if (snapshot.matches({ options: 'readingAccountCart' })) return [accountCart, accountNone, failed('readAccountCart')];
  if (snapshot.matches({ options: 'checkingCart' }))
    return [checkedMixed, checkedEmpty, checkedUnchanged, cartGone('checkCart'), failed('checkCart')];
  if (snapshot.matches({ options: 'movingCart' })) return [moved, cartGone('moveCart'), failed('moveCart')];
  if (snapshot.matches({ options: 'confirming' })) return [{ type: 'option.confirm' }, { type: 'option.keepOld' }, { type: 'option.keep' }];
  const sample = snapshot.matches({ sample: 'open' }) ? { type: 'sample.close' } : { type: 'sample.open' };
  if (!snapshot.matches({ options: 'choosing' })) return [sample];
  return [
    sample,
    { type: 'option.select', kind: 'dine-in' },
    { type: 'option.select', kind: 'delivery' },
    { type: 'option.select', kind: 'pick-up' },
    { type: 'stars.select', stars: 4 },
    { type: 'stars.select', stars: 0 },
    { type: 'retailer.select', locId: 401 },
    { type: 'retailer.select', locId: 999 },
    { type: 'date.select', date: tomorrow },
    { type: 'date.select', date: '2026-11-30' },
    { type: 'date.select', date: sunday },
    { type: 'time.select', time: '19:00' },
    { type: 'time.select', time: '12:00' },
    { type: 'slot.select', slotId: 10102 },
    { type: 'options.continue' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as {
    selected?: string;
    stars: number;
    retailerId?: number;
    date?: string;
    time?: string;
    slotId?: number;
    slots: unknown[];
    cartCheck?: unknown;
    answer: string;
    submitted: boolean;
  };
  return JSON.stringify([
    snapshot.value,
    c.selected ?? null,
    c.stars,
    c.retailerId ?? null,
    c.date ?? null,
    c.time ?? null,
    c.slotId ?? null,
    c.slots.length,
    c.cartCheck ? 1 : 0,
    c.answer,
    c.submitted,
  ]);
};

const scenarios: { name: string; stored: SessionValues }[] = [
  { name: 'shopper in New York', stored: { zipcode: '10001', location: 101 } },
  { name: 'shopper without a zip', stored: {} },
  // A cart filled for Delivery: Dine-In or Pick-Up asks first (issue 23).
  { name: 'shopper with a delivery cart', stored: { zipcode: '10001', location: 101, cart_id: 'cart-1', total_products_in_cart: 2 } },
  // Signed in with no cart in this tab: the account's cart is read first (walk 8 #3).
  { name: 'customer with no cart in this tab', stored: { zipcode: '10001', location: 101, Token: 'token', cust_name: 'Ada' } },
];

describe('delivery options paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const scenario of scenarios) {
    const input = () => ({ session: createActor(sessionMachine, { input: scenario.stored }).start(), now });
    const plans = planPaths(deliveryOptionsMachine, { input: input(), events: eventsFor, serializeState });
    describe(scenario.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const args = input();
        const result = replay(deliveryOptionsMachine, plan, args);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        const session = args.session.getSnapshot().context;
        const context = result.snapshot.context as { selected?: string; time?: string; slotId?: number };
        if (result.snapshot.matches({ options: 'chosen' }) && scenario.stored.cart_id && context.selected !== 'delivery') {
          // Asked, then moved (the cart's new count) or found gone (forgotten); never silently.
          const moveEvents = plan.steps.filter((st) => /moveCart|checkCart/.test(JSON.stringify(st.event)));
          expect(moveEvents.length).toBeGreaterThan(0);
          if (session.cart_id) expect(session.total_products_in_cart).toBe(1);
        }
        if (result.snapshot.matches({ options: 'chosen' })) {
          // The choice is in the session: the shipping flags and, for a restaurant, where and when.
          expect(session.shippingType).toBe(context.selected);
          if (context.selected === 'delivery') expect(session).toMatchObject({ delivery: 1, pickup: 0, dineinpickup: 0, couriertype: undefined });
          else expect(session).toMatchObject({ retailer: 401, retailer_name: 'Restaurant 401', dineinTime: `${tomorrow} ${context.time}` });
        } else if (scenario.stored.Token) {
          // Nothing of the choice stored; at most the account's cart this tab did not hold, once read.
          expect(session).toMatchObject(scenario.stored);
          expect(session.shippingType).toBeUndefined();
        } else {
          expect(session).toEqual(scenario.stored);
        }
      });
    });
  }

  it(coverageTitle(deliveryOptionsMachine), () => {
    expect([...allStateIds(deliveryOptionsMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(deliveryOptionsMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('delivery options behaviour', () => {
  function start(
    stored: SessionValues,
    reply: DineinRetailerReply,
    slotReply: GetSlotReply = slots.output as GetSlotReply,
    preferredRetailer?: number,
    calendarReply: NextDeliveryDateReply | 'fails' = shopCalendar,
  ) {
    const session = createActor(sessionMachine, { input: stored }).start();
    const calls: { list: unknown[]; slots: unknown[]; calendar: unknown[] } = { list: [], slots: [], calendar: [] };
    const goToStore = vi.fn();
    const machine = deliveryOptionsMachine.provide({
      actors: {
        loadRetailers: fromPromise(async ({ input }) => {
          calls.list.push(input);
          return reply;
        }),
        loadSlots: fromPromise(async ({ input }) => {
          calls.slots.push(input);
          return slotReply;
        }),
        loadShopCalendar: fromPromise(async ({ input }) => {
          calls.calendar.push(input);
          if (calendarReply === 'fails') throw new Error('offline');
          return calendarReply;
        }),
      },
      actions: { goToStore },
    });
    const actor = createActor(machine, { input: { session, now, preferredRetailer } }).start();
    return { actor, session, calls, goToStore };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const area = { zipcode: '10001', location: 101 };

  it('makes Dine-In primary and selected when the city has restaurants; CONTINUE waits for a restaurant, date and time', async () => {
    const t = start(area, served.output as DineinRetailerReply);
    await settle();
    const c = () => t.actor.getSnapshot().context;
    const missing = () => selectMissingChoices(t.actor.getSnapshot());
    expect(t.calls.list).toEqual([{ zipcode: '10001', location: 101 }]);
    expect([c().primary, c().selected]).toEqual(['dine-in', 'dine-in']);
    expect(['dine-in', 'delivery', 'pick-up'].map((k) => isOptionAvailable(c(), k as 'dine-in'))).toEqual([true, true, true]);
    // Nothing is named missing before CONTINUE: choosing the star filter or the restaurant first is no mistake.
    t.actor.send({ type: 'stars.select', stars: 4 });
    expect(missing()).toEqual({});
    expect(retailersShown(c()).map((r) => r.loc_id)).toEqual([401]);
    t.actor.send({ type: 'options.continue' });
    expect(t.goToStore).not.toHaveBeenCalled();
    expect(missing()).toEqual({ retailer: deliveryOptionMessages.retailerRequired, dateTime: deliveryOptionMessages.visitTimeRequired });
    t.actor.send({ type: 'retailer.select', locId: 401 });
    expect(missing()).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    t.actor.send({ type: 'date.select', date: tomorrow });
    expect(timesShown(c())).toContain('19:00');
    expect(missing()).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    t.actor.send({ type: 'time.select', time: '19:00' });
    expect(missing()).toEqual({});
    t.actor.send({ type: 'options.continue' });
    expect(t.goToStore).toHaveBeenCalledOnce();
    expect(t.session.getSnapshot().context).toMatchObject({
      shippingType: 'dine-in',
      dineinpickup: 1,
      pickup: 0,
      delivery: 0,
      couriertype: 'dine-in',
      retailer: 401,
      retailer_name: 'Restaurant 401',
      vendor_location_id: 401,
      dineinTime: '2026-12-02 19:00',
    });
  });

  it('keeps pick-up inside 10 to 16 and the restaurant’s hours, and resets the choices when the card changes', async () => {
    const t = start(area, served.output as DineinRetailerReply, undefined, 402);
    await settle();
    const c = () => t.actor.getSnapshot().context;
    expect(c().retailerId).toBe(402);
    t.actor.send({ type: 'options.continue' });
    expect(selectMissingChoices(t.actor.getSnapshot())).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    t.actor.send({ type: 'option.select', kind: 'pick-up' });
    expect(c().retailerId).toBeUndefined();
    // A new card starts clean; its own CONTINUE names what Pick-Up lacks, in its own words.
    expect(selectMissingChoices(t.actor.getSnapshot())).toEqual({});
    t.actor.send({ type: 'options.continue' });
    expect(selectMissingChoices(t.actor.getSnapshot())).toEqual({
      retailer: deliveryOptionMessages.retailerRequired,
      dateTime: deliveryOptionMessages.pickUpTimeRequired,
    });
    t.actor.send({ type: 'retailer.select', locId: 402 });
    t.actor.send({ type: 'date.select', date: tomorrow });
    // Opens at 17:00: no pick-up time inside 10-16.
    expect(timesShown(c())).toEqual([]);
    t.actor.send({ type: 'retailer.select', locId: 401 });
    expect(timesShown(c())[0]).toBe('12:00');
    expect(timesShown(c()).at(-1)).toBe('16:00');
    t.actor.send({ type: 'time.select', time: '19:00' });
    expect(c().time).toBeUndefined();
    t.actor.send({ type: 'time.select', time: '12:30' });
    t.actor.send({ type: 'options.continue' });
    expect(t.session.getSnapshot().context).toMatchObject({
      shippingType: 'pick-up',
      pickup: 1,
      couriertype: 'pickup',
      dineinTime: '2026-12-02 12:30',
    });
  });

  it('delivery needs a date and a slot with a seat; a day without seats says so', async () => {
    const t = start(area, served.output as DineinRetailerReply, booked.output as GetSlotReply);
    await settle();
    t.actor.send({ type: 'option.select', kind: 'delivery' });
    await settle();
    t.actor.send({ type: 'date.select', date: tomorrow });
    await settle();
    expect(t.calls.slots).toEqual([{ date: tomorrow, zipcode: '10001', locId: 101 }]);
    expect(t.actor.getSnapshot().context.message).toBe(deliveryOptionMessages.slotsBooked);
    // The spec: Delivery's CONTINUE is disabled until a date and a slot with a seat are chosen; nothing is named.
    expect(t.actor.getSnapshot().can({ type: 'options.continue' })).toBe(false);
    expect(selectMissingChoices(t.actor.getSnapshot())).toEqual({});
  });

  it("stores Delivery's date and slot for the cart's sellers; another option forgets them", async () => {
    const t = start(area, served.output as DineinRetailerReply);
    await settle();
    t.actor.send({ type: 'option.select', kind: 'delivery' });
    await settle();
    t.actor.send({ type: 'date.select', date: tomorrow });
    await settle();
    t.actor.send({ type: 'slot.select', slotId: 10102 });
    t.actor.send({ type: 'options.continue' });
    expect(t.session.getSnapshot().context).toMatchObject({
      shippingType: 'delivery',
      deliveryDate: tomorrow,
      deliverySlot: { start: '12:00', end: '14:00' },
    });
    expect(deliveryPreferenceOf(t.session.getSnapshot().context)).toEqual({ date: tomorrow, slot: { start: '12:00', end: '14:00' } });
    // Pick-Up chosen later: Delivery's date and slot are no choice of hers any more.
    expect(deliveryPreferenceOf({ ...t.session.getSnapshot().context, shippingType: 'pick-up' })).toBeUndefined();
  });

  it('a closed day says closed, never booked (issue 23)', async () => {
    const closed: GetSlotReply = { code: -1, message: 'Hudson Street Butchers is closed on Sundays.' };
    const t = start(area, served.output as DineinRetailerReply, closed);
    await settle();
    t.actor.send({ type: 'option.select', kind: 'delivery' });
    await settle();
    t.actor.send({ type: 'date.select', date: tomorrow });
    await settle();
    expect(t.actor.getSnapshot().context.message).toBe('Hudson Street Butchers is closed on Sundays.');
    expect(t.actor.getSnapshot().can({ type: 'options.continue' })).toBe(false);
  });

  it("disables the area shop's closed days ahead for Delivery, each with why; a restaurant visit is not bound by them (issue 23)", async () => {
    const t = start(area, served.output as DineinRetailerReply);
    await settle();
    const c = () => t.actor.getSnapshot().context;
    // Dine-In first: no calendar asked for, any day from today.
    expect(t.calls.calendar).toEqual([]);
    expect(datePickerDays(c())).toEqual({ minDate: '2026-12-01', maxDate: undefined, closed: [], notes: [], pending: false });
    t.actor.send({ type: 'option.select', kind: 'delivery' });
    await settle();
    expect(t.calls.calendar).toEqual([{ locId: 101 }]);
    expect(t.actor.getSnapshot().matches({ closedDays: 'loaded' })).toBe(true);
    const days = datePickerDays(c());
    expect(days.closed.map((d) => d.date)).toEqual([sunday, '2026-12-13', '2026-12-25']);
    // The weekly reason first, each once.
    expect(days.notes).toEqual([sundays, holiday]);
    expect([days.minDate, days.maxDate]).toEqual(['2026-12-01', '2027-01-29']);
    // A closed day (or one past the picker's last) is refused before any slot is asked for.
    for (const date of [sunday, '2026-12-25', '2027-01-30']) t.actor.send({ type: 'date.select', date });
    expect(c().date).toBeUndefined();
    expect(t.calls.slots).toEqual([]);
    t.actor.send({ type: 'date.select', date: tomorrow });
    await settle();
    expect(t.calls.slots).toEqual([{ date: tomorrow, zipcode: '10001', locId: 101 }]);
    // Back to Dine-In: the restaurant's own hours rule, a Sunday can be chosen; the calendar is not asked again.
    t.actor.send({ type: 'option.select', kind: 'dine-in' });
    expect(datePickerDays(c()).closed).toEqual([]);
    t.actor.send({ type: 'date.select', date: sunday });
    expect(c().date).toBe(sunday);
    t.actor.send({ type: 'option.select', kind: 'delivery' });
    expect(t.calls.calendar).toHaveLength(1);
  });

  it("offers no Delivery day while the shop's calendar loads: a closed Sunday would look open until it comes", async () => {
    let answer: (reply: NextDeliveryDateReply) => void = () => undefined;
    const session = createActor(sessionMachine, { input: area }).start();
    const machine = deliveryOptionsMachine.provide({
      actors: {
        loadRetailers: fromPromise(async () => none.output as DineinRetailerReply),
        loadSlots: fromPromise(async () => slots.output as GetSlotReply),
        loadShopCalendar: fromPromise(() => new Promise<NextDeliveryDateReply>((resolve) => (answer = resolve))),
      },
    });
    const actor = createActor(machine, { input: { session, now } }).start();
    await settle();
    expect(actor.getSnapshot().matches({ closedDays: 'loading' })).toBe(true);
    expect(selectDatePickerDays(actor.getSnapshot())).toMatchObject({ pending: true, closed: [] });
    for (const date of [sunday, tomorrow]) actor.send({ type: 'date.select', date });
    expect(actor.getSnapshot().context.date).toBeUndefined();
    answer(shopCalendar);
    await settle();
    expect(selectDatePickerDays(actor.getSnapshot())).toMatchObject({ pending: false, notes: [sundays, holiday] });
    actor.send({ type: 'date.select', date: sunday });
    expect(actor.getSnapshot().context.date).toBeUndefined();
    actor.send({ type: 'date.select', date: tomorrow });
    expect(actor.getSnapshot().context.date).toBe(tomorrow);
  });

  it('after the cutoff the first day offered is the shop’s next delivery date; an unreadable calendar leaves the days to getslot', async () => {
    const late: NextDeliveryDateReply = { status: 1, response: [{ ...shopCalendar.response[0]!, delivery_date: tomorrow, cutoff: null }] };
    const t = start(area, none.output as DineinRetailerReply, undefined, undefined, late);
    await settle();
    expect(datePickerDays(t.actor.getSnapshot().context).minDate).toBe(tomorrow);
    t.actor.send({ type: 'date.select', date: '2026-12-01' });
    expect(t.actor.getSnapshot().context.date).toBeUndefined();
    const unread = start(area, none.output as DineinRetailerReply, undefined, undefined, 'fails');
    await settle();
    expect(unread.actor.getSnapshot().matches({ closedDays: 'loaded' })).toBe(true);
    expect(datePickerDays(unread.actor.getSnapshot().context)).toMatchObject({ minDate: '2026-12-01', closed: [], notes: [] });
    unread.actor.send({ type: 'date.select', date: sunday });
    expect(unread.actor.getSnapshot().context.date).toBe(sunday);
  });

  it('offers Delivery only without restaurants, and nothing for an unserved zip', async () => {
    const empty = start(area, none.output as DineinRetailerReply);
    await settle();
    expect(empty.actor.getSnapshot().context).toMatchObject({
      primary: 'delivery',
      selected: 'delivery',
      message: deliveryOptionMessages.noRetailer,
    });
    empty.actor.send({ type: 'option.select', kind: 'dine-in' });
    expect(empty.actor.getSnapshot().context.selected).toBe('delivery');
    const unserved = start({ zipcode: '90210', location: 0 }, notServed.output as DineinRetailerReply);
    await settle();
    expect(unserved.actor.getSnapshot().matches({ options: 'notServed' })).toBe(true);
    expect(unserved.actor.getSnapshot().context.message).toBe(comingSoonMessage);
  });

  it('lists for Pick-Up no restaurant whose hours leave no pick-up time, even one the list says sells at it (walk 7 #1)', async () => {
    // Hudson Prime opens at 5 PM: a Pick-Up there read 'No time left on this date' on every date.
    const t = start(area, { code: 1, data: { vendordata: [restaurant(402, 5, '17:00', '23:00'), restaurant(401, 4)] } });
    await settle();
    const c = () => t.actor.getSnapshot().context;
    t.actor.send({ type: 'option.select', kind: 'pick-up' });
    expect(retailersShown(c()).map((r) => r.loc_id)).toEqual([401]);
    t.actor.send({ type: 'retailer.select', locId: 402 });
    expect(c().retailerId).toBeUndefined();
    t.actor.send({ type: 'option.select', kind: 'dine-in' });
    expect(retailersShown(c()).map((r) => r.loc_id)).toEqual([402, 401]);
  });

  it('lists at each card only the restaurants selling at it in the area (the server check’s rule); a card none serves is disabled and says so', async () => {
    const dineInOnly = restaurant(402, 5, '17:00', '23:00', ['dine-in']);
    const t = start(area, { code: 1, data: { vendordata: [dineInOnly, restaurant(401, 4)] } }, undefined, 402);
    await settle();
    const c = () => t.actor.getSnapshot().context;
    expect([c().selected, c().retailerId, retailersShown(c()).map((r) => r.loc_id)]).toEqual(['dine-in', 402, [402, 401]]);
    t.actor.send({ type: 'option.select', kind: 'pick-up' });
    expect(retailersShown(c()).map((r) => r.loc_id)).toEqual([401]);
    // Hudson Prime sells nothing for pick-up here: not offered, and not taken if sent.
    t.actor.send({ type: 'retailer.select', locId: 402 });
    expect(c().retailerId).toBeUndefined();
    t.actor.send({ type: 'retailer.select', locId: 401 });
    t.actor.send({ type: 'date.select', date: tomorrow });
    t.actor.send({ type: 'time.select', time: '12:00' });
    t.actor.send({ type: 'options.continue' });
    expect(t.session.getSnapshot().context).toMatchObject({ couriertype: 'pickup', vendor_location_id: 401 });

    // Only Pick-Up served in the area: Delivery opens, Dine-In is disabled and says why; Pick-Up stays open to choose.
    const pickUpOnly = start(area, { code: 1, data: { vendordata: [restaurant(401, 4, '12:00', '22:30', ['pickup'])] } }, undefined, 401);
    await settle();
    const p = pickUpOnly.actor.getSnapshot().context;
    expect([p.primary, p.selected, p.retailerId, p.message]).toEqual(['delivery', 'delivery', undefined, undefined]);
    expect((['dine-in', 'delivery', 'pick-up'] as const).map((k) => [isOptionAvailable(p, k), cardNotice(p, k)])).toEqual([
      [false, deliveryOptionMessages.noRetailer],
      [true, undefined],
      [true, undefined],
    ]);
    pickUpOnly.actor.send({ type: 'option.select', kind: 'dine-in' });
    expect(pickUpOnly.actor.getSnapshot().context.selected).toBe('delivery');
    pickUpOnly.actor.send({ type: 'option.select', kind: 'pick-up' });
    expect(retailersShown(pickUpOnly.actor.getSnapshot().context).map((r) => r.loc_id)).toEqual([401]);

    // No restaurant at all: the page's message says it once for both cards, as before.
    const empty = start(area, none.output as DineinRetailerReply);
    await settle();
    const e = empty.actor.getSnapshot().context;
    expect([e.message, cardNotice(e, 'dine-in'), cardNotice(e, 'pick-up')]).toEqual([deliveryOptionMessages.noRetailer, undefined, undefined]);
  });

  describe('a new option with a cart asks first (issue 23)', () => {
    function withCart(check: MoveAreaReply, stored: SessionValues = { cart_id: 'cart-1', total_products_in_cart: 2 }, account?: CartReply) {
      const session = createActor(sessionMachine, { input: { ...area, ...stored } }).start();
      const calls: Sent<MoveAreaBody>[] = [];
      const reads: CartReply[] = [];
      const goToStore = vi.fn();
      const machine = deliveryOptionsMachine.provide({
        actors: {
          readAccountCart: fromPromise(async (): Promise<CartReply> => {
            if (!account) throw new Error('no account cart asked for here');
            reads.push(account);
            return account;
          }),
          loadRetailers: fromPromise(async () => served.output as DineinRetailerReply),
          loadSlots: fromPromise(async () => slots.output as GetSlotReply),
          loadShopCalendar: fromPromise(async () => shopCalendar),
          moveCart: fromPromise(async ({ input }: { input: Sent<MoveAreaBody> }): Promise<MoveAreaReply> => {
            calls.push(input);
            return input.apply ? { code: 1, data: { ...check.data!, total_products_in_cart: 1 } } : check;
          }),
        },
        actions: { goToStore },
      });
      const actor = createActor(machine, { input: { session, now } }).start();
      return { actor, session, calls, reads, goToStore };
    }
    const mixed: MoveAreaReply = { code: 1, data: { zipcode: '10001', loc_id: 101, keep: [line(1, 'Salmon')], drop: [line(2, 'Ribeye')] } };
    async function chooseDineIn(t: ReturnType<typeof withCart>) {
      await settle();
      t.actor.send({ type: 'retailer.select', locId: 401 });
      t.actor.send({ type: 'date.select', date: tomorrow });
      t.actor.send({ type: 'time.select', time: '19:00' });
      t.actor.send({ type: 'options.continue' });
      await vi.waitFor(() => expect(t.actor.getSnapshot().matches({ options: 'confirming' })).toBe(true));
    }

    it('lists what stays and what Dine-In cannot sell; nothing is stored until the shopper answers', async () => {
      const t = withCart(mixed);
      await chooseDineIn(t);
      expect(t.calls).toEqual([{ cart_id: 'cart-1', zipcode: '10001', courier_type: 'dine-in', vendor_location_id: 401 }]);
      expect(t.session.getSnapshot().context.shippingType).toBeUndefined();
      expect(t.goToStore).not.toHaveBeenCalled();
      t.actor.send({ type: 'option.confirm' });
      await vi.waitFor(() => expect(t.goToStore).toHaveBeenCalledOnce());
      expect(t.calls[1]).toEqual({ cart_id: 'cart-1', zipcode: '10001', courier_type: 'dine-in', vendor_location_id: 401, apply: 1 });
      expect(t.session.getSnapshot().context).toMatchObject({ shippingType: 'dine-in', cart_id: 'cart-1', total_products_in_cart: 1 });
    });

    it("signed in with no cart in this tab: the account's cart (filled in another browser) is read, and the dialog lists what the option cannot sell (walk 8 #3)", async () => {
      const account: CartReply = { code: -1, current_cart: { cart_id: 'cart-9', total_items_count: 2 } };
      const t = withCart(mixed, { Token: 'token', cust_name: 'Ada' }, account);
      await chooseDineIn(t);
      expect(t.reads).toHaveLength(1);
      expect(t.calls).toEqual([{ cart_id: 'cart-9', zipcode: '10001', courier_type: 'dine-in', vendor_location_id: 401 }]);
      expect(t.actor.getSnapshot().context.cartCheck?.drop).toEqual([line(2, 'Ribeye')]);
      expect(t.session.getSnapshot().context).toMatchObject({ cart_id: 'cart-9', total_products_in_cart: 2 });
      expect(t.session.getSnapshot().context.shippingType).toBeUndefined();
      expect(t.goToStore).not.toHaveBeenCalled();
    });

    it("signed in with a cart, on the same option again: the server's cart says whether anything changes (walk 8 #3)", async () => {
      const onDineIn = {
        cart_id: 'cart-1',
        total_products_in_cart: 2,
        Token: 'token',
        cust_name: 'Ada',
        couriertype: 'dine-in',
        shippingType: 'dine-in',
        retailer: 401,
        retailer_name: 'Restaurant 401',
      } satisfies SessionValues;
      // All for Dine-In at the restaurant: stored, nothing asked or moved.
      const same = withCart({ code: 1, data: { zipcode: '10001', loc_id: 101, keep: [line(1, 'Oysters')], drop: [] } }, onDineIn);
      await settle();
      same.actor.send({ type: 'retailer.select', locId: 401 });
      same.actor.send({ type: 'date.select', date: tomorrow });
      same.actor.send({ type: 'time.select', time: '19:00' });
      same.actor.send({ type: 'options.continue' });
      await vi.waitFor(() => expect(same.goToStore).toHaveBeenCalledOnce());
      expect(same.calls).toEqual([{ cart_id: 'cart-1', zipcode: '10001', courier_type: 'dine-in', vendor_location_id: 401 }]);
      // A line another browser added for another option: the shopper is asked, as for a new option.
      const changed = withCart(mixed, onDineIn);
      await chooseDineIn(changed);
      expect(changed.actor.getSnapshot().context.cartCheck?.drop).toEqual([line(2, 'Ribeye')]);
      expect(changed.goToStore).not.toHaveBeenCalled();
    });

    it('keeping them for Delivery moves the cart with keep_old', async () => {
      const t = withCart(mixed);
      await chooseDineIn(t);
      t.actor.send({ type: 'option.keepOld' });
      await vi.waitFor(() => expect(t.goToStore).toHaveBeenCalledOnce());
      expect(t.calls[1]).toEqual({ cart_id: 'cart-1', zipcode: '10001', courier_type: 'dine-in', vendor_location_id: 401, apply: 1, keep_old: 1 });
    });

    it('keeping Delivery keeps the option and the whole cart, with no move', async () => {
      const t = withCart(mixed);
      await chooseDineIn(t);
      t.actor.send({ type: 'option.keep' });
      expect(t.actor.getSnapshot().matches({ options: 'choosing' })).toBe(true);
      expect(t.calls).toHaveLength(1);
      expect(t.session.getSnapshot().context).toEqual({ ...area, cart_id: 'cart-1', total_products_in_cart: 2 });
    });

    it('takes no change of choice while the cart is checked, asked about or moved: the page disables every control then', async () => {
      const answers: ((reply: MoveAreaReply) => void)[] = [];
      const session = createActor(sessionMachine, { input: { ...area, cart_id: 'cart-1', total_products_in_cart: 2 } }).start();
      const machine = deliveryOptionsMachine.provide({
        actors: {
          loadRetailers: fromPromise(async () => served.output as DineinRetailerReply),
          loadSlots: fromPromise(async () => slots.output as GetSlotReply),
          loadShopCalendar: fromPromise(async () => shopCalendar),
          moveCart: fromPromise(() => new Promise<MoveAreaReply>((resolve) => answers.push(resolve))),
        },
      });
      const actor = createActor(machine, { input: { session, now } });
      // Each choice with a payload the choosing page would take (a listed restaurant, an offered date, time and slot).
      const choices = [
        { type: 'option.select', kind: 'pick-up' },
        { type: 'stars.select', stars: 4 },
        { type: 'retailer.select', locId: 401 },
        { type: 'date.select', date: tomorrow },
        { type: 'time.select', time: '20:00' },
      ] as const;
      const seen = new Map<string, boolean>();
      actor.subscribe((s) => {
        const options = JSON.stringify((s.value as { options: unknown }).options);
        seen.set(options, selectOptionsEditable(s));
        expect(selectOptionsEditable(s), options).toBe(s.can({ type: 'stars.select', stars: 0 }));
        if (!selectOptionsEditable(s)) for (const event of choices) expect(s.can(event), `${options} ${event.type}`).toBe(false);
      });
      actor.start();
      await settle();
      actor.send({ type: 'retailer.select', locId: 401 });
      actor.send({ type: 'date.select', date: tomorrow });
      actor.send({ type: 'time.select', time: '19:00' });
      expect(selectOptionsEditable(actor.getSnapshot())).toBe(true);
      for (const event of choices) expect(actor.getSnapshot().can(event), event.type).toBe(true);
      actor.send({ type: 'options.continue' });
      expect(actor.getSnapshot().matches({ options: 'checkingCart' })).toBe(true);
      expect(selectOptionsEditable(actor.getSnapshot())).toBe(false);
      // A time picked now would be dropped, and the old one stored.
      actor.send({ type: 'time.select', time: '20:00' });
      expect(actor.getSnapshot().context.time).toBe('19:00');
      answers.at(-1)?.(mixed);
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ options: 'confirming' })).toBe(true));
      actor.send({ type: 'option.confirm' });
      expect(actor.getSnapshot().matches({ options: 'movingCart' })).toBe(true);
      answers.at(-1)?.({ code: 1, data: { ...mixed.data!, total_products_in_cart: 1 } });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ options: 'chosen' })).toBe(true));
      expect(Object.fromEntries(seen)).toEqual({
        '{"choosing":"editing"}': true,
        '"checkingCart"': false,
        '"confirming"': false,
        '"movingCart"': false,
        '"chosen"': false,
        '"loading"': false,
      });
      actor.stop();
    });

    it('asks when Dine-In moves to another restaurant too, naming both, and sends the chosen one (its offers replace the lines’)', async () => {
      const t = withCart(mixed, {
        cart_id: 'cart-1',
        total_products_in_cart: 2,
        couriertype: 'dine-in',
        retailer: 402,
        retailer_name: 'Hudson Prime Steakhouse',
      });
      await chooseDineIn(t);
      expect(t.calls).toEqual([{ cart_id: 'cart-1', zipcode: '10001', courier_type: 'dine-in', vendor_location_id: 401 }]);
      expect(selectOptionCartQuestion(t.actor.getSnapshot())).toMatchObject({
        target: 'Dine-In at Restaurant 401',
        current: 'Dine-In at Hudson Prime Steakhouse',
      });
      t.actor.stop();
    });

    it('keeps the leaving lines for the option they were bought for (the server’s word), not the one this tab remembered', async () => {
      // Walk 9: the account's cart was filled for Pick-Up at The Oyster Room in another browser; this tab was on Delivery.
      const bought = 'Pick-Up at The Oyster Room — Chelsea';
      const t = withCart({ ...mixed, data: { ...mixed.data!, kept_for: bought } });
      await chooseDineIn(t);
      const question = selectOptionCartQuestion(t.actor.getSnapshot());
      expect(question).toMatchObject({ current: 'Delivery', keepFor: bought });
      expect(question && areaChangeWords(question).keepOld).toBe(`Change to Dine-In and keep 1 item for ${bought}`);
      t.actor.stop();
    });

    it('back to Delivery from Dine-In: the question names a moved line’s old and new price, and nothing moves before the shopper agrees', async () => {
      const moving: MoveAreaReply = {
        code: 1,
        data: { ...moveData(), keep: [{ ...line(1, 'Ribeye Steak'), price: '41.63', new_price: '38.10' }], drop: [line(2, 'Oyster Platter')] },
      };
      const t = withCart(moving, {
        cart_id: 'cart-1',
        total_products_in_cart: 2,
        couriertype: 'dine-in',
        retailer: 401,
        retailer_name: 'Restaurant 401',
      });
      await settle();
      t.actor.send({ type: 'option.select', kind: 'delivery' });
      await settle();
      t.actor.send({ type: 'date.select', date: tomorrow });
      await settle();
      t.actor.send({ type: 'slot.select', slotId: 10102 });
      t.actor.send({ type: 'options.continue' });
      await vi.waitFor(() => expect(t.actor.getSnapshot().matches({ options: 'confirming' })).toBe(true));
      // Only asked: Delivery, with no restaurant.
      expect(t.calls).toEqual([{ cart_id: 'cart-1', zipcode: '10001' }]);
      const question = selectOptionCartQuestion(t.actor.getSnapshot());
      expect(question).toMatchObject({ target: 'Delivery', current: 'Dine-In' });
      expect(priceChangeLines(question?.keep ?? [])).toEqual(['Ribeye Steak: $41.63 → $38.10']);
      expect(t.session.getSnapshot().context.couriertype).toBe('dine-in');
      t.actor.send({ type: 'option.confirm' });
      await vi.waitFor(() => expect(t.goToStore).toHaveBeenCalledOnce());
      expect(t.calls[1]).toEqual({ cart_id: 'cart-1', zipcode: '10001', apply: 1 });
    });

    it('does not ask when the option does not change what the cart can hold', async () => {
      const t = withCart(mixed);
      await settle();
      t.actor.send({ type: 'option.select', kind: 'delivery' });
      await settle();
      t.actor.send({ type: 'date.select', date: tomorrow });
      await settle();
      t.actor.send({ type: 'slot.select', slotId: 10102 });
      t.actor.send({ type: 'options.continue' });
      expect(t.goToStore).toHaveBeenCalledOnce();
      expect(t.calls).toEqual([]);
    });
  });
});
