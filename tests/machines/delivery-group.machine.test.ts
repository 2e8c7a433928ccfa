import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CartReply, DeliveryGroup, GetSlotReply } from '../../src/api/contract/cart-page.contract.ts';
import {
  deliveryGroupMachine,
  closedDateMessage,
  invalidDateMessage,
  type DeliveryGroupInput,
  type DeliveryGroupReport,
} from '../../src/machines/cart/delivery-group.machine.ts';
import { noSlotsMessage } from '../../src/rules/cart-checkout.ts';
import { baseCart, butcherEntry, butcherGroup, courierEntry, courierGroup, noSlotsReply, ok, slotMorning, slotsReply } from './cart-fixtures.ts';
import { done, failed } from './machine-events.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';
import { reportRecorder } from './report-recorder.ts';

/** Stands in for the cart: records what the group reports. */
function owner() {
  return reportRecorder<DeliveryGroupReport>();
}

function savedReply(group: DeliveryGroup, date: string, slot: DeliveryGroup['timeslot'] = null): CartReply {
  return ok({
    ...baseCart,
    delivery_groups: baseCart.delivery_groups.map((g) =>
      g.vendor_loc_id === group.vendor_loc_id ? { ...g, delivery_date: date, timeslot: slot } : g,
    ),
  });
}

const refused: CartReply = { code: -1, message: 'That date is not available.' };

const calendar = (entry = butcherEntry) => ({ type: 'group.calendar' as const, entry });
const noCalendar = { type: 'group.calendar' as const, entry: undefined };
const chooseMin = { type: 'group.date.choose' as const, date: '2030-06-04' };
const chooseTyped = { type: 'group.date.choose' as const, date: '06/05/2030' };
const chooseHoliday = { type: 'group.date.choose' as const, date: '2030-06-09' };
const chooseSlot = { type: 'group.slot.choose' as const, slotId: 7 };
const chooseUnknownSlot = { type: 'group.slot.choose' as const, slotId: 99 };

function eventsFor(group: DeliveryGroup) {
  const dateSaved = done('saveSchedule', savedReply(group, '2030-06-04'));
  const slotSaved = done('saveSchedule', savedReply(group, '2030-06-04', slotMorning));
  const saveRefused = done('saveSchedule', refused);
  const saveFailed = failed('saveSchedule');
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    if (snapshot.matches('waitingForCalendar')) return [calendar(group.type === 'local' ? butcherEntry : courierEntry), noCalendar];
    if (snapshot.matches('noDates')) return [chooseMin];
    const choose = [chooseMin, chooseTyped, chooseHoliday];
    if (snapshot.matches({ scheduling: 'savingDate' })) return [dateSaved, saveRefused, saveFailed, chooseTyped];
    if (snapshot.matches({ scheduling: 'savingSlot' })) return [slotSaved, saveRefused, saveFailed];
    if (snapshot.matches({ scheduling: 'loadingSlots' })) {
      return [done('loadSlots', slotsReply), done('loadSlots', noSlotsReply), failed('loadSlots')];
    }
    if (snapshot.matches({ scheduling: 'choosingSlot' })) return [...choose, chooseSlot, chooseUnknownSlot];
    if (snapshot.matches({ scheduling: 'slotsFailed' })) return [...choose, { type: 'group.slots.retry' }];
    return choose;
  };
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as { date?: string; slotId?: number; draftDate?: string; slots: unknown[]; slotsMessage?: string; dateError?: string };
  return JSON.stringify([
    snapshot.value,
    c.date ?? null,
    c.slotId ?? null,
    c.draftDate ?? null,
    c.slots.length,
    c.slotsMessage ?? null,
    c.dateError ?? null,
  ]);
};

/** Delivery chosen on /ship/options with the butcher's first day and its 12:00 slot (another seller's id: matched by time). */
const preferred = { date: '2030-06-04', slot: { start: '12:00', end: '14:00' } };

const starts: { name: string; input: () => DeliveryGroupInput }[] = [
  {
    name: 'Same Day, nothing saved, Delivery chosen with a date and slot',
    input: () => ({ owner: owner(), cartId: 'cart-abc', zipcode: '10001', group: butcherGroup, calendar: butcherEntry, preferred }),
  },
  { name: 'Same Day, nothing saved', input: () => ({ owner: owner(), cartId: 'cart-abc', zipcode: '10001', group: butcherGroup }) },
  { name: 'Next Day, nothing saved', input: () => ({ owner: owner(), cartId: 'cart-abc', zipcode: '10001', group: courierGroup }) },
  {
    name: 'Same Day, date saved, calendar known',
    input: () => ({
      owner: owner(),
      cartId: 'cart-abc',
      zipcode: '10001',
      group: { ...butcherGroup, delivery_date: '2030-06-04' },
      calendar: butcherEntry,
    }),
  },
];

describe('delivery group paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const start of starts) {
    const group = start.input().group;
    const plans = planPaths(deliveryGroupMachine, { input: start.input(), events: eventsFor(group), serializeState });
    describe(start.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(deliveryGroupMachine, plan, start.input());
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        if (result.snapshot.matches({ scheduling: 'noSlots' })) expect(result.snapshot.context.slotsMessage).toBe(noSlotsMessage);
      });
    });
  }

  it(coverageTitle(deliveryGroupMachine), () => {
    expect([...allStateIds(deliveryGroupMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(deliveryGroupMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('delivery group behaviour', () => {
  function start(
    group: DeliveryGroup,
    replies: { save?: (input: unknown) => Promise<CartReply>; slots?: () => Promise<GetSlotReply> } = {},
    more: Partial<DeliveryGroupInput> = {},
  ) {
    const saves: unknown[] = [];
    const slotLoads: unknown[] = [];
    const machine = deliveryGroupMachine.provide({
      actors: {
        saveSchedule: fromPromise(async ({ input }) => {
          saves.push(input);
          return replies.save ? replies.save(input) : savedReply(group, input.delivery_date, input.slot_id ? slotMorning : null);
        }),
        loadSlots: fromPromise(async ({ input }) => {
          slotLoads.push(input);
          return replies.slots ? replies.slots() : slotsReply;
        }),
      },
    });
    const cart = owner();
    const actor = createActor(machine, { input: { owner: cart, cartId: 'cart-abc', zipcode: '10001', group, ...more } }).start();
    return { actor, cart, saves, slotLoads };
  }

  it("Delivery's date and slot from /ship/options are saved for a seller with none, the slot matched by its times", async () => {
    const t = start(butcherGroup, {}, { calendar: butcherEntry, preferred });
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    expect(t.saves).toEqual([
      { cart_id: 'cart-abc', vendor_loc_id: 101, delivery_date: '2030-06-04', slot_id: null },
      { cart_id: 'cart-abc', vendor_loc_id: 101, delivery_date: '2030-06-04', slot_id: 8 },
    ]);
    expect(t.cart.getSnapshot().context.reports.map((r) => r.type)).toEqual(['group.saved', 'group.saved']);
  });

  it("Delivery's date waits for the calendar, and a Next Day seller takes the date only", async () => {
    const t = start(courierGroup, {}, { preferred: { ...preferred, date: '2030-06-05' } });
    expect(t.actor.getSnapshot().value).toBe('waitingForCalendar');
    t.actor.send(calendar(courierEntry));
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'idle' }));
    expect(t.saves).toEqual([{ cart_id: 'cart-abc', vendor_loc_id: courierGroup.vendor_loc_id, delivery_date: '2030-06-05', slot_id: null }]);
    expect(t.slotLoads).toEqual([]);
  });

  it("leaves the choice to the shopper where Delivery's date or slot is not offered, and never replaces a saved date", async () => {
    // A holiday of the butcher: nothing is saved.
    const closed = start(butcherGroup, {}, { calendar: butcherEntry, preferred: { ...preferred, date: '2030-06-09' } });
    expect(closed.actor.getSnapshot().value).toEqual({ scheduling: 'idle' });
    expect(closed.saves).toEqual([]);
    // The date, but no such slot that day: the shopper picks one.
    const noSuchSlot = start(butcherGroup, {}, { calendar: butcherEntry, preferred: { ...preferred, slot: { start: '18:00', end: '20:00' } } });
    await vi.waitFor(() => expect(noSuchSlot.actor.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    expect(noSuchSlot.saves).toHaveLength(1);
    // The shopper's own date (another day) stays, and its slots are not chosen for her.
    const own = start({ ...butcherGroup, delivery_date: '2030-06-05' }, {}, { calendar: butcherEntry, preferred });
    await vi.waitFor(() => expect(own.actor.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    expect(own.saves).toEqual([]);
    expect(own.actor.getSnapshot().context.date).toBe('2030-06-05');
  });

  it("tries Delivery's slot once: a seat taken meanwhile leaves the slots to the shopper", async () => {
    let saves = 0;
    const t = start(
      butcherGroup,
      { save: async (input) => (saves++ === 0 ? savedReply(butcherGroup, (input as { delivery_date: string }).delivery_date) : refused) },
      { calendar: butcherEntry, preferred },
    );
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    expect(t.saves).toHaveLength(2);
    expect(t.slotLoads).toHaveLength(2);
    expect(t.actor.getSnapshot().context.slotId).toBeUndefined();
  });

  it('Same Day: a date is saved without a slot, then its slots load, then the slot is saved with the date', async () => {
    const t = start(butcherGroup);
    t.actor.send(calendar());
    expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'idle' });
    t.actor.send(chooseMin);
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    expect(t.saves).toEqual([{ cart_id: 'cart-abc', vendor_loc_id: 101, delivery_date: '2030-06-04', slot_id: null }]);
    expect(t.slotLoads).toEqual([{ order_date: '2030-06-04', zipcode: '10001', vendor_loc_id: 101, cart_id: 'cart-abc' }]);
    expect(t.actor.getSnapshot().context.slots.map((s) => s.slot_id)).toEqual([7, 8]);

    t.actor.send(chooseSlot);
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.slotId).toBe(7));
    expect(t.saves[1]).toEqual({ cart_id: 'cart-abc', vendor_loc_id: 101, delivery_date: '2030-06-04', slot_id: 7 });
    // Both replies went to the cart.
    expect(t.cart.getSnapshot().context.reports.map((r) => r.type)).toEqual(['group.saved', 'group.saved']);
  });

  it('Next Day: a typed MM/dd/yyyy date is saved as YYYY-MM-DD and no slots are asked for', async () => {
    const t = start(courierGroup);
    t.actor.send(calendar(courierEntry));
    t.actor.send(chooseTyped);
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.date).toBe('2030-06-05'));
    expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'idle' });
    expect(t.slotLoads).toEqual([]);
  });

  it('refuses a holiday, a date before the next delivery date and text that is not a date', () => {
    const t = start(butcherGroup);
    t.actor.send(calendar());
    for (const date of ['2030-06-03', '13/45/2030', 'tomorrow']) {
      t.actor.send({ type: 'group.date.choose' as const, date });
      expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'idle' });
      expect(t.actor.getSnapshot().context.dateError).toBe(invalidDateMessage);
    }
    // A closed day (a holiday or closed weekday in the calendar) says closed (issue 23).
    t.actor.send({ type: 'group.date.choose' as const, date: '06/09/2030' });
    expect(t.actor.getSnapshot().context.dateError).toBe(closedDateMessage(butcherGroup.vendor_name, '2030-06-09'));
    expect(t.saves).toEqual([]);
  });

  it("no seat left: the spec's 'All Slots are booked' message", async () => {
    const t = start(butcherGroup, { slots: async () => noSlotsReply });
    t.actor.send(calendar());
    t.actor.send(chooseMin);
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'noSlots' }));
    expect(t.actor.getSnapshot().context.slotsMessage).toBe('All Slots are booked. Please try another date.');
  });

  it('a closed day says closed, not booked (issue 23)', async () => {
    const t = start(butcherGroup, { slots: async () => ({ code: -1, message: 'Hudson Street Butchers is closed on Sundays.' }) });
    t.actor.send(calendar());
    t.actor.send(chooseMin);
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'noSlots' }));
    expect(t.actor.getSnapshot().context.slotsMessage).toBe('Hudson Street Butchers is closed on Sundays.');
  });

  it('a refused slot reports the message and reloads the slots', async () => {
    let call = 0;
    const t = start(butcherGroup, {
      save: async () => {
        call += 1;
        return call === 1 ? savedReply(butcherGroup, '2030-06-04') : { code: -1, message: 'That slot was just booked.' };
      },
    });
    t.actor.send(calendar());
    t.actor.send(chooseMin);
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    t.actor.send(chooseSlot);
    await vi.waitFor(() => expect(t.slotLoads).toHaveLength(2));
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    expect(t.actor.getSnapshot().context.slotId).toBeUndefined();
    expect(t.cart.getSnapshot().context.reports.at(-1)).toEqual({ type: 'group.failed', message: 'That slot was just booked.' });
  });

  it('a saved date before the vendor’s next delivery date is dropped when the calendar arrives', () => {
    const t = start({ ...butcherGroup, delivery_date: '2030-06-01', timeslot: slotMorning });
    t.actor.send(calendar());
    expect(t.actor.getSnapshot().value).toEqual({ scheduling: 'idle' });
    expect(t.actor.getSnapshot().context).toMatchObject({ date: undefined, slotId: undefined });
  });
});
