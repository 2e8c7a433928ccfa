import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { getSlots } from '../../api/cart.api.ts';
import type { GetSlotReply, SlotOffer } from '../../api/contract/cart-page.contract.ts';
import type { DineinRetailer, DineinRetailerReply } from '../../api/contract/dine-in.contract.ts';
import { dineinRetailerList } from '../../api/dine-in.api.ts';
import { courierTypeFor, shippingFlagsFor, visitTimes, type DeliveryOptionKind, type PriceCategoryFilter } from '../../rules/dine-in.ts';
import { dineinTimeOf } from '../../rules/visit-time.ts';
import { storeMinutes, storeToday } from '../../rules/delivery-dates.ts';
import { slotsNotice } from '../../rules/cart-checkout.ts';
import { comingSoonMessage, deliveryOptionMessages } from '../../rules/messages.ts';
import type { SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface DeliveryOptionsInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The clock the date and time choices follow (tests pin it). */
  now?: () => Date;
  /** A restaurant to start with (the locator's 'Dine here'): Dine-In opens with it chosen. */
  preferredRetailer?: number | undefined;
}

export interface DeliveryOptionsContext {
  session: ActorRefFrom<typeof sessionMachine>;
  now: () => Date;
  preferredRetailer: number | undefined;
  /** Every restaurant of the shopper's city (the star filter narrows what the dropdown lists). */
  retailers: DineinRetailer[];
  /** The first available card: Dine-In when the city has restaurants, else Delivery. */
  primary: DeliveryOptionKind | undefined;
  selected: DeliveryOptionKind | undefined;
  stars: PriceCategoryFilter;
  retailerId: number | undefined;
  /** 'YYYY-MM-DD' */
  date: string | undefined;
  /** 'HH:MM' (dine-in and pick-up) */
  time: string | undefined;
  slots: SlotOffer[];
  slotId: number | undefined;
  /** The spec's notice for an unserved zip ('We are coming soon to this pincode…'), for no retailer, or for all slots booked. */
  message: string | undefined;
  /** The shopper has chosen something: the form's hints ('Retailer is required.') show from then on. */
  touched: boolean;
}

export type DeliveryOptionsEvent =
  | { type: 'option.select'; kind: DeliveryOptionKind }
  | { type: 'stars.select'; stars: PriceCategoryFilter }
  | { type: 'retailer.select'; locId: number | undefined }
  | { type: 'date.select'; date: string }
  | { type: 'time.select'; time: string }
  | { type: 'slot.select'; slotId: number }
  | { type: 'options.continue' }
  | { type: 'sample.open' }
  | { type: 'sample.close' };

/** The restaurants the dropdown lists: all, or those of the chosen star category. */
export function retailersShown(context: Pick<DeliveryOptionsContext, 'retailers' | 'stars'>): DineinRetailer[] {
  return context.stars === 0 ? context.retailers : context.retailers.filter((r) => r.price_category === context.stars);
}

export function chosenRetailer(context: Pick<DeliveryOptionsContext, 'retailers' | 'retailerId'>): DineinRetailer | undefined {
  return context.retailers.find((r) => r.loc_id === context.retailerId);
}

/** The times the time picker offers for the chosen restaurant and date. */
export function timesShown(context: DeliveryOptionsContext): string[] {
  const retailer = chosenRetailer(context);
  if (!retailer || !context.date || (context.selected !== 'dine-in' && context.selected !== 'pick-up')) return [];
  const now = context.now();
  return visitTimes(context.selected, retailer, context.date, storeToday(now), storeMinutes(now));
}

/** Which cards can be chosen: Dine-In and Pick-Up when the city has restaurants, Delivery in any served area. */
export function isOptionAvailable(context: Pick<DeliveryOptionsContext, 'retailers' | 'primary'>, kind: DeliveryOptionKind): boolean {
  if (context.primary === undefined) return false;
  return kind === 'delivery' || context.retailers.length > 0;
}

function isComplete(context: DeliveryOptionsContext): boolean {
  if (context.selected === 'delivery') {
    return context.date !== undefined && context.slots.some((s) => s.slot_id === context.slotId && s.available > 0);
  }
  return chosenRetailer(context) !== undefined && context.time !== undefined && timesShown(context).includes(context.time);
}

/** What the session keeps of the choice: the spec's shipping flags, the catalogue's courier type and the visit. */
function choiceValues(context: DeliveryOptionsContext): Partial<SessionValues> {
  const kind = context.selected ?? 'delivery';
  const retailer = kind === 'delivery' ? undefined : chosenRetailer(context);
  return {
    ...shippingFlagsFor(kind),
    couriertype: courierTypeFor(kind),
    retailer: retailer?.loc_id,
    retailer_name: retailer?.name,
    vendor_location_id: retailer?.loc_id,
    dineinTime: retailer && context.date && context.time ? dineinTimeOf(context.date, context.time) : undefined,
  };
}

/**
 * 'Choose a Delivery Options' (/ship/options; storefront spec "Delivery options screen", issue 12). Loads the
 * restaurants of the shopper's city (POST /api/product/dineinRetailerList): an unserved zip shows the coming-soon
 * message and nothing can be chosen; a city without restaurants offers Delivery only ('No retailer available for
 * this location presently'). The first available card is primary and selected. Dine-In and Pick-Up need a
 * restaurant (star filter, dropdown) and a date and time (today or later; the restaurant's hours, pick-up within the
 * spec's 10-16); Delivery needs a date and a driver slot with a seat (POST /connect/driverslot/getslot at the area's
 * shop; none left: 'All Slots are booked. Please try another date.'). Changing the card resets the choices below it.
 * CONTINUE is possible only when complete: it writes the shipping flags into the session and goes to /store.
 * A second region shows the sample star-rating price dialog.
 */
export const deliveryOptionsMachine = setup({
  types: {
    context: {} as DeliveryOptionsContext,
    input: {} as DeliveryOptionsInput,
    events: {} as DeliveryOptionsEvent,
  },
  actors: {
    loadRetailers: fromPromise<DineinRetailerReply, { zipcode: string; location: number | undefined }>(({ input }) =>
      dineinRetailerList({ zipcode: input.zipcode, location: input.location }),
    ),
    loadSlots: fromPromise<GetSlotReply, { date: string; zipcode: string; locId: number }>(({ input }) =>
      getSlots({ order_date: input.date, zipcode: input.zipcode, vendor_loc_id: input.locId }),
    ),
  },
  guards: {
    hasArea: ({ context }) => {
      const stored = context.session.getSnapshot().context;
      return stored.zipcode !== undefined && stored.location !== undefined;
    },
    isServed: (_, params: { reply: DineinRetailerReply }) => params.reply.code === 1,
    isAvailableOption: ({ context, event }) => event.type === 'option.select' && isOptionAvailable(context, event.kind),
    isDeliveryChosen: ({ context }) => context.selected === 'delivery' && context.date !== undefined,
    isSelectableDate: ({ context, event }) =>
      event.type === 'date.select' && /^\d{4}-\d{2}-\d{2}$/.test(event.date) && event.date >= storeToday(context.now()),
    isOfferedTime: ({ context, event }) => event.type === 'time.select' && timesShown(context).includes(event.time),
    isOfferedSlot: ({ context, event }) => event.type === 'slot.select' && context.slots.some((s) => s.slot_id === event.slotId && s.available > 0),
    isListedRetailer: ({ context, event }) =>
      event.type === 'retailer.select' && (event.locId === undefined || retailersShown(context).some((r) => r.loc_id === event.locId)),
    canContinue: ({ context }) => isComplete(context),
  },
  actions: {
    assignRetailers: assign(({ context }, params: { reply: DineinRetailerReply }) => {
      const retailers = params.reply.data?.vendordata ?? [];
      const primary: DeliveryOptionKind = retailers.length > 0 ? 'dine-in' : 'delivery';
      const preferred = retailers.find((r) => r.loc_id === context.preferredRetailer);
      return {
        retailers,
        primary,
        selected: primary,
        retailerId: primary === 'dine-in' ? preferred?.loc_id : undefined,
        message: retailers.length === 0 ? deliveryOptionMessages.noRetailer : undefined,
      };
    }),
    assignNoRetailers: assign({ retailers: [], primary: 'delivery', selected: 'delivery', message: deliveryOptionMessages.noRetailer }),
    assignComingSoon: assign({ message: comingSoonMessage, primary: undefined, selected: undefined }),
    // Changing the speed resets the slots (spec section 4), and the restaurant, date and time with them.
    assignOption: assign(({ event }) =>
      event.type === 'option.select'
        ? { selected: event.kind, retailerId: undefined, time: undefined, slots: [], slotId: undefined, touched: true }
        : {},
    ),
    assignStars: assign(({ context, event }) => {
      if (event.type !== 'stars.select') return {};
      const keep = event.stars === 0 || chosenRetailer(context)?.price_category === event.stars;
      return { stars: event.stars, retailerId: keep ? context.retailerId : undefined, time: keep ? context.time : undefined, touched: true };
    }),
    assignRetailer: assign(({ event }) => (event.type === 'retailer.select' ? { retailerId: event.locId, time: undefined, touched: true } : {})),
    assignDate: assign(({ event }) =>
      event.type === 'date.select' ? { date: event.date, time: undefined, slots: [], slotId: undefined, touched: true } : {},
    ),
    assignTime: assign(({ event }) => (event.type === 'time.select' ? { time: event.time, touched: true } : {})),
    assignSlot: assign(({ event }) => (event.type === 'slot.select' ? { slotId: event.slotId, touched: true } : {})),
    assignSlots: assign((_, params: { reply: GetSlotReply }) => {
      const slots = (params.reply.data ?? []).filter((s) => s.available > 0);
      // A closed day says so; only a full one is 'All Slots are booked'.
      return { slots, message: slotsNotice(params.reply) };
    }),
    assignSlotsBooked: assign({ slots: [], message: deliveryOptionMessages.slotsBooked }),
    clearMessage: assign(({ context }) => ({ message: context.retailers.length === 0 ? deliveryOptionMessages.noRetailer : undefined })),
    recordChoice: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update' as const, values: choiceValues(context) }),
    ),
    // Navigation belongs to the page: it provides this.
    goToStore: () => undefined,
  },
}).createMachine({
  description:
    "The Delivery Options screen, 'Choose a Delivery Options' at /ship/options (storefront.md, Delivery options screen and States and transitions, Delivery options and Shipping flags). The shopper picks Dine-In or Pick-Up at a partner restaurant (star category filter, restaurant, date and time) or Delivery (a date and a driver slot with a seat left). An unserved pincode shows 'We are coming soon to this pincode...'; a city without restaurants offers Delivery only ('No retailer available for this location presently'). Changing the card resets the choices below it; CONTINUE, possible only once everything is chosen, stores the choice and goes to /store. A sample star-rating price dialog opens beside it.",
  id: 'deliveryOptions',
  context: ({ input }) => ({
    session: input.session,
    now: input.now ?? (() => new Date()),
    preferredRetailer: input.preferredRetailer,
    retailers: [],
    primary: undefined,
    selected: undefined,
    stars: 0,
    retailerId: undefined,
    date: undefined,
    time: undefined,
    slots: [],
    slotId: undefined,
    message: undefined,
    touched: false,
  }),
  type: 'parallel',
  states: {
    options: {
      description: 'The choice of Dine-In, Delivery or Pick-Up and what each needs.',
      initial: 'starting',
      states: {
        starting: {
          description: 'Checking the shopper has picked a delivery area (pincode).',
          always: [
            { description: 'A pincode is chosen: its restaurants are loaded.', guard: 'hasArea', target: 'loading' },
            { description: 'No pincode yet: the coming-soon message.', target: 'notServed', actions: 'assignComingSoon' },
          ],
        },
        loading: {
          description: "Loading the partner restaurants of the shopper's area.",
          invoke: {
            id: 'loadRetailers',
            src: 'loadRetailers',
            input: ({ context }) => {
              const stored = context.session.getSnapshot().context;
              return { zipcode: stored.zipcode ?? '', location: stored.location };
            },
            onDone: [
              {
                description: 'The area is served: the first available card is selected (Dine-In when there are restaurants, else Delivery).',
                guard: { type: 'isServed', params: ({ event }) => ({ reply: event.output }) },
                target: 'choosing',
                actions: { type: 'assignRetailers', params: ({ event }) => ({ reply: event.output }) },
              },
              {
                description: "Code -1, pincode not served: 'We are coming soon to this pincode...'",
                target: 'notServed',
                actions: 'assignComingSoon',
              },
            ],
            // The list could not be read: Delivery still works.
            onError: { description: 'The restaurants could not be read: Delivery still works.', target: 'choosing', actions: 'assignNoRetailers' },
          },
        },
        /** The coming-soon message; nothing to choose. */
        notServed: {
          description: "'We are coming soon to this pincode. Please see a list of all pincodes we currently serve.': nothing can be chosen.",
        },
        choosing: {
          description:
            'The shopper picks the card (Dine-In, Delivery, Pick-Up), then a restaurant with a date and time, or a date and a driver slot, and presses CONTINUE.',
          initial: 'editing',
          on: {
            'option.select': {
              description: 'The shopper picks delivery, pick-up or dine-in.',
              guard: 'isAvailableOption',
              target: '.editing',
              actions: ['assignOption', 'clearMessage'],
            },
            'stars.select': { description: 'The shopper shows only the restaurants of one price category (stars).', actions: 'assignStars' },
            'retailer.select': {
              description: 'The shopper picks a shop or restaurant from the list.',
              guard: 'isListedRetailer',
              actions: 'assignRetailer',
            },
            'date.select': {
              description: 'The shopper picks a date: its free slots are checked.',
              guard: 'isSelectableDate',
              target: '.checkingSlots',
              actions: ['assignDate', 'clearMessage'],
            },
            'time.select': { description: 'The shopper picks a time offered on that date.', guard: 'isOfferedTime', actions: 'assignTime' },
            'slot.select': { description: 'The shopper picks one of the free slots.', guard: 'isOfferedSlot', actions: 'assignSlot' },
            'options.continue': {
              description: 'CONTINUE with everything chosen: the choice is stored and the shopper goes to /store.',
              guard: 'canContinue',
              target: 'chosen',
              actions: ['recordChoice', 'goToStore'],
            },
          },
          states: {
            editing: { description: 'The shopper changes any choice; CONTINUE is enabled once everything needed is chosen.' },
            // A new date: Delivery asks for the driver's slots (a restaurant's times are known already).
            checkingSlots: {
              description: 'A new date was picked: checking whether it needs driver slots.',
              always: [
                { description: "Delivery: the date's driver slots are loaded.", guard: 'isDeliveryChosen', target: 'loadingSlots' },
                { description: "Dine-In or Pick-Up: the restaurant's times are known already.", target: 'editing', actions: 'clearMessage' },
              ],
            },
            loadingSlots: {
              description: 'Loading the driver slots of the chosen delivery date.',
              invoke: {
                id: 'loadSlots',
                src: 'loadSlots',
                input: ({ context }) => {
                  const stored = context.session.getSnapshot().context;
                  return { date: context.date ?? '', zipcode: stored.zipcode ?? '', locId: stored.location ?? 0 };
                },
                onDone: {
                  description:
                    "The slots with a seat left; for a full day 'All Slots are booked. Please try another date.', for a closed day the shop's reason ('… is closed on Sundays.').",
                  target: 'editing',
                  actions: { type: 'assignSlots', params: ({ event }) => ({ reply: event.output }) },
                },
                onError: {
                  description: 'The free slots could not be loaded: that date shows as fully booked.',
                  target: 'editing',
                  actions: 'assignSlotsBooked',
                },
              },
            },
          },
        },
        chosen: {
          description: 'The choice is stored (shipping type, restaurant, visit time or slot) and the shopper goes to /store.',
          type: 'final',
        },
      },
    },
    sample: {
      description: 'The sample star-rating price dialog.',
      initial: 'closed',
      states: {
        closed: {
          description: 'The sample price dialog is closed.',
          on: { 'sample.open': { description: 'The shopper opens the sample prices: what each star category costs.', target: 'open' } },
        },
        open: {
          description: 'The sample price dialog shows what each star category costs.',
          on: { 'sample.close': { description: 'The shopper closes the sample prices.', target: 'closed' } },
        },
      },
    },
  },
});
