import { sampleRegion } from './delivery-options.sample.ts';
import { optionMoveBody } from './delivery-options.context.ts';
import { deliveryOptionsSetup } from './delivery-options.setup.ts';

export {
  cardNotice,
  chosenRetailer,
  isOptionAvailable,
  retailersFor,
  retailersShown,
  timesShown,
  type DeliveryOptionsEvent,
} from './delivery-options.context.ts';

/**
 * 'Choose a Delivery Options' (/ship/options; storefront spec "Delivery options screen", issues 12 and 23): the
 * machine's `description` says what the shopper does. Its calls: POST /api/product/dineinRetailerList (the area's
 * restaurants, each with the visit speeds it sells at there: each card lists its own), /connect/driverslot/getslot (a day's driver slots at the area's shop), nextDeliveryDate by
 * vendor_loc_id (the shop's closed days, each with why) and /api/cart/movearea (a cart filled for another option).
 */
export const deliveryOptionsMachine = deliveryOptionsSetup.createMachine({
  description:
    "The Delivery Options screen, 'Choose a Delivery Options' at /ship/options (storefront.md, Delivery options screen and States and transitions, Delivery options and Shipping flags). The shopper picks Dine-In or Pick-Up at a partner restaurant (star category filter, restaurant, date and time) or Delivery (a date and a driver slot with a seat left). An unserved pincode shows 'We are coming soon to this pincode...'; Dine-In and Pick-Up each list only the restaurants selling at that speed in the area, and a card none serves is disabled and says 'No retailer available for this location presently' (with none at either, Delivery only). Changing the card resets the choices below it; CONTINUE stores the choice and goes to /store once everything is chosen (for Delivery it is disabled until then; on Dine-In or Pick-Up it names what is missing: 'Retailer is required.', 'Dining date and time is required'). The area shop's closed days are loaded once Delivery is chosen and disabled ahead in the date picker, each with why (closed is not full). A sample star-rating price dialog opens beside it.",
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
    submitted: false,
    shopCalendar: undefined,
    cartCheck: undefined,
    answer: 'remove',
    accountCartId: undefined,
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
                description:
                  'The area is served: the first available card is selected (Dine-In when a restaurant serves it in the area, else Delivery).',
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
            'options.continue': [
              {
                description:
                  'CONTINUE with a cart filled for another option or restaurant, or a signed-in account’s cart (another browser may have changed it: walk 8 #3): which of its lines the new choice still sells (the chosen restaurant’s offer of the same size, at its price) is asked first (issue 23).',
                guard: 'changesCart',
                target: 'checkingCart',
              },
              {
                description:
                  "CONTINUE signed in with no cart in this tab: the account's cart is read first (another browser may have filled it: walk 8 #3).",
                guard: 'mayHaveAccountCart',
                target: 'readingAccountCart',
              },
              {
                description: 'CONTINUE with everything chosen: the choice is stored and the shopper goes to /store.',
                guard: 'canContinue',
                target: 'chosen',
                actions: ['recordChoice', 'goToStore'],
              },
              {
                description:
                  "CONTINUE on Dine-In or Pick-Up with something missing: the page names it ('Retailer is required.', 'Dining date and time is required').",
                guard: 'isVisitChosen',
                actions: 'markSubmitted',
              },
            ],
          },
          states: {
            editing: {
              description:
                'The shopper changes any choice; CONTINUE is enabled on Dine-In and Pick-Up, and on Delivery once a date and slot are chosen.',
            },
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
        readingAccountCart: {
          description: "Reading the signed-in account's cart of now (POST /api/cart/showcart without a cart id), which this tab did not hold.",
          invoke: {
            id: 'readAccountCart',
            src: 'readAccountCart',
            onDone: [
              {
                description:
                  "The account has a cart (filled in another browser): the session holds it, and the server's answer of what the option keeps is asked.",
                guard: { type: 'hasAccountCart', params: ({ event }) => ({ reply: event.output }) },
                target: 'checkingCart',
                actions: [
                  { type: 'assignAccountCart', params: ({ event }) => ({ reply: event.output }) },
                  { type: 'recordAccountCart', params: ({ event }) => ({ reply: event.output }) },
                ],
              },
              { description: 'The account has no cart: the choice is stored.', target: 'chosen', actions: ['recordChoice', 'goToStore'] },
            ],
            onError: {
              description: "The account's cart could not be read: the page says why; the stored option is untouched.",
              target: 'choosing',
              actions: { type: 'assignMoveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        checkingCart: {
          description: 'Asking the server which lines of the cart the new option can still sell in this pincode (POST /api/cart/movearea).',
          invoke: {
            id: 'checkCart',
            src: 'moveCart',
            input: ({ context }) => optionMoveBody(context, false),
            onDone: [
              {
                description: 'Nothing in the cart: it follows the option (lines kept for it come back).',
                guard: { type: 'isEmptyCart', params: ({ event }) => ({ reply: event.output }) },
                target: 'movingCart',
              },
              {
                description:
                  "The option this tab had already, and the server's cart is all for it, as it is: the choice is stored, nothing asked or moved.",
                guard: { type: 'isCartAsChosen', params: ({ event }) => ({ reply: event.output }) },
                target: 'chosen',
                actions: ['recordChoice', 'goToStore'],
              },
              {
                description: 'The cart holds something: the shopper is told what stays and what the new option cannot sell, and asked.',
                target: 'confirming',
                actions: { type: 'assignCartCheck', params: ({ event }) => ({ reply: event.output }) },
              },
            ],
            onError: [
              {
                description: 'The server no longer has that cart: nothing to lose, the id is forgotten and the choice stored.',
                guard: { type: 'isCartGone', params: ({ event }) => ({ error: event.error }) },
                target: 'chosen',
                actions: ['forgetCart', 'recordChoice', 'goToStore'],
              },
              {
                description: 'The check failed: the page says why; the cart and the stored option are untouched.',
                target: 'choosing',
                actions: { type: 'assignMoveError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        confirming: {
          description:
            'The dialog lists the lines that stay and those the new option cannot sell, and asks: change (they leave the cart), change and keep them for the old option, or keep the old option and the whole cart.',
          on: {
            'option.confirm': { description: 'The shopper agreed: the lines the option cannot sell leave the cart.', target: 'movingCart' },
            'option.keepOld': {
              description: 'The shopper changes option and keeps the lines it cannot sell for the old one, back when they choose it again.',
              guard: 'hasLinesToKeep',
              target: 'movingCart',
              actions: 'answerKeepOld',
            },
            'option.keep': {
              description: 'Keep the old option and the whole cart: back to the choices, nothing stored.',
              target: 'choosing',
              actions: 'clearCartCheck',
            },
          },
        },
        movingCart: {
          description: 'Moving the cart to the new option, without the lines the shopper agreed to let go (removed, or kept for the old option).',
          invoke: {
            id: 'moveCart',
            src: 'moveCart',
            input: ({ context }) => optionMoveBody(context, context.answer),
            onDone: {
              description: 'Moved: the choice and the cart’s new count are stored and the shopper goes to /store.',
              target: 'chosen',
              actions: [{ type: 'recordMoved', params: ({ event }) => ({ reply: event.output }) }, 'recordChoice', 'goToStore'],
            },
            onError: [
              {
                description: 'The cart was gone already: the id is forgotten and the choice stored.',
                guard: { type: 'isCartGone', params: ({ event }) => ({ error: event.error }) },
                target: 'chosen',
                actions: ['forgetCart', 'recordChoice', 'goToStore'],
              },
              {
                description: 'The move failed: nothing changed, the page says why and the shopper may try again.',
                target: 'choosing',
                actions: { type: 'assignMoveError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        chosen: {
          description: 'The choice is stored (shipping type, restaurant, visit time or slot) and the shopper goes to /store.',
          type: 'final',
        },
      },
    },
    closedDays: {
      description:
        "The area shop's calendar (POST /connect/delivery/nextDeliveryDate by vendor_loc_id), loaded once Delivery is chosen: the date picker disables its closed days ahead, each with why (issue 23).",
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Delivery is not chosen yet: no calendar needed.',
          always: { description: 'Delivery chosen in a pincode with a shop: its calendar is loaded.', guard: 'needsShopCalendar', target: 'loading' },
        },
        loading: {
          description: "Loading the area shop's earliest delivery date and closed days.",
          invoke: {
            id: 'loadShopCalendar',
            src: 'loadShopCalendar',
            input: ({ context }) => ({ locId: context.session.getSnapshot().context.location ?? 0 }),
            onDone: {
              description: 'Known: the closed days are disabled in the picker, the reasons listed under it.',
              target: 'loaded',
              actions: { type: 'assignShopCalendar', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: { description: 'Unreadable: each picked day is still checked (getslot says why it is closed).', target: 'loaded' },
          },
        },
        loaded: { description: "The shop's calendar is known (or could not be read); it does not change on this page." },
      },
    },
    sample: sampleRegion,
  },
});
