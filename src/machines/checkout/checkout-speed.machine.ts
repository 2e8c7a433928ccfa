import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { shippingOptions, shippingOptionsBody } from '../../api/checkout.api.ts';
import { orderedCartField } from '../../api/contract/checkout.contract.ts';
import { deliveryAddressField, type ShippingBody, type ShippingReply, type SpeedOption } from '../../api/contract/shipping.contract.ts';
import type { Sent } from '../../api/http.ts';
import { defaultSpeedId, type SpeedId } from '../../rules/delivery-speeds.ts';
import type { CheckoutReport, SpeedFlow } from './checkout-flow.types.ts';
import { failureText, goneRecordText } from './checkout-errors.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import { deliveryPreferenceOf } from '../app/session-choices.ts';
import { deliveryGroupMachine, type DeliveryGroupReport } from '../cart/delivery-group.machine.ts';
import { isVisitSpeed } from '../../rules/speeds.ts';
import { deliveryDaysOf } from '../../rules/bank-account.ts';
import type { DeliveryGroup } from '../../api/contract/cart-page.contract.ts';

export interface CheckoutSpeedInput {
  session: ActorRefFrom<typeof sessionMachine>;
  cartId: string;
  /** The address chosen on the address step (none for pickup and dine-in carts). */
  deliveryAddressId: number | undefined;
  /**
   * The speed the checkout holds: chosen before the shopper came back to this tab, or last shown on it (reported with
   * 'speed.changed'), or kept across a reload.
   */
  chosen?: SpeedFlow | undefined;
}

/** The speed step's current choice (reported to the tabs as it changes; the flow takes it on CONTINUE). */
export interface SpeedChoice {
  speedId: SpeedId;
  retailerId: number | undefined;
  methodId: string | undefined;
}

export interface CheckoutSpeedContext {
  session: ActorRefFrom<typeof sessionMachine>;
  cartId: string;
  deliveryAddressId: number | undefined;
  chosen: SpeedFlow | undefined;
  speeds: SpeedOption[];
  speedChoice: SpeedChoice | undefined;
  speedMessage: string | undefined;
  /**
   * No speed is offered for the cart as it is (the server's reason, walk 6 #3): trying again gives the same answer, so
   * the tab leads back to the cart instead; false for a load that failed.
   */
  speedRefused: boolean;
  /** The cart's seller groups as the server last answered (each one's date and fee): the shipping reply, then each block's save. */
  deliveryGroups: DeliveryGroup[];
  /** One block per seller with a date (and Same Day slot) to choose: the cart page's own delivery-group actors. */
  groups: ActorRefFrom<typeof deliveryGroupMachine>[];
  /** Why a seller's date or slot was not saved. */
  groupMessage: string | undefined;
  /** The server's words when the chosen address is not saved any more: the step ends so another can be chosen. */
  addressGone: string | undefined;
  /** The cart was ordered meanwhile (another tab): the step ends and the checkout goes back to the cart. */
  cartOrdered: boolean;
}

export type CheckoutSpeedEvent =
  | { type: 'speed.choose'; speedId: SpeedId }
  | { type: 'retailer.choose'; retailerId: number }
  | { type: 'method.choose'; methodId: string }
  | { type: 'speed.continue' }
  | { type: 'speed.retry' }
  | DeliveryGroupReport;

/** CONTINUE's result: the cart flow fields the choice fills; or, the address gone, why; or the cart ordered (no speed then). */
export interface CheckoutSpeedOutput {
  speed: SpeedFlow | undefined;
  addressGone?: string | undefined;
  cartOrdered?: true;
}

export const noSpeedMessage = 'No delivery option is available for this cart.';

function speedOf(context: CheckoutSpeedContext, id: number | undefined): SpeedOption | undefined {
  return context.speeds.find((s) => s.id === id);
}

/** A speed's primary retailer and method (spec: the primary retailer is the first, and the primary ship method). */
function primaryChoice(speed: SpeedOption): SpeedChoice {
  const retailer = speed.retailers.find((r) => r.isPrimary) ?? speed.retailers[0];
  const method = speed.ship_methods.find((m) => m.isPrimary) ?? speed.ship_methods[0];
  return { speedId: speed.id, retailerId: retailer?.id, methodId: method?.id };
}

/** '1 Hour Delivery' (id 1) when offered, else the server's primary speed, else the first. */
function defaultSpeed(speeds: readonly SpeedOption[]): SpeedOption | undefined {
  return speeds.find((s) => s.id === defaultSpeedId) ?? speeds.find((s) => s.isPrimary) ?? speeds[0];
}

/**
 * The choice the step opens with: the speed chosen before (back on this tab, or kept across a reload) while it is
 * still offered, with its shop and date where they still are (else the speed's primary ones); otherwise the default.
 */
export function openingChoice(speeds: readonly SpeedOption[], chosen: SpeedFlow | undefined): SpeedChoice | undefined {
  const kept = speeds.find((s) => s.id === chosen?.selectedSpeedID);
  if (!kept || !chosen) {
    const speed = defaultSpeed(speeds);
    return speed ? primaryChoice(speed) : undefined;
  }
  const primary = primaryChoice(kept);
  return {
    speedId: kept.id,
    retailerId: kept.retailers.some((r) => r.id === chosen.selectedRetailerID) ? chosen.selectedRetailerID : primary.retailerId,
    methodId: kept.ship_methods.some((m) => m.id === chosen.selectedShippingMethodID) ? chosen.selectedShippingMethodID : primary.methodId,
  };
}

/** The cart flow fields the choice fills (output of the step); none before a choice. */
export function flowOfSpeed(context: CheckoutSpeedContext): SpeedFlow | undefined {
  const choice = context.speedChoice;
  const speed = speedOf(context, choice?.speedId);
  if (!choice || !speed) return undefined;
  const retailer = speed.retailers.find((r) => r.id === choice.retailerId);
  const method = speed.ship_methods.find((m) => m.id === choice.methodId);
  return {
    selectedSpeedID: speed.id,
    selectedRetailerID: retailer?.id,
    selectedShippingMethodID: method?.id,
    deliveryFee: retailer?.delivery_fee ?? method?.fee ?? speed.delivery_fee,
    shippingAmount: method?.amount ?? '0.00',
    deliveryDate: method?.delivery_date ?? retailer?.pickup_date ?? undefined,
    pickup_date: retailer?.pickup_date ?? method?.pickup_date ?? undefined,
    deliveryDays: deliveryDaysOf(context.deliveryGroups),
  };
}

/**
 * The speed step, 'Choose Delivery Slots' (spec section 4 "Delivery speed"): the cart's speed options are loaded with
 * the speed chosen before preselected (openingChoice), else the primary speed; choosing a speed reselects its primary
 * retailer and method; speeds 2 and 3 let the shopper pick the shop, 10 and 11 the date; each change is reported to
 * the tabs ('speed.changed', kept across a reload); CONTINUE ends the step with the choice.
 */
export const checkoutSpeedMachine = setup({
  types: {
    context: {} as CheckoutSpeedContext,
    input: {} as CheckoutSpeedInput,
    events: {} as CheckoutSpeedEvent,
    output: {} as CheckoutSpeedOutput,
  },
  actors: {
    deliveryGroup: deliveryGroupMachine,
    shippingOptions: fromPromise<ShippingReply, Sent<ShippingBody>>(({ input }) => shippingOptions(input)),
  },
  guards: {
    hasSpeeds: (_, params: { reply: ShippingReply }) => params.reply.code === 1 && (params.reply.data?.speed.length ?? 0) > 0,
    isOfferedSpeed: ({ context, event }) => event.type === 'speed.choose' && speedOf(context, event.speedId) !== undefined,
    // Speeds 2 (Store Pickup) and 3 (Dine-In) let the shopper pick the shop.
    isRetailerChoice: ({ context, event }) => {
      const speed = speedOf(context, context.speedChoice?.speedId);
      return event.type === 'retailer.choose' && (speed?.id === 2 || speed?.id === 3) && speed.retailers.some((r) => r.id === event.retailerId);
    },
    // Speed 10 (and the farm's 11) let the shopper pick the delivery date: one ship method per date.
    isDateChoice: ({ context, event }) => {
      const speed = speedOf(context, context.speedChoice?.speedId);
      return event.type === 'method.choose' && (speed?.id === 10 || speed?.id === 11) && speed.ship_methods.some((m) => m.id === event.methodId);
    },
    hasSpeedChoice: ({ context }) => speedOf(context, context.speedChoice?.speedId) !== undefined,
    isAddressGone: (_, params: { error: unknown }) => goneRecordText(params.error, deliveryAddressField) !== undefined,
    isCartOrdered: (_, params: { error: unknown }) => goneRecordText(params.error, orderedCartField) !== undefined,
  },
  actions: {
    assignSpeeds: assign(({ context }, params: { reply: ShippingReply }) => {
      const speeds = params.reply.data?.speed ?? [];
      return {
        speeds,
        speedChoice: openingChoice(speeds, context.chosen),
        speedMessage: undefined,
        speedRefused: false,
        deliveryGroups: params.reply.data?.delivery_groups ?? [],
      };
    }),
    assignSpeedMessage: assign((_, params: { message: string; refused: boolean }) => ({
      speedMessage: params.message,
      speedRefused: params.refused,
    })),
    assignAddressGone: assign((_, params: { error: unknown }) => ({ addressGone: goneRecordText(params.error, deliveryAddressField) })),
    assignCartOrdered: assign({ cartOrdered: true }),
    // The sellers' date and time blocks (issue 23), as on the cart page: visits and wallet lines have none to choose.
    spawnGroups: assign(({ context, spawn, self }, params: { reply: ShippingReply }) => {
      const calendars = params.reply.data?.calendars ?? [];
      const stored = context.session.getSnapshot().context;
      const zipcode = stored.zipcode ?? '';
      // The Delivery option's date and slot (/ship/options), for the sellers that have no date of their own yet.
      const preferred = deliveryPreferenceOf(stored);
      const groups = (params.reply.data?.delivery_groups ?? [])
        .filter((group) => !group.wallet && !isVisitSpeed(group.type))
        .map((group) =>
          spawn('deliveryGroup', {
            id: `speed-group-${group.vendor_loc_id}`,
            input: {
              owner: self,
              cartId: context.cartId,
              zipcode,
              group,
              calendar: calendars.find((c) => c.vendor_id === group.vendor_id && c.delivery_type === group.type),
              preferred,
            },
          }),
        );
      return { groups };
    }),
    assignGroupMessage: assign(({ event }) => (event.type === 'group.failed' ? { groupMessage: event.message } : { groupMessage: undefined })),
    // A block's save answers with the whole cart: its groups' dates and fees as they are now.
    assignDeliveryGroups: assign(({ context, event }) =>
      event.type === 'group.saved' ? { deliveryGroups: event.reply.data?.delivery_groups ?? context.deliveryGroups } : {},
    ),
    // Choosing a speed reselects its primary retailer and method.
    assignSpeedChoice: assign(({ context, event }) => {
      const speed = event.type === 'speed.choose' ? speedOf(context, event.speedId) : undefined;
      return speed ? { speedChoice: primaryChoice(speed) } : {};
    }),
    assignRetailer: assign(({ context, event }) =>
      event.type === 'retailer.choose' && context.speedChoice ? { speedChoice: { ...context.speedChoice, retailerId: event.retailerId } } : {},
    ),
    assignMethod: assign(({ context, event }) =>
      event.type === 'method.choose' && context.speedChoice ? { speedChoice: { ...context.speedChoice, methodId: event.methodId } } : {},
    ),
    // The tabs keep the choice as it changes (sessionStorage, 081), so a reload before CONTINUE opens with it.
    reportSpeedChoice: sendParent(({ context }): CheckoutReport => ({ type: 'speed.changed', speed: flowOfSpeed(context) })),
  },
}).createMachine({
  description:
    "The delivery speed step of the checkout, 'Choose Delivery Slots' (cart-checkout-account.md, Checkout tabs step 2 and States and transitions, Delivery speed). The cart's speed options are loaded with '1 Hour Delivery' (or the primary speed) preselected, with one date and time block per seller (the cart page's delivery-group actors: its calendar, closed days and slot seats); choosing a speed reselects its primary retailer and ship method; Store Pickup and Dine-In let the shopper pick the shop, Courier and Farm Direct the delivery date; CONTINUE stores the choice and opens the payment step.",
  id: 'checkoutSpeed',
  context: ({ input }) => ({
    session: input.session,
    cartId: input.cartId,
    deliveryAddressId: input.deliveryAddressId,
    chosen: input.chosen,
    speeds: [],
    speedChoice: undefined,
    speedMessage: undefined,
    speedRefused: false,
    deliveryGroups: [],
    groups: [],
    groupMessage: undefined,
    addressGone: undefined,
    cartOrdered: false,
  }),
  initial: 'loading',
  output: ({ context }): CheckoutSpeedOutput => {
    if (context.cartOrdered) return { speed: undefined, cartOrdered: true };
    return context.addressGone === undefined ? { speed: flowOfSpeed(context) } : { speed: undefined, addressGone: context.addressGone };
  },
  states: {
    loading: {
      description: 'Loading the delivery speeds, retailers and dates offered for this cart and address.',
      invoke: {
        id: 'shippingOptions',
        src: 'shippingOptions',
        input: ({ context }) => shippingOptionsBody(context.cartId, context.deliveryAddressId, context.session.getSnapshot().context),
        onDone: [
          {
            description:
              'Speeds are offered: the one chosen before (back on the tab, or kept across a reload) is preselected with its shop and date while still offered; otherwise the default one with its primary retailer and method.',
            guard: { type: 'hasSpeeds', params: ({ event }) => ({ reply: event.output }) },
            target: 'choosing',
            actions: [
              { type: 'assignSpeeds', params: ({ event }) => ({ reply: event.output }) },
              { type: 'spawnGroups', params: ({ event }) => ({ reply: event.output }) },
            ],
          },
          {
            description:
              "No speed offered for this cart: the server's reason (the group that cannot go with the rest), or 'No delivery option is available for this cart.', with the way back to the cart.",
            target: 'failed',
            actions: { type: 'assignSpeedMessage', params: ({ event }) => ({ message: event.output.message ?? noSpeedMessage, refused: true }) },
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
            // Trying again would fail the same way: the shopper must choose another address.
            description:
              'The chosen address is not saved any more (deleted in another tab): the step ends so the checkout goes back to the addresses.',
            guard: { type: 'isAddressGone', params: ({ event }) => ({ error: event.error }) },
            target: 'addressGone',
            actions: { type: 'assignAddressGone', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'The delivery speeds could not be loaded: the reason is shown with a way to try again.',
            target: 'failed',
            actions: { type: 'assignSpeedMessage', params: ({ event }) => ({ message: failureText(event.error), refused: false }) },
          },
        ],
      },
    },
    choosing: {
      description: 'The shopper is choosing the speed, and where offered the retailer or the delivery date, then presses CONTINUE.',
      on: {
        'speed.choose': {
          description: 'The shopper picks one of the delivery speeds offered for the cart.',
          guard: 'isOfferedSpeed',
          actions: ['assignSpeedChoice', 'reportSpeedChoice'],
        },
        'retailer.choose': {
          description: 'The shopper picks the shop that delivers (where more than one can).',
          guard: 'isRetailerChoice',
          actions: ['assignRetailer', 'reportSpeedChoice'],
        },
        'method.choose': {
          description: 'The shopper picks a delivery date or method for the chosen speed.',
          guard: 'isDateChoice',
          actions: ['assignMethod', 'reportSpeedChoice'],
        },
        'speed.continue': { description: 'The shopper continues with the chosen speed.', guard: 'hasSpeedChoice', target: 'chosen' },
        // A seller's date or slot saved (or refused) in its block: the refusal's reason is shown above the blocks.
        'group.saved': {
          description: "A seller's date or slot was saved in its block: any earlier refusal is cleared and its date and fee are known.",
          actions: ['assignGroupMessage', 'assignDeliveryGroups'],
        },
        'group.failed': { description: "A seller's date or slot was refused: the reason shows above the blocks.", actions: 'assignGroupMessage' },
      },
    },
    failed: {
      description:
        'No speed could be offered (the reason is shown with the way back to the cart), or the server could not be reached (the message is shown and the shopper may try again).',
      on: { 'speed.retry': { description: 'The shopper tries again: the speeds are loaded again.', target: 'loading' } },
    },
    /** CONTINUE with an offered speed: the step is done. */
    chosen: { description: 'The shopper pressed CONTINUE with an offered speed: the step is done and the checkout opens payment.', type: 'final' },
    addressGone: {
      description: 'The chosen address was deleted since it was listed: the step is done without a speed and the checkout asks for another address.',
      type: 'final',
    },
    cartOrdered: {
      description: 'The cart was ordered in another tab or window: the step is done without a speed and the checkout goes back to the cart.',
      type: 'final',
    },
  },
});

export type CheckoutSpeedActor = ActorRefFrom<typeof checkoutSpeedMachine>;
