import { optionChangedMessage } from '../../rules/area-change.ts';
import { checkoutSetup } from './checkout.setup.ts';

/**
 * The checkout's two regions beside its steps (checkout.machine.ts's `flow`): whether the cart is still open, and the
 * snackbar. Kept apart so the steps' chart stays one file a reader takes in (machine files stay at 400 lines).
 */

/** Whether another tab ordered the cart: read again when this tab comes back (081), while a step is open. */
export const freshnessRegion = checkoutSetup.createStateConfig({
  description: 'Whether the cart is still open: read again when the tab is shown again or takes the focus.',
  initial: 'current',
  states: {
    current: {
      description: 'The cart was open when last read.',
      on: {
        'checkout.refresh': {
          description: 'The tab is shown again while a step is open (no order on its way): the cart is read again.',
          guard: 'isStepOpen',
          target: 'reading',
        },
      },
    },
    reading: {
      description: 'Reading the cart again, the step staying as it is.',
      invoke: {
        id: 'recheckCart',
        src: 'recheckCart',
        input: ({ context }) => ({ cartId: context.cartId }),
        onDone: [
          {
            description: 'The cart was ordered in another tab or window: back to the cart, which says so and opens the cart of now.',
            guard: { type: 'isOrderedCart', params: ({ event }) => ({ reply: event.output }) },
            target: 'current',
            actions: 'goToCart',
          },
          {
            description:
              "The cart is still open: the step goes on; the payment tab next counts the shopper's open unpaid orders of now and reads the cart's delivery dates of now.",
            target: 'current',
            actions: { type: 'assignOpenOrders', params: ({ event }) => ({ reply: event.output }) },
          },
        ],
        onError: { description: 'The cart could not be read again: the step goes on (its own calls answer for the cart).', target: 'current' },
      },
    },
  },
});

/** The snackbar the steps report to ('notice.show'): shown 4 s, a newer message getting its own 4 s. */
export const noticeRegion = checkoutSetup.createStateConfig({
  description: 'The snackbar at the bottom right.',
  initial: 'hidden',
  states: {
    hidden: {
      description: 'No snackbar is shown.',
      on: {
        'notice.show': {
          description: "A step has something to tell the shopper: a snackbar shows (never the 401's words the session-ended notice says).",
          guard: { type: 'isNewsToShopper', params: ({ event }) => ({ message: event.message }) },
          target: 'shown',
          actions: { type: 'assignNotice', params: ({ event }) => ({ message: event.message }) },
        },
      },
    },
    shown: {
      description: "A snackbar shows a step's success or failure text for 4 seconds, or until the shopper closes it.",
      after: {
        snackbarLifetime: { description: 'The snackbar closes by itself after a few seconds.', target: 'hidden', actions: 'clearNotice' },
      },
      on: {
        // A newer message gets its own full 4 s.
        'notice.show': {
          description:
            "A newer message replaces the shown one and gets its own full 4 seconds (never the 401's words the session-ended notice says).",
          guard: { type: 'isNewsToShopper', params: ({ event }) => ({ message: event.message }) },
          target: 'shown',
          reenter: true,
          actions: { type: 'assignNotice', params: ({ event }) => ({ message: event.message }) },
        },
        'notice.dismiss': { description: 'The shopper closes the snackbar.', target: 'hidden', actions: 'clearNotice' },
      },
    },
  },
});

/**
 * Decision 086 left: a Pick-Up placed in another tab resets the stored option as it orders the cart, and this tab hears
 * the option first. The flow's `optionChanged` reads the cart before it says anything, so an ordered cart is said as
 * such (the cart page names it) and only an open one is told the option changed.
 */
export const optionChangedState = checkoutSetup.createStateConfig({
  description: 'The delivery option changed in another tab: the cart is read again, to say whether it was ordered there or only the option changed.',
  invoke: {
    id: 'checkOrdered',
    src: 'recheckCart',
    input: ({ context }) => ({ cartId: context.cartId }),
    onDone: [
      {
        description: 'The cart was ordered in that tab: back to the cart, which says so and opens the cart of now.',
        guard: { type: 'isOrderedCart', params: ({ event }) => ({ reply: event.output }) },
        target: 'cartOrdered',
      },
      {
        description: 'The cart is still open: the cart opens (the cart of now, in the new option) and says the option changed, to check out again.',
        target: 'leftBehind',
        actions: { type: 'tellOnCart', params: ({ context }) => ({ message: optionChangedMessage(context.session.getSnapshot().context) }) },
      },
    ],
    onError: {
      description: 'The cart could not be read: the cart opens and says the option changed (the cart page reads it again).',
      target: 'leftBehind',
      actions: { type: 'tellOnCart', params: ({ context }) => ({ message: optionChangedMessage(context.session.getSnapshot().context) }) },
    },
  },
});
