import { expect, type Page } from '@playwright/test';
import { create } from 'superstruct';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { cartReply, getSlotReply, nextDeliveryDateReply, type CartReply, type DeliveryGroup } from '../../../src/api/contract/cart-page.contract.ts';
import { ApiError, offlineMessage } from '../../../src/api/http.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { deliveryGroupMachine, type DeliveryGroupContext, type DeliveryGroupReport } from '../../../src/machines/cart/delivery-group.machine.ts';
import { noSlotsLeftReply } from '../../../src/rules/cart-checkout.ts';
import { addDays, formatUsDate, parseUsDate } from '../../../src/rules/delivery-dates.ts';
import { formatSlot } from '../../../src/rules/visit-time.ts';
import { baseCart, butcherEntry, butcherGroup, courierEntry, courierGroup, ok, slotMorning, slotsReply } from '../../machines/cart-fixtures.ts';
import { reportRecorder } from '../../machines/report-recorder.ts';
import { answeredOnce } from '../faults.ts';
import { apiPost } from '../steps.ts';
import { scheduleThroughApi } from './checkout-shoppers.ts';
import type { EventMapping, Journey, MachineMap, Variant } from './journey-map.ts';
import { addCourierLine, addToCartThroughApi, failingOnce, newCustomer, nothingToDo, openWithSession } from './shoppers.ts';

/**
 * One seller's delivery on the cart page (/cart): the date typed into the seller's date field and, for Same Day, the
 * driver's time slots. A ribeye from the butcher (Same Day) with nothing scheduled, the same ribeye already scheduled,
 * and a steak the courier carries (no slots). The server's failures and refusals are test faults (page.route): a save
 * or the slots unreadable (the connection dropped), a date or seat refused, no slot left, no delivery date at all.
 *
 * The graph's dates are the fixtures' (from 4 June 2030); the browser types real ones, found through the API as the
 * journey opens and kept in its notes: 'refused' a day the butcher delivers, 'free' the first with a free slot after it.
 * One more ribeye comes with Delivery chosen on /ship/options for that free day and its first free slot (stored in her
 * session as the page stores it): the group saves both for her as the cart opens.
 */

const file = 'tests/e2e/journeys/delivery-group.journeys.ts';
const ribeye = 'USDA Prime Ribeye Steak';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DeliveryGroupContext;
const at = (value: unknown) => (snapshot: AnyMachineSnapshot) => snapshot.matches(value as never);
const scheduling = (value: string) => at({ scheduling: value });
const all =
  (...tests: ((snapshot: AnyMachineSnapshot) => boolean)[]) =>
  (snapshot: AnyMachineSnapshot) =>
    tests.every((test) => test(snapshot));
const sameDay = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).speed === 'local';
const dateIs = (date: string | undefined) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).date === date;
const slotsShown = (count: number) => (snapshot: AnyMachineSnapshot) => contextOf(snapshot).slots.length === count;

/** The graph's days: the butcher's first (whose slots fail, then are full), the one with a free slot, and a refused one. */
const graphDays = { first: '2030-06-04', free: '2030-06-05', refused: '2030-06-06' } as const;

function savedReply(group: DeliveryGroup, date: string, slot: DeliveryGroup['timeslot'] = null): CartReply {
  return ok({
    ...baseCart,
    delivery_groups: baseCart.delivery_groups.map((g) =>
      g.vendor_loc_id === group.vendor_loc_id ? { ...g, delivery_date: date, timeslot: slot } : g,
    ),
  });
}

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: new ApiError(offlineMessage, 500, 0) });
const refusal: CartReply = { code: -1, message: 'Refused by the test fault.' };

const dateField = (page: Page) => page.getByRole('textbox', { name: /^Delivery date for / });
const slotPicker = (page: Page) => page.getByRole('group', { name: /^Delivery time for / });
/** The slot buttons ('Try again' has no digit). */
const slotButtons = (page: Page) => slotPicker(page).getByRole('button', { name: /\d/ });

/** Types a date into the seller's date field as MM/DD/YYYY and commits it with Enter. */
async function typeDate(page: Page, text: string): Promise<void> {
  await expect(dateField(page)).toBeEnabled();
  await dateField(page).fill(text);
  await dateField(page).press('Enter');
}

/** The real day kept in the journey's notes under `key` (found through the API as the journey opened). */
function noted(journey: Journey, key: string): string {
  const day = journey.notes.get(key);
  if (day === undefined) throw new Error(`no '${key}' day noted as the journey opened`);
  return day;
}

/**
 * The butcher's days for her cart, through the API: the first day it delivers that has a free driver slot ('free'), a
 * day it delivers before or after it ('first'), and one more ('refused'). Nothing is saved.
 */
async function butcherDays(session: SessionValues): Promise<Map<string, string>> {
  const token = session.Token ?? '';
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: session.cart_id ?? '' }, token), cartReply);
  const group = cart.data?.delivery_groups[0];
  if (!group) throw new Error('her cart has no delivery group');
  const entry = create(
    await apiPost('/connect/delivery/nextDeliveryDate', { vendors: [{ vendor_id: group.vendor_id, delivery_type: group.type }] }, token),
    nextDeliveryDateReply,
  ).response[0];
  if (!entry) throw new Error('the butcher has no delivery date');
  const open: string[] = [];
  for (let day = 0; open.length < 12 && day < 30; day += 1) {
    const date = addDays(entry.delivery_date, day);
    if (!entry.holidays.includes(date)) open.push(date);
  }
  for (const date of open.slice(1)) {
    const slots = create(
      await apiPost(
        '/connect/driverslot/getslot',
        { order_date: date, zipcode: session.zipcode, vendor_loc_id: group.vendor_loc_id, cart_id: session.cart_id },
        token,
      ),
      getSlotReply,
    );
    if ((slots.data ?? []).some((s) => s.available > 0)) {
      const others = open.filter((d) => d !== date);
      return new Map([
        ['free', formatUsDate(date)],
        ['first', formatUsDate(others[0] ?? '')],
        ['refused', formatUsDate(others[1] ?? '')],
      ]);
    }
  }
  throw new Error('no day with a free slot for the butcher');
}

/** The graph's cart of the ribeye whose Delivery date and slot were chosen on /ship/options. */
const preferredCart = 'cart-delivery-chosen';
const isPreferredCart = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).cartId === preferredCart;

/** Delivery chosen on /ship/options: the butcher's free day and its first free slot, as the session stores them. */
async function deliveryChosen(session: SessionValues, journey: Journey): Promise<SessionValues> {
  const free = parseUsDate((await butcherDays(session)).get('free') ?? '');
  if (!free) throw new Error('no free day for the butcher');
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: session.cart_id ?? '' }, session.Token ?? ''), cartReply);
  const slots = create(
    await apiPost(
      '/connect/driverslot/getslot',
      { order_date: free, zipcode: session.zipcode, vendor_loc_id: cart.data?.delivery_groups[0]?.vendor_loc_id, cart_id: session.cart_id },
      session.Token ?? '',
    ),
    getSlotReply,
  );
  const slot = (slots.data ?? []).find((s) => s.available > 0);
  if (!slot) throw new Error(`no free slot on ${free}`);
  journey.notes.set('chosen day', formatUsDate(free));
  journey.notes.set('chosen slot', formatSlot(slot));
  return {
    ...session,
    shippingType: 'delivery',
    delivery: 1,
    pickup: 0,
    dineinpickup: 0,
    deliveryDate: free,
    deliverySlot: { start: slot.start, end: slot.end },
  };
}

async function openCart(journey: Journey, session: SessionValues): Promise<void> {
  await openWithSession(journey.page, session, '/cart');
  await expect(journey.page.getByRole('heading', { name: /Hudson Street Butchers|ColdChain Express/ }).first()).toBeVisible();
}

async function herRibeye(): Promise<SessionValues> {
  return addToCartThroughApi((await newCustomer('generated.group')).session, 'ribeye', ribeye);
}

function variant(name: string, group: DeliveryGroup, open: Variant['open']): Variant {
  return {
    name,
    input: () => ({ owner: reportRecorder<DeliveryGroupReport>(), cartId: 'cart-abc', zipcode: '10001', group }),
    open,
  };
}

/** A date typed: where the graph offers it. */
function typing(date: string, key: string, when: (snapshot: AnyMachineSnapshot) => boolean): EventMapping {
  return {
    event: { type: 'group.date.choose', date },
    when: all(at('scheduling'), (s) => !scheduling('savingDate')(s) && !scheduling('savingSlot')(s) && !scheduling('loadingSlots')(s), when),
    act: async (journey) => typeDate(journey.page, key.includes('/') ? key : noted(journey, key)),
  };
}

const slotSaved = done('saveSchedule', savedReply(butcherGroup, graphDays.free, slotMorning));
const oneSlot = { ...slotsReply, data: (slotsReply.data ?? []).slice(0, 1) };
const twoSlots = slotsReply;

export const deliveryGroupJourneys: MachineMap = {
  machine: deliveryGroupMachine,
  file,
  variants: [
    variant('a ribeye from the butcher, nothing scheduled', butcherGroup, async (journey) => {
      const session = await herRibeye();
      (await butcherDays(session)).forEach((day, key) => journey.notes.set(key, day));
      await openCart(journey, session);
    }),
    variant('a ribeye from the butcher, scheduled', { ...butcherGroup, delivery_date: graphDays.free, timeslot: slotMorning }, async (journey) => {
      const session = await herRibeye();
      await scheduleThroughApi(session);
      await openCart(journey, session);
    }),
    {
      name: 'a ribeye from the butcher, nothing scheduled, Delivery chosen on /ship/options with a day and a slot',
      input: () => ({
        owner: reportRecorder<DeliveryGroupReport>(),
        cartId: preferredCart,
        zipcode: '10001',
        group: butcherGroup,
        preferred: { date: graphDays.free, slot: { start: slotMorning.start, end: slotMorning.end } },
      }),
      open: async (journey) => openCart(journey, await deliveryChosen(await herRibeye(), journey)),
    },
    variant('a steak the courier carries', courierGroup, async (journey) => {
      const { session } = await addCourierLine((await newCustomer('generated.group')).session);
      const first = create(
        await apiPost('/connect/delivery/nextDeliveryDate', { vendors: [{ vendor_id: 9, delivery_type: 'courier' }] }, session.Token ?? ''),
        nextDeliveryDateReply,
      ).response[0];
      if (first) journey.notes.set('courier', formatUsDate(first.delivery_date));
      await openCart(journey, session);
    }),
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      c.calendarKnown,
      c.date ?? null,
      c.slotId ?? null,
      c.draftDate ?? null,
      c.draftSlotId ?? null,
      c.slots.length,
      c.slotsMessage ?? null,
      c.dateError ?? null,
    ]);
  },
  events: {
    'group.calendar: the butcher delivers': {
      event: { type: 'group.calendar', entry: butcherEntry },
      when: all(at('waitingForCalendar'), sameDay),
      act: nothingToDo,
      reply: 'alone',
    },
    'group.calendar: the courier delivers': {
      event: { type: 'group.calendar', entry: courierEntry },
      when: all(at('waitingForCalendar'), (s) => !sameDay(s)),
      act: nothingToDo,
      reply: 'alone',
    },
    // Test fault: the sellers' calendar comes back without this seller.
    'group.calendar: no delivery date': {
      event: { type: 'group.calendar', entry: undefined },
      when: all(at('waitingForCalendar'), sameDay, dateIs(undefined), (s) => !isPreferredCart(s)),
      prepare: async ({ page }) =>
        page.route(
          (url) => url.pathname.includes('/connect/delivery/nextDeliveryDate'),
          async (route) => route.fulfill({ response: await route.fetch(), json: { status: 1, response: [] } }),
          { times: 1 },
        ),
      act: nothingToDo,
      reply: 'alone',
    },
    // Where a date is saved, so the refusal leaves a state of its own (it only adds the field's error).
    'group.date.choose: a day long past, typed': typing(
      '01/01/2020',
      '01/01/2020',
      all(
        (s) => !sameDay(s),
        (s) => contextOf(s).date !== undefined && !contextOf(s).dateError,
      ),
    ),
    "group.date.choose: the butcher's first day": typing(graphDays.first, 'first', all(sameDay, dateIs(undefined))),
    'group.date.choose: a day with a free slot': typing(graphDays.free, 'free', all(sameDay, dateIs(graphDays.first), scheduling('noSlots'))),
    'group.date.choose: a day refused': typing(
      graphDays.refused,
      'refused',
      all(dateIs(graphDays.free), scheduling('choosingSlot'), (s) => contextOf(s).slotId !== undefined && contextOf(s).slots.length === 2),
    ),
    "group.date.choose: the courier's first day": {
      event: { type: 'group.date.choose', date: courierEntry.delivery_date },
      when: all(scheduling('idle'), (s) => !sameDay(s) && contextOf(s).date === undefined),
      act: async (journey) => typeDate(journey.page, noted(journey, 'courier')),
    },
    'saveSchedule: the day saved, Same Day': {
      event: done('saveSchedule', savedReply(butcherGroup, graphDays.first)),
      when: all(scheduling('savingDate'), sameDay, (s) => contextOf(s).draftDate === graphDays.first),
      act: nothingToDo,
    },
    'saveSchedule: the free day saved': {
      event: done('saveSchedule', savedReply(butcherGroup, graphDays.free)),
      when: all(scheduling('savingDate'), sameDay, (s) => contextOf(s).draftDate === graphDays.free),
      act: nothingToDo,
    },
    "saveSchedule: the courier's day saved": {
      event: done('saveSchedule', savedReply(courierGroup, courierEntry.delivery_date)),
      when: all(scheduling('savingDate'), (s) => !sameDay(s)),
      act: nothingToDo,
    },
    'saveSchedule: the day refused': {
      event: done('saveSchedule', refusal),
      when: all(scheduling('savingDate'), (s) => contextOf(s).draftDate === graphDays.refused),
      prepare: async ({ page }) => answeredOnce(page, '/api/cart/deliveryschedule', refusal),
      act: nothingToDo,
    },
    'saveSchedule: connection lost saving the day': {
      event: failed('saveSchedule'),
      when: all(scheduling('savingDate'), (s) => contextOf(s).draftDate === graphDays.first),
      prepare: failingOnce('/api/cart/deliveryschedule'),
      act: nothingToDo,
    },
    'loadSlots: connection lost': {
      event: failed('loadSlots'),
      when: all(scheduling('loadingSlots'), dateIs(graphDays.first), (s) => !contextOf(s).slotsMessage),
      prepare: failingOnce('/connect/driverslot/getslot'),
      act: nothingToDo,
    },
    'loadSlots: none left': {
      event: done('loadSlots', { code: -1, message: noSlotsLeftReply }),
      when: all(scheduling('loadingSlots'), dateIs(graphDays.first), (s) => contextOf(s).slotsMessage !== undefined),
      prepare: async ({ page }) => answeredOnce(page, '/connect/driverslot/getslot', { code: -1, message: noSlotsLeftReply }),
      act: nothingToDo,
    },
    'loadSlots: a free slot': {
      event: done('loadSlots', oneSlot),
      when: all(scheduling('loadingSlots'), dateIs(graphDays.free), (s) => contextOf(s).slots.length === 0),
      act: nothingToDo,
    },
    // The graph's second answer lists two slots, so it tells this round from the first; the browser shows what is left.
    'loadSlots: the slots left': {
      event: done('loadSlots', twoSlots),
      when: all(scheduling('loadingSlots'), dateIs(graphDays.free), slotsShown(1), (s) => contextOf(s).slotId === undefined),
      act: nothingToDo,
    },
    'group.slots.retry': {
      event: { type: 'group.slots.retry' },
      when: scheduling('slotsFailed'),
      act: async ({ page }) => slotPicker(page).getByRole('button', { name: 'Try again' }).click(),
    },
    'group.slot.choose: the first slot': {
      event: { type: 'group.slot.choose', slotId: slotMorning.slot_id },
      when: all(scheduling('choosingSlot'), (s) => !(contextOf(s).slotId !== undefined && contextOf(s).slots.length === 2)),
      act: async ({ page }) => {
        const slot = slotButtons(page).first();
        await expect(slot).toBeEnabled();
        await slot.click();
      },
    },
    'saveSchedule: the seat went to someone else': {
      event: done('saveSchedule', refusal),
      when: all(scheduling('savingSlot'), dateIs(graphDays.free), slotsShown(1), (s) => contextOf(s).slotId === undefined && !isPreferredCart(s)),
      prepare: async ({ page }) => answeredOnce(page, '/api/cart/deliveryschedule', refusal),
      act: nothingToDo,
    },
    'saveSchedule: the slot held': {
      event: slotSaved,
      when: all(scheduling('savingSlot'), slotsShown(2)),
      act: nothingToDo,
    },
    // Delivery's slot from /ship/options, saved for her: the date field shows its day and its slot is the one pressed.
    "saveSchedule: Delivery's slot held": {
      // Told apart from 'the slot held' (the same answer) by its words, which the group does not read.
      event: done('saveSchedule', { ...savedReply(butcherGroup, graphDays.free, slotMorning), message: 'Saved for Delivery.' }),
      when: all(scheduling('savingSlot'), isPreferredCart),
      act: async (journey) => {
        await expect(dateField(journey.page)).toHaveValue(noted(journey, 'chosen day'));
        await expect(slotButtons(journey.page).and(journey.page.locator('[aria-pressed="true"]'))).toHaveText(noted(journey, 'chosen slot'));
      },
    },
    'saveSchedule: connection lost saving the slot': {
      event: failed('saveSchedule'),
      when: all(scheduling('savingSlot'), slotsShown(1), (s) => contextOf(s).slotId !== undefined),
      prepare: failingOnce('/api/cart/deliveryschedule'),
      act: nothingToDo,
    },
  },
  states: {
    'deliveryGroup.checkingCalendar': { passing: "the seller's calendar is looked at as the group starts" },
    'deliveryGroup.waitingForCalendar': { passing: "'Loading delivery dates…' shows only until the cart's calendar comes" },
    'deliveryGroup.noDates': { shows: (page) => page.getByText(/has no delivery dates in the next 60 days\.$/) },
    'deliveryGroup.scheduling': { shows: dateField },
    'deliveryGroup.scheduling.idle': { hides: slotButtons },
    'deliveryGroup.scheduling.savingDate': { passing: 'the date field is disabled only while the date is saved' },
    'deliveryGroup.scheduling.restoring': { passing: 'the saved date comes back as the refusal arrives' },
    'deliveryGroup.scheduling.loadingSlots': { passing: "'Loading time slots…' shows only while the slots are on their way" },
    'deliveryGroup.scheduling.choosingSlot': { shows: slotButtons },
    'deliveryGroup.scheduling.noSlots': {
      shows: (page) =>
        slotPicker(page)
          .getByRole('status')
          .filter({ hasText: /All Slots are booked/ }),
    },
    'deliveryGroup.scheduling.slotsFailed': { shows: (page) => slotPicker(page).getByRole('button', { name: 'Try again' }) },
    'deliveryGroup.scheduling.savingSlot': { passing: 'the slots are disabled only while the seat is saved' },
  },
  notDriven: {},
};
