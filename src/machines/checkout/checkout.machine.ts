import { and, type ActorRefFrom } from 'xstate';
import { faceCheckSuccessMessage } from '../../api/contract/kyc.contract.ts';
import { noTabs } from '../../rules/checkout-flow.ts';
import { shippingAddressForCard } from './checkout-card.machine.ts';
import { checkoutSetup, flowFromSession, resumed, speedStepInput } from './checkout.setup.ts';
import { freshnessRegion, noticeRegion, optionChangedState } from './checkout.states.ts';
import { handOverOf, payOnDeliveryRefusal } from '../../rules/pay-on-delivery.ts';
import { bankDebitRefusal, bankDueDays } from '../../rules/bank-account.ts';
import { storeToday } from '../../rules/delivery-dates.ts';

/**
 * The checkout tabs (spec "Checkout tabs", section 4; DESIGN.md statecharts): which step is open, the tab flags that
 * gate it, the cart flow the steps share, and the snackbar. Three regions: `flow` walks the ordered steps address →
 * speed → card → face → checkout (the summary); beside it (checkout.states.ts) `freshness` reads the cart again when
 * the tab comes back and `notice` shows the snackbar for 4 s.
 *
 * Each step is its own machine, invoked while the step is open (invoke id = actor name: chooseAddress, chooseSpeed,
 * choosePayment, verifyFace, reviewOrder; the views find them in the snapshot's children): the address, speed and face
 * steps end with their output (the speed step's may say the chosen address is gone: the address step opens again),
 * the card step reports 'card.continue', the summary ends placed or declined (or says the chosen card is gone: the
 * card step opens again; or the chosen address: the address step opens again). Steps
 * report snackbar texts with 'notice.show'; the speed step reports its choice as it changes ('speed.changed'), the
 * summary its tip and gift ('summary.choices'), both kept across a reload; the summary keeps the tabs steady while an
 * order is on its way ('order.started' / 'order.ended').
 *
 * Gating and the face step: see checkoutSetup's guards (flagsOnEntering, isFaceRequired, isIdentityMissing).
 *
 * Navigation belongs to the page: goToStep, goToPaymentFail, goToCart and goBack are provided by it.
 */
export const checkoutMachine = checkoutSetup.createMachine({
  description:
    "The checkout tabs after the shopper presses CHECKOUT on the cart (cart-checkout-account.md, Checkout tabs and Checkout gating). The shopper walks the steps in order: shipping address, delivery speed, payment, a face check when the cart holds an age-restricted drink, and the order summary with PLACE ORDER. A tab can only be opened once the shopper has reached it with continue; pick-up, dine-in and wallet carts start at the payment step. Alongside, a snackbar shows each step's success or failure text for 4 seconds.",
  id: 'checkout',
  context: ({ input }) => ({
    session: input.session,
    now: input.now ?? (() => new Date()),
    cartId: input.session.getSnapshot().context.cart_id ?? '',
    cartLines: [],
    payOnDeliveryOpenOrders: 0,
    identityGap: undefined,
    step: 'address',
    flags: noTabs,
    flow: flowFromSession(input.session.getSnapshot().context),
    orderId: undefined,
    awaitsEmailConfirmation: false,
    awaitsBankPayment: false,
    keptBackCapped: undefined,
    notice: undefined,
    kept: input.kept,
  }),
  type: 'parallel',
  on: {
    // Spec "Checkout tabs": on mobile the title bar's back arrow returns to /cart from the summary; elsewhere it is the
    // browser's back. The page provides both navigations.
    'checkout.back': [
      { description: 'The shopper taps the back arrow on the summary: the cart opens.', guard: 'isOnSummary', actions: 'goToCart' },
      { description: 'The shopper taps the back arrow on any other step: the page they came from opens.', actions: 'goBack' },
    ],
  },
  states: {
    flow: {
      description: 'The checkout steps, one open at a time.',
      initial: 'starting',
      invoke: { id: 'watchSession', src: 'watchSession', input: ({ context }) => ({ session: context.session }) },
      on: {
        'session.leftBehind': [
          {
            description:
              "The session ended (a logout in another tab, the server's 401): nothing of the customer's stays on screen; the cart opens, where the notice offers sign-in.",
            guard: 'isEndedUnderIt',
            target: '.leftBehind',
          },
          {
            description:
              'The delivery option or pincode changed in another tab: first, was the cart ordered there (placing an order resets the option)?',
            guard: 'isOptionChangedUnderIt',
            target: '.optionChanged',
          },
        ],
        // Sent only by the payment step's new-card form.
        'card.address.gone': {
          description: 'A new card found the shipping address deleted (another tab): back to the addresses, without it, with a snackbar.',
          target: '.address',
          actions: [
            { type: 'assignSelectedAddress', params: { address: undefined } },
            { type: 'showNotice', params: ({ event }) => ({ message: event.message }) },
          ],
        },
        'tab.select': [
          { description: 'The shopper opens the address tab, which they have already reached.', guard: 'isAddressTab', target: '.address' },
          { description: 'The shopper opens the delivery speed tab, which they have already reached.', guard: 'isSpeedTab', target: '.speed' },
          { description: 'The shopper opens the payment tab, which they have already reached.', guard: 'isCardTab', target: '.card' },
          { description: 'The shopper opens the face check tab, which they have already reached.', guard: 'isFaceTab', target: '.face' },
          { description: 'The shopper opens the summary tab, which they have already reached.', guard: 'isSummaryTab', target: '.checkout' },
          // Refused: the step stays and the URL goes back to it.
          {
            description: 'A tab not reached yet (or a typed URL): the shopper stays on the current step and the address bar goes back to it.',
            actions: 'goToStep',
          },
        ],
      },
      states: {
        // The cart's lines first (a drink needs the face step); pickup and dine-in carts need no address (spec
        // "Checkout gating"). Unreadable, the cart counts as holding no drink: place order still refuses one
        // without a fresh face pass, so the server keeps the rule either way.
        starting: {
          description: "Reading the cart's lines to know whether it holds an age-restricted drink and which step to open first.",
          invoke: {
            id: 'loadCart',
            src: 'loadCart',
            input: ({ context }) => ({ cartId: context.cartId }),
            onDone: [
              {
                description: 'The cart was ordered in another tab or window: back to the cart, which says so and opens the cart of now.',
                guard: { type: 'isOrderedCart', params: ({ event }) => ({ reply: event.output }) },
                target: 'cartOrdered',
              },
              {
                description: 'A drink in the cart of a guest or an unverified customer: they must create an account or verify first.',
                guard: { type: 'isIdentityMissing', params: ({ event }) => ({ reply: event.output }) },
                target: 'identityNeeded',
                actions: [
                  { type: 'assignCartLines', params: ({ event }) => ({ reply: event.output }) },
                  { type: 'assignIdentityGap', params: ({ event }) => ({ reply: event.output }) },
                ],
              },
              ...resumed('checkout', 'A reload on the summary (same tab): it opens again with the choices kept, tip and gift included.'),
              ...resumed('face', 'A reload on the face step (same tab): it opens again with the payment kept.'),
              ...resumed('card', 'A reload on the payment step (same tab): it opens again with the address and speed kept.'),
              ...resumed('speed', 'A reload on the speed step (same tab): it opens again for the address kept, the speed kept preselected.'),
              {
                description: 'A pick-up, dine-in or wallet cart needs no address: straight to payment.',
                guard: 'isCardFirst',
                target: 'card',
                actions: [{ type: 'assignCartLines', params: ({ event }) => ({ reply: event.output }) }, 'restoreKept'],
              },
              {
                description: 'A delivery cart starts with the shipping address (the one kept before a reload chosen).',
                target: 'address',
                actions: [{ type: 'assignCartLines', params: ({ event }) => ({ reply: event.output }) }, 'restoreKept'],
              },
            ],
            onError: [
              {
                description: 'The cart could not be read: pick-up, dine-in and wallet carts still start at payment.',
                guard: 'isCardFirst',
                target: 'card',
              },
              { description: 'The cart could not be read: a delivery cart starts with the shipping address.', target: 'address' },
            ],
          },
        },
        // A drink in the cart of a guest or an unverified customer: a prompt to create an account or verify on /kyc
        // (identityGap) instead of the steps. Every tab is closed, so a tab or a typed URL only puts the URL back.
        identityNeeded: {
          description: 'A drink in the cart and a guest or unverified shopper: asked to create an account or verify on /kyc.',
        },
        address: {
          description: 'The shopper is choosing or adding the shipping address (Select a Shipping Address).',
          entry: [{ type: 'assignStep', params: { step: 'address' } }, 'goToStep'],
          invoke: {
            id: 'chooseAddress',
            src: 'chooseAddress',
            input: ({ context }) => ({ session: context.session, chosenAddressId: context.flow.selectedAddress?.id }),
            onDone: {
              description: 'The shopper chose a delivery address: on to the delivery speed.',
              target: 'speed',
              actions: { type: 'assignSelectedAddress', params: ({ event }) => ({ address: event.output.address }) },
            },
          },
        },
        speed: {
          description: 'The shopper is choosing the delivery speed, retailer, date and time (Choose Delivery Slots).',
          entry: [{ type: 'assignStep', params: { step: 'speed' } }, 'goToStep'],
          invoke: {
            id: 'chooseSpeed',
            src: 'chooseSpeed',
            input: ({ context }) => speedStepInput(context),
            onDone: [
              {
                description: 'The cart was ordered in another tab or window: back to the cart, which says so and opens the cart of now.',
                guard: { type: 'isStepOnOrderedCart', params: ({ event }) => ({ output: event.output }) },
                target: 'cartOrdered',
              },
              {
                description: 'The chosen address was deleted (another tab): back to the addresses, without it, with a snackbar.',
                guard: { type: 'isAddressGone', params: ({ event }) => ({ message: event.output.addressGone }) },
                target: 'address',
                actions: [
                  { type: 'assignSelectedAddress', params: { address: undefined } },
                  { type: 'showNotice', params: ({ event }) => ({ message: event.output.addressGone ?? '' }) },
                ],
              },
              {
                description: 'The shopper chose a delivery speed: on to payment.',
                target: 'card',
                actions: { type: 'assignSpeed', params: ({ event }) => ({ speed: event.output.speed }) },
              },
            ],
          },
          on: {
            'speed.changed': {
              description: 'The shopper changed the speed, shop or date on the tab: held before CONTINUE, so a reload opens the tab with it.',
              actions: { type: 'assignSpeedShown', params: ({ event }) => ({ speed: event.speed }) },
            },
          },
        },
        card: {
          description: 'The shopper is choosing how to pay: a saved card, a new card, UPI or payment on delivery.',
          entry: [{ type: 'assignStep', params: { step: 'card' } }, 'goToStep'],
          invoke: {
            id: 'choosePayment',
            src: 'choosePayment',
            input: ({ context }) => ({
              cartId: context.cartId,
              shippingAddress: shippingAddressForCard(context.flow.selectedAddress),
              // Place order refuses pay on delivery for a Dine-In table, past its unit limit and past the shopper's open
              // unpaid orders: the payment tab says so first.
              payOnDeliveryRefusal: payOnDeliveryRefusal(
                context.cartLines.reduce((units, line) => units + line.qty, 0),
                handOverOf(context.flow.selectedSpeedID),
                context.payOnDeliveryOpenOrders,
              ),
              handOver: handOverOf(context.flow.selectedSpeedID),
              // Place order refuses a bank debit for an order due before it clears: the bank list says so first.
              bankRefusal: bankDebitRefusal(bankDueDays(context.flow), storeToday(context.now()), handOverOf(context.flow.selectedSpeedID)),
            }),
          },
          on: {
            'card.continue': [
              {
                description: 'A payment is chosen and the cart holds a drink without a fresh face check: the face step comes next.',
                guard: 'isFaceRequired',
                target: 'face',
                actions: { type: 'assignPayment', params: ({ event }) => ({ choice: event.choice }) },
              },
              {
                description: 'A payment is chosen: on to the order summary.',
                target: 'checkout',
                actions: { type: 'assignPayment', params: ({ event }) => ({ choice: event.choice }) },
              },
            ],
            // Nothing to charge: no card is chosen and none is sent (the server checks the cart is all wallet).
            'payment.skip': [
              {
                description: 'A wallet-only cart costs nothing: no card is needed, but a drink still needs the face check first.',
                guard: and(['isNothingToPay', 'isFaceRequired']),
                target: 'face',
                actions: { type: 'assignPayment', params: { choice: { payment_mode: 2 } } },
              },
              {
                description: 'A wallet-only cart costs nothing: straight to the summary without a card.',
                guard: 'isNothingToPay',
                target: 'checkout',
                actions: { type: 'assignPayment', params: { choice: { payment_mode: 2 } } },
              },
            ],
          },
        },
        // 'Verify Yourself Before Placing An Order': only for a cart with a drink (isFaceRequired).
        face: {
          description: 'A webcam selfie proves the verified customer orders the drink (Verify Yourself Before Placing An Order).',
          entry: [{ type: 'assignStep', params: { step: 'face' } }, 'goToStep'],
          invoke: {
            id: 'verifyFace',
            src: 'verifyFace',
            input: ({ context }) => ({ session: context.session, now: context.now }),
            onDone: {
              description: 'The face matched: a snackbar gives the match and the order summary opens.',
              target: 'checkout',
              actions: { type: 'showNotice', params: ({ event }) => ({ message: faceCheckSuccessMessage(event.output.faceMatchPercent) }) },
            },
          },
        },
        checkout: {
          description: 'The order summary: items, totals, coupon, driver tip, gift message, and PLACE ORDER.',
          entry: [{ type: 'assignStep', params: { step: 'checkout' } }, 'goToStep'],
          invoke: {
            id: 'reviewOrder',
            src: 'reviewOrder',
            input: ({ context }) => ({ cartId: context.cartId, flow: context.flow }),
            onDone: [
              {
                description: 'The cart was ordered in another tab or window: back to the cart, which says so and opens the cart of now.',
                guard: { type: 'isStepOnOrderedCart', params: ({ event }) => ({ output: event.output }) },
                target: 'cartOrdered',
              },
              {
                description: 'The chosen saved card was removed (another tab): back to the payment step, without it, with a snackbar.',
                guard: { type: 'isCardGone', params: ({ event }) => ({ message: event.output.cardGone }) },
                target: 'card',
                actions: ['forgetPayment', { type: 'showNotice', params: ({ event }) => ({ message: event.output.cardGone ?? '' }) }],
              },
              {
                description: 'The delivery address was deleted (another tab), found at pricing or placing: back to the addresses.',
                guard: { type: 'isAddressGone', params: ({ event }) => ({ message: event.output.addressGone }) },
                target: 'address',
                actions: [
                  { type: 'assignSelectedAddress', params: { address: undefined } },
                  { type: 'showNotice', params: ({ event }) => ({ message: event.output.addressGone ?? '' }) },
                ],
              },
              {
                description: "The order was placed: 'Order Placed.'; the shopper goes on with the cart its answer names (kept lines).",
                guard: { type: 'isPlaced', params: ({ event }) => ({ outcome: event.output.outcome }) },
                target: 'placed',
                actions: [
                  { type: 'assignOrderId', params: ({ event }) => ({ outcome: event.output.outcome }) },
                  'clearGift',
                  'forgetOrderedCart',
                  { type: 'recordNextCart', params: ({ event }) => ({ outcome: event.output.outcome }) },
                ],
              },
              {
                description: 'The card was declined: the shopper sees why and goes to the Payment failed page.',
                guard: { type: 'isDeclined', params: ({ event }) => ({ outcome: event.output.outcome }) },
                target: 'paymentFailed',
                actions: [
                  { type: 'assignOrderId', params: ({ event }) => ({ outcome: event.output.outcome }) },
                  {
                    type: 'showNotice',
                    params: ({ event }) => ({ message: event.output.outcome?.kind === 'declined' ? event.output.outcome.message : '' }),
                  },
                  { type: 'goToPaymentFail', params: ({ event }) => ({ orderId: event.output.outcome?.orderId ?? '' }) },
                ],
              },
            ],
          },
          on: {
            'summary.choices': {
              description: 'The shopper changed the gift option or message: kept for when they come back to the summary.',
              actions: { type: 'assignSummaryChoices', params: ({ event }) => ({ choices: event.choices }) },
            },
            'cart.count': {
              description: "The summary's pricing counted the cart's lines: the header's badge says what the order would hold.",
              actions: { type: 'recordCartCount', params: ({ event }) => ({ count: event.count }) },
            },
            // Place order refused for want of a fresh face pass: the face step again, for a new selfie.
            'face.required': { description: 'Place order refused for want of a fresh face check: the shopper takes a new selfie.', target: 'face' },
          },
          initial: 'open',
          states: {
            open: {
              description: 'The summary is open and the shopper may still change tabs.',
              on: {
                'order.started': {
                  description: 'The shopper placed the order: the tabs are locked while it is sent, and the face check is used up.',
                  target: 'ordering',
                  actions: 'forgetFacePass',
                },
              },
            },
            // PLACE ORDER, the bank's check or confirm is under way: a tab (or a typed URL) is ignored.
            ordering: {
              description: "The order is on its way (placing it, the bank's 3-D Secure check or the confirmation): the tabs stay put until it ends.",
              on: {
                'order.ended': { description: 'The order was refused: the tabs open again.', target: 'open' },
                'tab.select': { description: 'The shopper taps an earlier tab while the order is sent.', actions: 'goToStep' },
              },
            },
          },
        },
        // 'Order Placed.': the cart is closed; the tabs are done.
        placed: {
          description: 'Order Placed: the shopper sees the order number; the cart is closed and the tabs are done.',
          on: { 'tab.select': { description: 'The shopper taps a tab after the order was placed.', actions: 'goToStep' } },
        },
        paymentFailed: {
          description: 'The card was declined: the shopper is sent to the Payment failed page with the order number.',
          on: { 'tab.select': { description: 'The shopper taps a tab after the payment failed.', actions: 'goToStep' } },
        },
        // Never a checkout of a cart already ordered: the cart page names it and opens the shopper's cart of now.
        cartOrdered: {
          description: 'The cart was ordered in another tab or window: back to the cart, which says so and shows the current one.',
          entry: 'goToCart',
        },
        // Decision 086 left: a Pick-Up placed in another tab resets the stored option as it orders the cart, and this tab
        // heard the option first: the cart is read before the option's change is said, so an ordered cart is said as such.
        optionChanged: optionChangedState,
        // Walk 6 #4: never an order under a former option, nor a former customer's card and address on screen.
        leftBehind: {
          description: 'The delivery option, pincode or session changed elsewhere: back to the cart, which shows the cart of now.',
          entry: 'goToCart',
        },
      },
    },
    freshness: freshnessRegion,
    notice: noticeRegion,
  },
});

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
