import { or } from 'xstate';
import { cartRequest, deliveryDatesRequest } from '../../api/cart.api.ts';
import { shopperOptionFields } from '../../rules/shopper-option.ts';
import { answerOf, errorOf, failureMessage } from './cart-replies.ts';
import { keptLines } from './cart-kept-lines.ts';
import { cartSetup, reportOf, messageOf } from './cart.setup.ts';

/** A cart ordered in another tab: the server's words in a toast, and this tab forgets it and takes the cart of now. */
const orderedActions = [
  { type: 'assignRefusal', params: answerOf },
  'notifyRefusal',
  'forgetOrderedCart',
  { type: 'recordCurrentCart', params: answerOf },
] as const;

/** A cart with items as the server holds it: shown, the badge updated, and its lines, groups and coupon handed on. */
const shownActions = [
  { type: 'assignServerCart', params: answerOf },
  'recordBadge',
  'syncGroups',
  'syncLines',
  { type: 'syncCoupon', params: answerOf },
] as const;

/**
 * The cart page (spec "Cart page", "Cart checkout", 4 "Checkout gating"): loads the server cart and hands it to its
 * children, each its own actor reporting every answer back: the line queue (quantities sent 800 ms after the last
 * change, rolled back when refused), the coupon box, and one delivery group per vendor location (date and slot). It
 * keeps the server's last cart, the header badge and the red toasts, loads the delivery calendar, and checks every
 * group before CHECKOUT leaves the page.
 */
export const cartMachine = cartSetup.createMachine({
  description:
    "The cart page (cart-checkout-account.md, Cart page, Cart checkout rules and States and transitions, Checkout gating and Quantity change). It loads the shopper's cart, grouped by seller, and hands it to its parts: the quantity changes (sent 800 ms after the last click), the coupon box, and one delivery group per seller for its date and time slot. Every answer keeps the header's cart badge up to date and every failure is a red toast. CHECKOUT checks that each group has its date (and slot for same-day), then sends a guest to guest registration, a pick-up, dine-in or wallet cart to payment, and any other cart to the shipping address.",
  id: 'cart',
  context: ({ input, spawn, self }) => {
    const clock = input.now ?? (() => new Date());
    const cartId = input.session.getSnapshot().context.cart_id;
    return {
      session: input.session,
      checkoutStorage: input.checkoutStorage,
      clock,
      now: clock(),
      cartId,
      cart: undefined,
      lines: spawn('cartLines', { id: 'cartLines', input: { owner: self, cartId: cartId ?? '' } }),
      coupon: spawn('cartCoupon', { id: 'cartCoupon', input: { owner: self, cartId: cartId ?? '' } }),
      message: undefined,
      calendar: undefined,
      calendarMessage: undefined,
      groups: {},
      problems: {},
      checkoutTried: false,
      loadError: undefined,
    };
  },
  initial: 'checkingCart',
  states: {
    checkingCart: {
      description: 'Checking whether the shopper has a cart at all.',
      always: [
        { description: 'The shopper has a cart: it is loaded.', guard: 'hasCartId', target: 'loading' },
        {
          description: "No cart in this browser, but signed in: the account's cart is asked for (it may have been filled in another browser).",
          guard: 'isSignedIn',
          target: 'loading',
        },
        { description: 'No cart yet: the empty cart is shown.', target: 'empty' },
      ],
    },
    loading: {
      description: 'Loading the cart: its items grouped by seller, coupon and price summary.',
      entry: 'clearLoadError',
      invoke: {
        id: 'showCart',
        src: 'showCart',
        input: ({ context }) => cartRequest(context.cartId, shopperOptionFields(context.session.getSnapshot().context)),
        onDone: [
          {
            description: 'This browser held no cart and the signed-in account has one (filled in another browser): that cart opens.',
            guard: { type: 'isAccountCart', params: answerOf },
            target: 'ordered',
            actions: { type: 'recordCurrentCart', params: answerOf },
          },
          {
            description: 'The cart was ordered in another tab or window: a toast says so and the cart the shopper has now opens.',
            guard: { type: 'isOrderedCart', params: answerOf },
            target: 'ordered',
            actions: orderedActions,
          },
          {
            description: "The cart has items: it is shown, the badge updated and each seller's delivery group set up.",
            guard: { type: 'hasItems', params: answerOf },
            target: 'ready',
            actions: shownActions,
          },
          {
            description: 'The cart has no items (or the server refused): the empty cart is shown, with the lines kept for another zip.',
            target: 'empty',
            actions: { type: 'assignServerCart', params: answerOf },
          },
        ],
        onError: [
          // Not this shopper's cart (or gone): nothing to show.
          {
            description: "The cart is gone or not this shopper's: the empty cart is shown.",
            guard: { type: 'isMissingCart', params: errorOf },
            target: 'empty',
          },
          {
            description:
              "The server no longer knows the session (its 401 'Please sign in again.'): the session-ended notice says so with its sign-in, and the account's cart went with the session: the empty cart is shown, with no second error (walk 8 #2).",
            guard: { type: 'isToldBySessionEnded', params: errorOf },
            target: 'empty',
          },
          {
            description: 'The cart could not be loaded: the reason is shown.',
            target: 'failed',
            actions: { type: 'assignLoadError', params: errorOf },
          },
        ],
      },
    },
    failed: {
      description: 'The cart could not be loaded: the reason is shown and the shopper may try again.',
      on: { 'cart.retry': { description: 'The shopper tries again: the cart is loaded again.', target: 'loading' } },
    },
    ordered: {
      description:
        "The shopper's cart of now is another one (this cart was ordered in another tab or window, or this browser held none while the account had one): the session holds it and the page opens it (or the empty cart).",
    },
    empty: {
      description:
        "'Hey fill me, i am Empty': the cart has no items; Start Shopping goes to the store. Lines kept for another zip are listed below it, each removable (decision 052).",
      entry: ['stopGroups', 'recordEmptyBadge'],
      on: {
        'cart.shop': { description: 'The shopper goes shopping from the empty cart: the store opens.', actions: 'goToStore' },
        'cart.refresh': {
          description: 'The tab is shown again: the cart is read again (it may have been ordered, or filled, in another tab or browser).',
          guard: or(['hasCartId', 'isSignedIn']),
          target: 'loading',
        },
      },
      ...keptLines,
    },
    ready: {
      description:
        "The cart is shown: the shopper changes quantities, removes items, applies a coupon, picks each seller's delivery date and slot, and presses CHECKOUT.",
      type: 'parallel',
      on: {
        'cart.quantity.change': {
          description: "The shopper changes an item's quantity: handed to the cart's lines.",
          actions: { type: 'forwardQuantity', params: ({ event }) => ({ cartRid: event.cartRid, qty: event.qty }) },
        },
        'cart.line.remove': {
          description: "The shopper removes an item: handed to the cart's lines.",
          actions: { type: 'forwardRemoval', params: ({ event }) => ({ cartRid: event.cartRid }) },
        },
        'cart.coupon.change': {
          description: 'The shopper types a coupon code.',
          actions: { type: 'forwardCouponText', params: ({ event }) => ({ code: event.code }) },
        },
        'cart.coupon.apply': { description: 'The shopper applies the coupon code.', actions: 'forwardCouponApply' },
        'cart.coupon.remove': { description: 'The shopper removes the applied coupon.', actions: 'forwardCouponRemoval' },
        // Every answer a child reports is the whole cart: the cart keeps it and passes it on to the others.
        'lines.saved': {
          description: 'Quantities or removals were saved: the cart, totals and badge show what the server now holds.',
          actions: [{ type: 'assignServerCart', params: reportOf }, 'recordBadge', 'syncGroups', { type: 'syncCoupon', params: reportOf }],
        },
        'lines.refused': {
          description: 'The server refused a quantity (e.g. not enough stock): the cart shows what it holds and a toast says why.',
          actions: [
            { type: 'assignServerCart', params: reportOf },
            { type: 'assignRefusal', params: reportOf },
            'notifyRefusal',
            'recordBadge',
            { type: 'syncCoupon', params: reportOf },
          ],
        },
        'coupon.saved': {
          description: 'The coupon was applied or removed: totals and badge are updated.',
          actions: [{ type: 'assignServerCart', params: reportOf }, 'recordBadge', 'syncLines'],
        },
        'group.saved': {
          description: "A seller's delivery choice was saved: the cart and totals are updated.",
          actions: [{ type: 'assignServerCart', params: reportOf }, 'recordBadge', 'syncLines', { type: 'syncCoupon', params: reportOf }],
        },
        // A failure any child reports is one red toast.
        'lines.failed': {
          description: 'Saving quantities failed (offline, server error): a toast says why.',
          actions: [{ type: 'assignMessage', params: messageOf }, 'notifyRefusal'],
        },
        'coupon.failed': {
          description: 'The coupon could not be changed (offline, server error): a toast says why.',
          actions: [{ type: 'assignMessage', params: messageOf }, 'notifyRefusal'],
        },
        'group.failed': {
          description: "A seller's delivery choice could not be saved: a toast says why.",
          actions: [{ type: 'assignMessage', params: messageOf }, 'notifyRefusal'],
        },
        'lines.emptied': { description: 'The last item was removed: the cart is empty.', target: 'empty' },
        'coupon.emptied': { description: 'The cart came back empty after a coupon change: the cart is empty.', target: 'empty' },
      },
      states: {
        calendar: {
          description: "The sellers' next delivery dates and holidays, which the date pickers follow.",
          initial: 'loading',
          states: {
            loading: {
              description: "Loading each seller's next delivery date and holidays.",
              invoke: {
                id: 'nextDeliveryDates',
                src: 'nextDeliveryDates',
                input: ({ context }) => deliveryDatesRequest(context.cart?.delivery_groups ?? []),
                onDone: [
                  {
                    description: "The dates are known: each seller's date picker gets its own.",
                    guard: { type: 'isCalendar', params: answerOf },
                    target: 'loaded',
                    actions: [{ type: 'assignCalendar', params: answerOf }, 'sendCalendarToGroups'],
                  },
                  {
                    description: "The server had no dates: 'Delivery dates are not available right now.'",
                    target: 'failed',
                    actions: { type: 'assignCalendarFailure', params: { message: 'Delivery dates are not available right now.' } },
                  },
                ],
                onError: {
                  description: 'The next delivery dates could not be loaded: the reason is shown with a way to try again.',
                  target: 'failed',
                  actions: { type: 'assignCalendarFailure', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                },
              },
            },
            loaded: { description: "The delivery dates are known: each seller's date picker offers only its deliverable days." },
            failed: {
              description: 'The delivery dates could not be loaded: the message is shown and the shopper may try again.',
              on: { 'cart.calendar.retry': { description: 'The shopper tries again: the delivery dates are loaded again.', target: 'loading' } },
            },
          },
        },
        checkout: {
          description: 'What happens when the shopper presses CHECKOUT.',
          initial: 'idle',
          states: {
            idle: {
              description: "The shopper has not pressed CHECKOUT (or was shown which dates and slots are still 'Required').",
              // CHECKOUT does not wait out the quantity debounce: the line queue sends what waits at once.
              on: {
                'cart.checkout': {
                  description: 'CHECKOUT: quantity changes waiting for their 800 ms are sent at once.',
                  target: 'waiting',
                  actions: 'flushLines',
                },
              },
            },
            // Re-checked after every event the cart takes, its children's reports included: 'lines.settled' (which
            // needs no handler of its own) says the queue has nothing waiting or in flight any more.
            waiting: {
              description: 'CHECKOUT was pressed: waiting for quantity, coupon and date changes still on their way to the server.',
              always: [
                { description: 'Nothing is on its way to the server any more: the cart can be judged.', guard: 'isSettled', target: 'deciding' },
              ],
            },
            deciding: {
              description: 'Checking every seller has its date (and slot for same-day), every line its stock, and where the shopper goes next.',
              always: [
                {
                  description:
                    "A seller still needs a date or a slot ('Required' beside it), or a line is out of stock or above what is left (marked on the line): the cart says what to fix and the shopper stays.",
                  guard: 'hasCheckoutProblems',
                  target: 'idle',
                  actions: 'assignProblems',
                },
                {
                  description: 'A guest: on to guest registration (email-only checkout).',
                  guard: 'isGuest',
                  target: 'leaving',
                  actions: ['clearProblems', 'goToGuestRegister'],
                },
                {
                  description:
                    'A pick-up, dine-in or wallet cart: straight to the payment step, a new checkout (of the last one only the address, tip and gift stay).',
                  guard: 'isCardFirst',
                  target: 'leaving',
                  actions: ['clearProblems', 'recordNextTab', 'restartCheckout', 'goToCard'],
                },
                {
                  description: 'A delivery cart: on to the shipping address, a new checkout (the speed, its dates and the payment chosen again).',
                  target: 'leaving',
                  actions: ['clearProblems', 'recordNextTab', 'restartCheckout', 'goToAddress'],
                },
              ],
            },
            leaving: { description: 'The shopper is on the way to guest registration, payment or the shipping address.' },
          },
        },
        kept: {
          description: 'Lines kept for another zip (decision 047), shown in their own section of the cart: the shopper may take each away.',
          ...keptLines,
        },
        freshness: {
          description: 'Whether the cart on screen is still the open cart: read again when the tab is shown again or takes the focus.',
          initial: 'current',
          states: {
            current: {
              description: 'The cart on screen is the last one the server answered.',
              on: {
                'cart.refresh': {
                  description: 'The tab is shown again with nothing on its way to the server: the cart is read again.',
                  guard: 'isSettled',
                  target: 'reading',
                },
              },
            },
            reading: {
              description: 'Reading the cart again, the page staying as it is.',
              // A save answered meanwhile may have reached the server after this read: its older cart would undo the
              // save on screen (decision 087: a seller 'Required' at CHECKOUT beside its date and slot). The cart
              // still takes the save's answer; the read is sent again, after it.
              on: {
                'group.saved': {
                  description: "A seller's date or slot was saved meanwhile: the cart is read again after it.",
                  target: 'reading',
                  reenter: true,
                },
                'lines.saved': {
                  description: 'Quantities were saved meanwhile: the cart is read again after them.',
                  target: 'reading',
                  reenter: true,
                },
                'lines.refused': {
                  description: 'A quantity was refused meanwhile: the cart is read again after it.',
                  target: 'reading',
                  reenter: true,
                },
                'coupon.saved': {
                  description: 'The coupon was changed meanwhile: the cart is read again after it.',
                  target: 'reading',
                  reenter: true,
                },
              },
              invoke: {
                id: 'showCart',
                src: 'showCart',
                input: ({ context }) => cartRequest(context.cartId, shopperOptionFields(context.session.getSnapshot().context)),
                onDone: [
                  {
                    description: 'The cart was ordered in another tab or window: a toast says so and the cart the shopper has now opens.',
                    guard: { type: 'isOrderedCart', params: answerOf },
                    target: '#cart.ordered',
                    actions: orderedActions,
                  },
                  {
                    description: 'The cart still has items: it shows what the server holds now.',
                    guard: { type: 'hasItems', params: answerOf },
                    target: 'current',
                    actions: shownActions,
                  },
                  {
                    description: 'The cart has no items any more: the empty cart is shown.',
                    target: '#cart.empty',
                    actions: { type: 'assignServerCart', params: answerOf },
                  },
                ],
                onError: { description: 'The cart could not be read again: the page stays as it was.', target: 'current' },
              },
            },
          },
        },
        clock: {
          description: "Today's date, kept current so the date pickers never offer a day that has passed.",
          initial: 'ticking',
          states: {
            ticking: {
              description: 'Reading the clock once a minute.',
              after: {
                minuteTick: {
                  description: 'A minute passes: cut-off times and delivery promises are worked out again.',
                  target: 'ticking',
                  reenter: true,
                  actions: 'assignNow',
                },
              },
            },
          },
        },
      },
    },
  },
});
