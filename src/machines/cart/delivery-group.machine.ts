import { assign, fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import { getSlots, scheduleRequest, setDeliverySchedule, slotsRequest } from '../../api/cart.api.ts';
import type {
  CartReply,
  DeliveryGroup,
  DeliveryScheduleBody,
  GetSlotBody,
  GetSlotReply,
  NextDeliveryDateEntry,
  SlotOffer,
} from '../../api/contract/cart-page.contract.ts';
import type { Sent } from '../../api/http.ts';
import { noSlotsMessage, slotsNotice } from '../../rules/cart-checkout.ts';
import { formatUsDate, isDeliverableDate, parseUsDate } from '../../rules/delivery-dates.ts';
import { preferredSlot, type DeliveryPreference, type SlotTimes } from '../../rules/slots.ts';
import type { SpeedValue } from '../../rules/speeds.ts';
import { answerOf, errorOf, failureMessage, isRefusal, replyMessage } from './cart-replies.ts';

/** What a group tells the cart that spawned it: every save answers with the whole cart. */
export type DeliveryGroupReport = { type: 'group.saved'; reply: CartReply } | { type: 'group.failed'; message: string };

export type DeliveryGroupOwner = ActorRef<Snapshot<unknown>, DeliveryGroupReport>;

export interface DeliveryGroupInput {
  owner: DeliveryGroupOwner;
  cartId: string;
  zipcode: string;
  /** The group as the server last answered it (its saved date and slot). */
  group: DeliveryGroup;
  /** This vendor's next delivery date, when the cart already has the calendar. */
  calendar?: NextDeliveryDateEntry | undefined;
  /** The Delivery option's date and slot (/ship/options): chosen for the shopper when the group holds no date yet. */
  preferred?: DeliveryPreference | undefined;
}

export interface DeliveryGroupContext {
  owner: DeliveryGroupOwner;
  cartId: string;
  zipcode: string;
  vendorLocId: number;
  vendorId: number;
  vendorName: string;
  speed: SpeedValue;
  calendar: NextDeliveryDateEntry | undefined;
  /** Whether the cart has answered with a calendar (an entry or none for this vendor). */
  calendarKnown: boolean;
  /** The date and slot the server holds for this group. */
  date: string | undefined;
  slotId: number | undefined;
  /** The date or slot being saved right now. */
  draftDate: string | undefined;
  draftSlotId: number | undefined;
  slots: SlotOffer[];
  slotsMessage: string | undefined;
  dateError: string | undefined;
  /** What is left to choose for the shopper of the Delivery option's date and slot (on that date); each is tried once. */
  preferredDate: string | undefined;
  preferredSlot: (SlotTimes & { date: string }) | undefined;
}

export type DeliveryGroupEvent =
  | { type: 'group.calendar'; entry: NextDeliveryDateEntry | undefined }
  /** `date` is 'YYYY-MM-DD' from the calendar or 'MM/dd/yyyy' typed into the field. */
  | { type: 'group.date.choose'; date: string }
  | { type: 'group.slot.choose'; slotId: number }
  | { type: 'group.slots.retry' };

export const invalidDateMessage = 'Please choose one of the available dates.';
export const closedDateMessage = (vendorName: string, iso: string) => `${vendorName} is closed on ${formatUsDate(iso)}.`;

/** 'YYYY-MM-DD' as it is, 'MM/dd/yyyy' converted; undefined for anything else. */
export function isoOfChoice(text: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : parseUsDate(text);
}

/** The server's saved date and slot of this group in a reply (undefined fields when it holds none). */
function savedSchedule(context: DeliveryGroupContext, reply: CartReply): { date: string | undefined; slotId: number | undefined } {
  const group = reply.data?.delivery_groups.find((g) => g.vendor_loc_id === context.vendorLocId);
  return { date: group?.delivery_date ?? undefined, slotId: group?.timeslot?.slot_id };
}

/**
 * One vendor group's delivery (spec "Cart checkout"): a date on or after the vendor's next delivery date and not a
 * holiday, saved with deliveryschedule; for Same Day groups the driver slots of that date, and the chosen slot saved
 * too (the server holds the seat 15 minutes). Every save answers with the whole cart, which goes to the owner.
 */
export const deliveryGroupMachine = setup({
  types: {
    context: {} as DeliveryGroupContext,
    input: {} as DeliveryGroupInput,
    events: {} as DeliveryGroupEvent,
  },
  actors: {
    saveSchedule: fromPromise<CartReply, Sent<DeliveryScheduleBody>>(({ input }) => setDeliverySchedule(input)),
    loadSlots: fromPromise<GetSlotReply, Sent<GetSlotBody>>(({ input }) => getSlots(input)),
  },
  guards: {
    isAwaitingCalendar: ({ context }) => !context.calendarKnown,
    hasNoDates: ({ context }) => context.calendar === undefined,
    // The Delivery option's date, for a group without a date of its own, where the seller delivers that day.
    isPreferredDateOffered: ({ context }) =>
      context.date === undefined &&
      context.preferredDate !== undefined &&
      context.calendar !== undefined &&
      isDeliverableDate(context.preferredDate, context.calendar.delivery_date, { closedWeekdays: [], holidays: context.calendar.holidays }),
    isSlotChoiceNeeded: ({ context }) => context.speed === 'local' && context.date !== undefined,
    isDeliverableChoice: ({ context, event }) => {
      if (event.type !== 'group.date.choose' || !context.calendar) return false;
      const iso = isoOfChoice(event.date);
      return iso !== undefined && isDeliverableDate(iso, context.calendar.delivery_date, { closedWeekdays: [], holidays: context.calendar.holidays });
    },
    isSaved: (_, params: { reply: CartReply }) => !isRefusal(params.reply),
    isSavedSameDay: ({ context }, params: { reply: CartReply }) => !isRefusal(params.reply) && context.speed === 'local',
    hasSlots: (_, params: { reply: GetSlotReply }) => params.reply.code === 1 && (params.reply.data?.length ?? 0) > 0,
    // The Delivery option's slot, for a Same Day group without a slot yet, where that date offers it with a seat.
    isPreferredSlotOffered: ({ context }, params: { reply: GetSlotReply }) =>
      context.slotId === undefined &&
      context.date === context.preferredSlot?.date &&
      params.reply.code === 1 &&
      preferredSlot(params.reply.data ?? [], context.preferredSlot) !== undefined,
    isOfferedSlot: ({ context, event }) => event.type === 'group.slot.choose' && context.slots.some((s) => s.slot_id === event.slotId),
  },
  actions: {
    assignCalendar: assign(({ context, event }) => {
      if (event.type !== 'group.calendar') return {};
      const entry = event.entry;
      // A date saved on an earlier visit that is now before the vendor's next date is no longer a choice.
      const stale = entry !== undefined && context.date !== undefined && context.date < entry.delivery_date;
      return { calendar: entry, calendarKnown: true, ...(stale ? { date: undefined, slotId: undefined } : {}) };
    }),
    assignDraftDate: assign(({ event }) => (event.type === 'group.date.choose' ? { draftDate: isoOfChoice(event.date), dateError: undefined } : {})),
    // A typed closed day says closed; anything else not offered gets the general words.
    assignDateError: assign(({ context, event }) => {
      const iso = event.type === 'group.date.choose' ? isoOfChoice(event.date) : undefined;
      const closed = iso !== undefined && context.calendar?.holidays.includes(iso) === true;
      return { dateError: closed ? closedDateMessage(context.vendorName, iso) : invalidDateMessage };
    }),
    // Tried once: a refusal leaves the choice to the shopper, as for any group.
    assignPreferredDraftDate: assign(({ context }) => ({ draftDate: context.preferredDate, preferredDate: undefined, dateError: undefined })),
    assignPreferredDraftSlot: assign(({ context }, params: { reply: GetSlotReply }) => ({
      draftSlotId: preferredSlot(params.reply.data ?? [], context.preferredSlot)?.slot_id,
      preferredSlot: undefined,
    })),
    // The shopper chose a date of their own: the Delivery option's slot no longer applies.
    forgetPreferredSlot: assign({ preferredSlot: undefined }),
    assignDraftSlot: assign(({ event }) => (event.type === 'group.slot.choose' ? { draftSlotId: event.slotId } : {})),
    assignSavedSchedule: assign(({ context }, params: { reply: CartReply }) => ({
      ...savedSchedule(context, params.reply),
      draftDate: undefined,
      draftSlotId: undefined,
    })),
    clearDrafts: assign({ draftDate: undefined, draftSlotId: undefined }),
    clearSlots: assign({ slots: [], slotsMessage: undefined }),
    assignSlots: assign((_, params: { reply: GetSlotReply }) => ({ slots: params.reply.data ?? [], slotsMessage: undefined })),
    // A full day: 'All Slots are booked…'; a closed one: the shop's reason ('… is closed on Sundays.').
    assignNoSlots: assign((_, params: { reply: GetSlotReply }) => ({ slots: [], slotsMessage: slotsNotice(params.reply) ?? noSlotsMessage })),
    assignSlotsFailure: assign((_, params: { error: unknown }) => ({ slots: [], slotsMessage: failureMessage(params.error) })),
    reportSaved: sendTo(
      ({ context }) => context.owner,
      (_, params: { reply: CartReply }) => ({ type: 'group.saved' as const, reply: params.reply }),
    ),
    reportRefusal: sendTo(
      ({ context }) => context.owner,
      (_, params: { reply: CartReply }) => ({ type: 'group.failed' as const, message: replyMessage(params.reply) }),
    ),
    reportFailure: sendTo(
      ({ context }) => context.owner,
      (_, params: { error: unknown }) => ({ type: 'group.failed' as const, message: failureMessage(params.error) }),
    ),
  },
}).createMachine({
  description:
    "One seller's delivery on the cart page (cart-checkout-account.md, Cart page, Validation rules 'Cart checkout', and Driver slots). The shopper picks a delivery date on or after the seller's next delivery date and not on a holiday (shown MM/dd/yyyy); for a Same Day group they then pick one of that date's driver time slots, and the seat is held for them. Each choice is saved with the cart at once, and the cart page gets the new totals; a refused choice goes back to what the server holds. 'All Slots are booked. Please try another date.' when none is left.",
  id: 'deliveryGroup',
  context: ({ input }) => ({
    owner: input.owner,
    cartId: input.cartId,
    zipcode: input.zipcode,
    vendorLocId: input.group.vendor_loc_id,
    vendorId: input.group.vendor_id,
    vendorName: input.group.vendor_name,
    speed: input.group.type,
    calendar: input.calendar,
    calendarKnown: input.calendar !== undefined,
    date: input.group.delivery_date ?? undefined,
    slotId: input.group.timeslot?.slot_id,
    draftDate: undefined,
    draftSlotId: undefined,
    slots: [],
    slotsMessage: undefined,
    dateError: undefined,
    preferredDate: input.preferred?.date,
    preferredSlot: input.preferred?.slot && { ...input.preferred.slot, date: input.preferred.date },
  }),
  initial: 'checkingCalendar',
  states: {
    checkingCalendar: {
      description: "Checking what this seller's date picker can offer.",
      always: [
        { description: 'The calendar has not come yet: wait for it.', guard: 'isAwaitingCalendar', target: 'waitingForCalendar' },
        { description: 'The seller has no delivery date: nothing to choose.', guard: 'hasNoDates', target: 'noDates' },
        {
          description: 'A Same Day group with a saved date: its time slots are loaded.',
          guard: 'isSlotChoiceNeeded',
          target: 'scheduling.loadingSlots',
        },
        {
          description:
            'No date saved yet and the seller delivers on the date chosen with the Delivery option (/ship/options): it is saved for the shopper.',
          guard: 'isPreferredDateOffered',
          target: 'scheduling.savingDate',
          actions: 'assignPreferredDraftDate',
        },
        { description: 'The date picker opens with the saved date, if any.', target: 'scheduling.idle' },
      ],
    },
    waitingForCalendar: {
      description: "Waiting for the sellers' delivery calendar the cart page is loading.",
      on: {
        'group.calendar': {
          description: "The cart's delivery calendar arrived: the seller's chosen date is checked against it.",
          target: 'checkingCalendar',
          actions: 'assignCalendar',
        },
      },
    },
    /** The vendor has no delivery date in the next 60 days. */
    noDates: { description: 'This seller has no delivery date coming up: no date can be chosen.' },
    scheduling: {
      description: "The shopper chooses this seller's delivery date, and for Same Day a time slot.",
      initial: 'idle',
      on: {
        // A new date replaces the old one (and its slot) wherever the group is.
        'group.date.choose': [
          {
            description: 'A deliverable date is chosen: it is saved (a slot chosen before goes).',
            guard: 'isDeliverableChoice',
            target: '.savingDate',
            actions: ['assignDraftDate', 'clearSlots', 'forgetPreferredSlot'],
          },
          {
            description:
              "A date that is not offered (past, before the next delivery date, a holiday or mistyped): 'Please choose one of the available dates.'",
            actions: 'assignDateError',
          },
        ],
      },
      states: {
        idle: { description: 'The date picker is open (with the saved date, if any); no time slot is needed.' },
        savingDate: {
          description: 'Saving the chosen delivery date with the cart.',
          tags: ['saving'],
          invoke: {
            id: 'saveSchedule',
            src: 'saveSchedule',
            input: ({ context }) => scheduleRequest(context.cartId, context.vendorLocId, context.draftDate ?? '', null),
            onDone: [
              {
                description: 'Saved for a Same Day group: its time slots are loaded.',
                guard: { type: 'isSavedSameDay', params: answerOf },
                target: 'loadingSlots',
                actions: [
                  { type: 'assignSavedSchedule', params: answerOf },
                  { type: 'reportSaved', params: answerOf },
                ],
              },
              {
                description: 'Saved: the date is kept.',
                guard: { type: 'isSaved', params: answerOf },
                target: 'idle',
                actions: [
                  { type: 'assignSavedSchedule', params: answerOf },
                  { type: 'reportSaved', params: answerOf },
                ],
              },
              {
                description: "Refused: a red toast with the server's reason, and the saved date comes back.",
                target: 'restoring',
                actions: ['clearDrafts', { type: 'reportRefusal', params: answerOf }],
              },
            ],
            onError: {
              description: 'The delivery date could not be saved: the earlier choice comes back and a toast says why.',
              target: 'restoring',
              actions: ['clearDrafts', { type: 'reportFailure', params: errorOf }],
            },
          },
        },
        /** After a refused or failed date the group shows what the server still holds. */
        restoring: {
          description: 'The date was not saved: the group goes back to what the server still holds.',
          always: [
            { description: 'A Same Day group with a saved date: its time slots again.', guard: 'isSlotChoiceNeeded', target: 'loadingSlots' },
            { description: 'Back to the saved date.', target: 'idle' },
          ],
        },
        loadingSlots: {
          description: 'Loading the driver time slots of the chosen Same Day date.',
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => slotsRequest(context.cartId, context.vendorLocId, context.date ?? '', context.zipcode),
            onDone: [
              {
                description:
                  'No slot held yet and the slot chosen with the Delivery option (/ship/options) has a seat that day: it is saved for the shopper.',
                guard: { type: 'isPreferredSlotOffered', params: answerOf },
                target: 'savingSlot',
                actions: [
                  { type: 'assignSlots', params: answerOf },
                  { type: 'assignPreferredDraftSlot', params: answerOf },
                ],
              },
              {
                description: 'Slots are free: the shopper picks one.',
                guard: { type: 'hasSlots', params: answerOf },
                target: 'choosingSlot',
                actions: { type: 'assignSlots', params: answerOf },
              },
              // code -1 'No Slots are available!' (or an empty list): the spec's own words instead; a closed day says so.
              {
                description: "No slot that day: 'All Slots are booked. Please try another date.' when full, the shop's reason when it is closed.",
                target: 'noSlots',
                actions: { type: 'assignNoSlots', params: answerOf },
              },
            ],
            onError: {
              description: 'The time slots could not be loaded: the reason is shown with a way to try again.',
              target: 'slotsFailed',
              actions: { type: 'assignSlotsFailure', params: errorOf },
            },
          },
        },
        choosingSlot: {
          description: "The shopper picks one of the date's time slots (the saved one is highlighted).",
          on: {
            'group.slot.choose': {
              description: 'The shopper picks one of the time slots offered: it is saved.',
              guard: 'isOfferedSlot',
              target: 'savingSlot',
              actions: 'assignDraftSlot',
            },
          },
        },
        noSlots: { description: "No slot to choose: 'All Slots are booked. Please try another date.', or why the shop is closed that day." },
        slotsFailed: {
          description: 'The time slots could not be loaded: the reason is shown and the shopper may try again.',
          on: { 'group.slots.retry': { description: 'The shopper tries again: the time slots are loaded again.', target: 'loadingSlots' } },
        },
        savingSlot: {
          description: "Saving the chosen time slot, which holds the driver's seat for the shopper.",
          tags: ['saving'],
          invoke: {
            id: 'saveSchedule',
            src: 'saveSchedule',
            input: ({ context }) => scheduleRequest(context.cartId, context.vendorLocId, context.date ?? '', context.draftSlotId ?? null),
            onDone: [
              {
                description: 'The slot is held for the shopper.',
                guard: { type: 'isSaved', params: answerOf },
                target: 'choosingSlot',
                actions: [
                  { type: 'assignSavedSchedule', params: answerOf },
                  { type: 'reportSaved', params: answerOf },
                ],
              },
              // The seat went to someone else meanwhile: show what is left now.
              {
                description: 'The seat went to someone else meanwhile: a red toast and the slots left now.',
                target: 'loadingSlots',
                actions: ['clearDrafts', { type: 'reportRefusal', params: answerOf }],
              },
            ],
            onError: {
              description: 'The time slot could not be saved: the shopper picks again and a toast says why.',
              target: 'choosingSlot',
              actions: ['clearDrafts', { type: 'reportFailure', params: errorOf }],
            },
          },
        },
      },
    },
  },
});
