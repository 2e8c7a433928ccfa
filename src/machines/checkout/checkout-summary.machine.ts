import type { ActorRefFrom } from 'xstate';
import { placeOrderBody, reviewBody } from '../../api/checkout.api.ts';
import { isTipAllowed } from '../../rules/tips.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';
import { failureText, placeOrderErrorMessage } from './checkout-errors.ts';
import { withoutFieldName } from '../../rules/place-order-refusal.ts';
import { checkoutSummarySetup, isGiftSent, summaryOutput } from './checkout-summary.setup.ts';

/**
 * The summary step, Order Summary (spec section 2 "Order Summary"): the server prices the order (review) with the
 * chosen tip; the coupon box goes through the cart's own call and the order is priced again; PLACE ORDER sends one
 * order however often it is pressed, then the answer is settled: placed, declined at the charge, the bank's check
 * (3-D Secure, then confirm), the chosen card gone (the step ends: the tabs open the cards again), the chosen delivery
 * address gone when the order is priced or placed (the step ends: the tabs open the addresses again), or a refusal
 * shown in the snackbar.
 *
 * The tabs machine keeps the tabs steady while an order is on its way ('order.started' / 'order.ended'), takes the
 * tip and gift back for a later visit ('summary.choices') and shows the snackbar ('notice.show').
 * The bank check runs Stripe.js in the page: handleNextAction is provided there (machines never load Stripe).
 */
export const checkoutSummaryMachine = checkoutSummarySetup.createMachine({
  description:
    "The order summary, the checkout tab (cart-checkout-account.md, Checkout tabs step 7 and States and transitions, Place order). The order is priced by the server from the cart and the choices made in the earlier steps; the shopper may apply or remove a coupon, choose a driver tip (1 Hour Delivery only), make it a gift with a message, and press PLACE ORDER. A card payment may need the bank's 3-D Secure check before the server says how it ended: 'Order Placed.', declined (Payment failed), the chosen saved card removed meanwhile (back to the cards), the chosen delivery address deleted meanwhile (back to the addresses, when the order is priced or placed), or refused with a message (including a face check that ran out).",
  id: 'checkoutSummary',
  context: ({ input }) => ({
    cartId: input.cartId,
    flow: input.flow,
    tipOffered: input.flow.selectedSpeedID !== undefined && isTipAllowed(input.flow.selectedSpeedID),
    review: undefined,
    reviewMessage: undefined,
    couponText: '',
    couponMessage: undefined,
    orderId: undefined,
    orderReply: undefined,
    authentication: undefined,
    publishableKey: undefined,
    substitutions: {},
    cardGone: undefined,
    cartOrdered: false,
    addressGone: undefined,
    refusal: undefined,
  }),
  initial: 'reviewing',
  output: ({ context }) => summaryOutput(context),
  states: {
    reviewing: {
      description: 'Pricing the order: the server computes items, coupon, taxes, fees, tip and total for the summary.',
      on: {
        // The coupon box stays open while the order is priced again: what the shopper types is kept, not dropped.
        'coupon.change': { description: 'The shopper types a coupon code while the order is priced.', actions: 'assignCouponText' },
        'tip.choose': {
          description: 'A tip is chosen (1 Hour Delivery only): the order is priced again with it.',
          guard: 'isTipOffered',
          target: 'reviewing',
          reenter: true,
          actions: ['assignTip', 'reportSummaryChoices'],
        },
        'gift.toggle': { description: 'The shopper ticks or unticks "this is a gift".', actions: ['toggleGift', 'reportSummaryChoices'] },
        'substitution.choose': {
          description:
            'The shopper chooses what the seller may do if a line is out when picked (a similar product, same brand and cut only, or a refund).',
          actions: 'assignSubstitution',
        },
        'gift.message.change': { description: 'The shopper types a gift message.', actions: ['assignGiftMessage', 'reportSummaryChoices'] },
      },
      invoke: {
        id: 'orderReview',
        src: 'orderReview',
        input: ({ context }) => reviewBody(context.cartId, context.flow),
        onDone: [
          {
            description: 'The order is priced: the summary is shown (a line sold out since CHECKOUT marked, PLACE ORDER off; the badge told).',
            guard: { type: 'isCodeOne', params: ({ event }) => ({ code: event.output.code }) },
            target: 'ready',
            actions: [{ type: 'assignReview', params: ({ event }) => ({ reply: event.output }) }, 'reportCartCount'],
          },
          {
            description: "The server refused to price it: its message, or 'Something Went Wrong.'",
            target: 'reviewFailed',
            actions: { type: 'assignReviewMessage', params: ({ event }) => ({ message: event.output.message ?? somethingWentWrongMessage }) },
          },
        ],
        onError: [
          {
            description: 'The cart was ordered meanwhile (another tab): the step ends so the checkout goes back to the cart.',
            guard: { type: 'isCartOrdered', params: ({ event }) => ({ error: event.error }) },
            target: 'cartOrdered',
            actions: 'assignCartOrdered',
          },
          {
            // Pricing again would fail the same way: the shopper must choose another address.
            description:
              'The chosen delivery address was deleted since it was chosen (another tab): the step ends so the checkout goes back to the addresses.',
            guard: { type: 'isAddressGone', params: ({ event }) => ({ error: event.error }) },
            target: 'addressGone',
            actions: { type: 'assignAddressGone', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'The order could not be priced (offline, server error): the reason is shown.',
            target: 'reviewFailed',
            actions: { type: 'assignReviewMessage', params: ({ event }) => ({ message: failureText(event.error) }) },
          },
        ],
      },
    },
    reviewFailed: {
      description: 'The order could not be priced: the message is shown and the shopper may try again.',
      on: { 'review.retry': { description: 'The shopper tries again: the order is priced again.', target: 'reviewing' } },
    },
    ready: {
      description: 'The summary is shown: the shopper may change the coupon, tip or gift, or press PLACE ORDER.',
      // A refusal stands until the shopper changes something: prices it again, places again or leaves the summary.
      exit: 'clearRefusal',
      on: {
        'tip.choose': {
          description: 'A tip is chosen (1 Hour Delivery only): the order is priced again with it.',
          guard: 'isTipOffered',
          target: 'reviewing',
          actions: ['assignTip', 'reportSummaryChoices'],
        },
        'gift.toggle': { description: 'The shopper ticks or unticks "this is a gift".', actions: ['toggleGift', 'reportSummaryChoices'] },
        'substitution.choose': {
          description:
            'The shopper chooses what the seller may do if a line is out when picked (a similar product, same brand and cut only, or a refund).',
          actions: 'assignSubstitution',
        },
        'gift.message.change': { description: 'The shopper types a gift message.', actions: ['assignGiftMessage', 'reportSummaryChoices'] },
        'coupon.change': { description: 'The shopper types a coupon code.', actions: 'assignCouponText' },
        'coupon.apply': [
          { description: 'A coupon code is typed: it is applied.', guard: 'hasCouponText', target: 'applyingCoupon' },
          { description: "Apply with an empty coupon box: 'Required'.", actions: 'assignCouponRequired' },
        ],
        'coupon.remove': { description: 'A coupon is applied: it is removed.', guard: 'hasAppliedCoupon', target: 'removingCoupon' },
        'order.place': {
          description: 'The shopper presses PLACE ORDER (a gift message over its limit must be shortened first: it is never cut).',
          guard: 'isPlaceable',
          target: 'ordering',
        },
      },
    },
    // Either way the summary is priced again by the server (a refused coupon may also have dropped an old one).
    applyingCoupon: {
      description: 'Applying the coupon the shopper typed.',
      on: { 'coupon.change': { description: 'The shopper goes on typing while the coupon is applied.', actions: 'assignCouponText' } },
      invoke: {
        id: 'changeCoupon',
        src: 'changeCoupon',
        input: ({ context }) => ({ cart_id: context.cartId, coupon_code: context.couponText.trim() }),
        onDone: {
          description: 'The server answered (applied, or refused with a reason): the order is priced again.',
          target: 'reviewing',
          actions: { type: 'assignCouponReply', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: {
          description: 'The coupon could not be applied (offline, server error): the box says why.',
          target: 'ready',
          actions: { type: 'assignCouponFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removingCoupon: {
      description: 'Removing the applied coupon.',
      invoke: {
        id: 'changeCoupon',
        src: 'changeCoupon',
        input: ({ context }) => ({ cart_id: context.cartId, remove_coupon: 1 }),
        onDone: {
          description: 'The coupon is removed: the order is priced again.',
          target: 'reviewing',
          actions: { type: 'assignCouponReply', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: {
          description: 'The coupon could not be removed (offline, server error): the box says why.',
          target: 'ready',
          actions: { type: 'assignCouponFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The order is on its way: PLACE ORDER again, a tip or a tab is ignored (the server is idempotent too).
    ordering: {
      description: 'The order is on its way: PLACE ORDER, a tip or a tab change is ignored until it ends.',
      entry: 'reportOrderStarted',
      exit: 'reportOrderEnded',
      initial: 'placing',
      states: {
        placing: {
          description: 'Placing the order with the chosen address, speed, payment, tip and gift message.',
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) =>
              placeOrderBody(context.cartId, { ...context.flow, isGift: isGiftSent(context) }, context.substitutions, context.review?.grandtotal),
            onDone: {
              description: 'The server answered the order: its answer is read.',
              target: 'settling',
              actions: { type: 'assignOrderReply', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: [
              {
                // Pressing PLACE ORDER again would fail the same way: the shopper must choose another card.
                description:
                  'The chosen saved card was removed since it was chosen (another tab): the step ends so the checkout goes back to the cards.',
                guard: { type: 'isCardGone', params: ({ event }) => ({ error: event.error }) },
                target: '#checkoutSummary.cardGone',
                actions: { type: 'assignCardGone', params: ({ event }) => ({ error: event.error }) },
              },
              {
                description:
                  'The chosen delivery address was deleted since it was chosen (another tab): the step ends so the checkout goes back to the addresses.',
                guard: { type: 'isAddressGone', params: ({ event }) => ({ error: event.error }) },
                target: '#checkoutSummary.addressGone',
                actions: { type: 'assignAddressGone', params: ({ event }) => ({ error: event.error }) },
              },
              {
                description:
                  'The cart changed since the summary was shown (another tab): nothing is placed; the refusal with the new total stays next to PLACE ORDER and the order is priced again.',
                guard: { type: 'isSummaryOutdated', params: ({ event }) => ({ error: event.error }) },
                target: '#checkoutSummary.reviewing',
                actions: { type: 'assignErrorRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                description: 'Refused in words (a 4xx): the refusal is kept next to PLACE ORDER, said there once (no snackbar covers the button).',
                guard: { type: 'isRefusedInWords', params: ({ event }) => ({ error: event.error }) },
                target: '#checkoutSummary.ready',
                actions: { type: 'assignErrorRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                description: 'The order could not be sent (offline, server error): a snackbar says why and the summary is shown again.',
                target: '#checkoutSummary.ready',
                actions: [
                  { type: 'reportNotice', params: ({ event }) => ({ message: withoutFieldName(placeOrderErrorMessage(event.error)) }) },
                  { type: 'assignErrorRefusal', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        // Where place order's (or confirm's) answer leads.
        settling: {
          description: "Reading the server's answer: placed, declined, a bank check needed, or refused.",
          always: [
            {
              description: "Order placed: 'Order Placed.' with its number.",
              guard: 'isPlaced',
              target: '#checkoutSummary.placed',
              actions: 'assignOrderId',
            },
            {
              description: 'The card was declined: Payment failed.',
              guard: 'isDeclined',
              target: '#checkoutSummary.paymentFailed',
              actions: 'assignOrderId',
            },
            {
              description: 'The bank wants to check the payment (3-D Secure).',
              guard: 'isAuthenticationNeeded',
              target: 'authenticating',
              actions: 'assignAuthentication',
            },
            // The face pass ran out (or was used): the refusal in the snackbar, and the tabs go back to the face step.
            {
              description: 'Refused for want of a fresh face check: the refusal is shown and the checkout goes back to the face step.',
              guard: 'isFacePassMissing',
              target: '#checkoutSummary.ready',
              actions: ['reportReplyMessage', 'reportFaceRequired'],
            },
            {
              description:
                "Refused: the server's message (or the fallback), kept next to PLACE ORDER and said there once (no snackbar over it); one naming cart lines (out of stock) with a button back to the cart, one naming a seller's slot with one to Choose Delivery Slots.",
              target: '#checkoutSummary.ready',
              actions: 'assignReplyRefusal',
            },
          ],
        },
        // The shopper's bank checks the payment (3-D Secure); then the server says how it ended.
        authenticating: {
          description: "The shopper's bank checks the card payment (3-D Secure).",
          initial: 'choosing',
          states: {
            choosing: {
              description: "Choosing the bank check: the card provider's own page or the test bank page.",
              always: [
                { description: 'A live card provider: its own bank check in the page.', guard: 'isStripeCheck', target: 'withStripe' },
                { description: "Test mode: the test bank's page.", target: 'withTestBank' },
              ],
            },
            // A failed or closed check (or no Stripe key) is read back from the server too.
            withStripe: {
              description: "The card provider runs the bank's check in the page.",
              initial: 'loadingKey',
              states: {
                loadingKey: {
                  description: "Loading the card provider's public key for the bank check.",
                  invoke: {
                    id: 'loadStripeKey',
                    src: 'loadStripeKey',
                    onDone: [
                      {
                        description: 'The key is there: the bank check starts.',
                        guard: { type: 'hasPublishableKey', params: ({ event }) => ({ reply: event.output }) },
                        target: 'checking',
                        actions: { type: 'assignPublishableKey', params: ({ event }) => ({ reply: event.output }) },
                      },
                      { description: 'No key: the server is asked how the payment ended.', target: '#checkoutSummary.ordering.confirming' },
                    ],
                    onError: {
                      description: "The card provider's key could not be loaded: the server is asked how the payment ended.",
                      target: '#checkoutSummary.ordering.confirming',
                    },
                  },
                },
                checking: {
                  description: "Waiting for the card provider's answer while the shopper completes the bank's check.",
                  invoke: {
                    id: 'handleNextAction',
                    src: 'handleNextAction',
                    input: ({ context }) => ({
                      clientSecret: context.authentication?.clientSecret ?? '',
                      publishableKey: context.publishableKey ?? '',
                    }),
                    onDone: {
                      description: "The shopper finished the bank's check: the server is asked how the payment ended.",
                      target: '#checkoutSummary.ordering.confirming',
                    },
                    onError: {
                      description: "The bank's check failed or was abandoned: the server is asked how the payment ended.",
                      target: '#checkoutSummary.ordering.confirming',
                    },
                  },
                },
              },
            },
            // Test mode's bank page: the shopper completes or fails the check.
            withTestBank: {
              description: "The test bank's page (test mode): the shopper completes or fails the check.",
              on: { 'payment.authenticate': { description: "The shopper completes or fails the test bank's check.", target: 'answeringTestBank' } },
            },
            answeringTestBank: {
              description: "Sending the shopper's answer to the test bank.",
              invoke: {
                id: 'answerTestBank',
                src: 'answerTestBank',
                input: ({ context, event }) => ({
                  clientSecret: context.authentication?.clientSecret ?? '',
                  complete: event.type === 'payment.authenticate' && event.complete,
                }),
                onDone: {
                  description: 'The test bank took the answer: the server is asked how the payment ended.',
                  target: '#checkoutSummary.ordering.confirming',
                },
                onError: {
                  description: 'The test bank could not be reached: the server is asked how the payment ended.',
                  target: '#checkoutSummary.ordering.confirming',
                },
              },
            },
          },
        },
        confirming: {
          description: "Asking the server how the payment ended after the bank's check.",
          invoke: {
            id: 'confirmOrder',
            src: 'confirmOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: {
              description: 'The server said how the payment ended: its answer is read.',
              target: 'settling',
              actions: { type: 'assignOrderReply', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: {
              description:
                'The server could not say how the payment ended (offline, server error): a snackbar says why and the summary is shown again.',
              target: '#checkoutSummary.ready',
              actions: { type: 'reportNotice', params: ({ event }) => ({ message: placeOrderErrorMessage(event.error) }) },
            },
          },
        },
      },
    },
    placed: { description: "'Order Placed.': the order is taken and the cart is closed.", type: 'final' },
    paymentFailed: { description: 'The card was declined at the charge: the shopper is shown the Payment failed page.', type: 'final' },
    // No order was made: the tabs machine opens the payment step again.
    cardGone: {
      description: 'The chosen saved card was removed since it was chosen: no order is made and the checkout asks for another card.',
      type: 'final',
    },
    cartOrdered: {
      description: 'The cart was ordered in another tab or window: nothing is priced or placed here and the checkout goes back to the cart.',
      type: 'final',
    },
    // No order was made: the tabs machine opens the address step again.
    addressGone: {
      description: 'The chosen delivery address was deleted since it was chosen: no order is made and the checkout asks for another address.',
      type: 'final',
    },
  },
});

export type CheckoutSummaryActor = ActorRefFrom<typeof checkoutSummaryMachine>;
