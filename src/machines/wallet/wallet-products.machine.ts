import { dineinTimeOf } from '../../rules/visit-time.ts';
import { courierTypeFor, shippingFlagsFor } from '../../rules/dine-in.ts';
import { assign, fromPromise, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import type {
  WalletAddToCartBody,
  WalletAddToCartResult,
  WalletProduct,
  WalletProductsReply,
  WalletRetailer,
  WalletVendorsReply,
} from '../../api/contract/wallet.contract.ts';
import type { Sent } from '../../api/http.ts';
import { walletAddToCart, walletProducts, walletVendors } from '../../api/wallet.api.ts';
import { storeToday } from '../../rules/delivery-dates.ts';
import { isVisitDateAllowed, type WalletSortKey } from '../../rules/wallet.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import type { SessionValues } from '../app/session-values.ts';
import { walletTimesShown, type WalletVisit } from './wallet-retailers.machine.ts';

export interface WalletProductsInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The retailer selection's navigation state; absent when the page is opened directly. */
  visit: WalletVisit | undefined;
  /** The clock the date and time choices follow (tests pin it). */
  now?: () => Date;
}

export interface WalletFilters {
  sort: WalletSortKey;
  retailerId: number;
}

export interface WalletProductsContext extends WalletFilters {
  session: ActorRefFrom<typeof sessionMachine>;
  visit: WalletVisit | undefined;
  now: () => Date;
  /** The store's today ('YYYY-MM-DD') when the page opened: the visit is today or later. */
  today: string;
  retailers: WalletRetailer[];
  products: WalletProduct[];
  date: string;
  time: string;
  /** The mobile filter panel's choices until Apply (Cancel drops them). */
  draft: WalletFilters;
  /** The size ADD TO CART asked for. */
  pending: { productId: number; sizeId: number } | undefined;
  loadError: string | undefined;
}

export type WalletProductsEvent =
  | { type: 'products.retry' }
  | { type: 'sort.select'; sort: WalletSortKey }
  | { type: 'retailer.select'; locationId: number }
  | { type: 'date.change'; date: string }
  | { type: 'time.change'; time: string }
  | { type: 'filters.open' }
  | { type: 'filters.sort.select'; sort: WalletSortKey }
  | { type: 'filters.retailer.select'; locationId: number }
  | { type: 'filters.apply' }
  | { type: 'filters.cancel' }
  | { type: 'cart.add'; productId: number; sizeId: number };

export const walletProductsMessages = { loadFailed: 'Your wallet could not be loaded.' } as const;

function vendorOf(context: Pick<WalletProductsContext, 'retailers' | 'retailerId'>): number | undefined {
  return context.retailers.find((r) => r.location_id === context.retailerId)?.vendor_id;
}

/**
 * What a wallet ADD TO CART sets of the Delivery Options choice (walk 5): a cart that held nothing is now a Dine-In
 * visit at this restaurant, as Delivery Options' Dine-In would set it, so the header says so and what is added next is
 * its Dine-In menu (Change goes back to Delivery). A cart that held lines keeps its choice: its delivered lines still
 * need their speeds. Either way the visit is the wallet's (the server's cart keeps it too).
 */
function visitModeAfterRedeeming(context: WalletProductsContext): Partial<SessionValues> {
  const stored = context.session.getSnapshot().context;
  const visit = { dineinTime: dineinTimeOf(context.date, context.time) };
  if (stored.cart_id !== undefined && (stored.total_products_in_cart ?? 0) > 0) return visit;
  return {
    ...visit,
    ...shippingFlagsFor('dine-in'),
    couriertype: courierTypeFor('dine-in'),
    retailer: context.retailerId,
    retailer_name: context.retailers.find((r) => r.location_id === context.retailerId)?.vendor_name,
    vendor_location_id: context.retailerId,
    deliveryDate: undefined,
    deliverySlot: undefined,
  };
}

/** A new restaurant or date (or the restaurants' hours arriving) keeps the visit's time only while it is offered. */
function keptTime(context: WalletProductsContext, change: Partial<Pick<WalletProductsContext, 'retailers' | 'retailerId' | 'date'>>): string {
  return walletTimesShown({ ...context, ...change }).includes(context.time) ? context.time : '';
}

function sizeOf(context: WalletProductsContext, productId: number, sizeId: number) {
  return context.products.find((p) => p.prod_id === productId)?.child.find((c) => c.id === sizeId);
}

/**
 * /wallet/product/{retailerId} (spec "Wallet product list"): the restaurants that redeem the chosen part of the
 * wallet (the retailer filter) and what the chosen one redeems, sorted by name or price, with the visit's date and
 * time (the restaurant's dine-in tables, walletVisitTimes: the times place order accepts; a time the restaurant does
 * not offer is dropped). On a phone the sort and retailer sit in a filter panel whose choices count only on Apply.
 * ADD TO CART, once the visit has an offered time, redeems one of a size: success records walletOrder and the cart in the session and goes to the cart; a failure is
 * only logged (spec).
 */
export const walletProductsMachine = setup({
  types: {
    context: {} as WalletProductsContext,
    input: {} as WalletProductsInput,
    events: {} as WalletProductsEvent,
  },
  actors: {
    loadRetailers: fromPromise<WalletVendorsReply, WalletVisit>(({ input }) =>
      walletVendors({ customer_id: input.customerId, state: input.state, price_category: input.category }),
    ),
    loadProducts: fromPromise<WalletProductsReply, { vendorId: number; customerId: number }>(({ input }) =>
      walletProducts(input.vendorId, input.customerId),
    ),
    redeem: fromPromise<WalletAddToCartResult, Sent<WalletAddToCartBody>>(({ input }) => walletAddToCart(input)),
  },
  guards: {
    hasVisit: ({ context }) => context.visit !== undefined,
    isLoaded: (_, params: { reply: { code: number } }) => params.reply.code === 1,
    hasRetailer: ({ context }) => vendorOf(context) !== undefined,
    isListedRetailer: ({ context }, params: { locationId: number }) => context.retailers.some((r) => r.location_id === params.locationId),
    isOtherRetailer: ({ context }) => context.draft.retailerId !== context.retailerId,
    // A size of the list, on a visit at a time the restaurant offers (place order refuses any other).
    isRedeemableSize: ({ context }, params: { productId: number; sizeId: number }) =>
      sizeOf(context, params.productId, params.sizeId) !== undefined && walletTimesShown(context).includes(context.time),
    isOfferedTime: ({ context }, params: { time: string }) => walletTimesShown(context).includes(params.time),
    isAdded: (_, params: { result: WalletAddToCartResult }) => params.result.code === 1 && params.result.cart_id !== undefined,
  },
  actions: {
    assignRetailers: assign(({ context }, params: { reply: WalletVendorsReply }) => {
      const retailers = params.reply.data ?? [];
      return { retailers, time: keptTime(context, { retailers }), loadError: undefined };
    }),
    assignProducts: assign((_, params: { reply: WalletProductsReply }) => ({ products: params.reply.data ?? [], loadError: undefined })),
    assignLoadError: assign((_, params: { message: string | undefined }) => ({ loadError: params.message ?? walletProductsMessages.loadFailed })),
    assignPending: assign((_, params: { productId: number; sizeId: number }) => ({ pending: params })),
    assignSort: assign((_, params: { sort: WalletSortKey }) => ({ sort: params.sort })),
    assignRetailer: assign(({ context }, params: { locationId: number }) => ({
      retailerId: params.locationId,
      time: keptTime(context, { retailerId: params.locationId }),
      products: [],
    })),
    assignDate: assign(({ context }, params: { date: string }) =>
      isVisitDateAllowed(params.date, context.today) ? { date: params.date, time: keptTime(context, { date: params.date }) } : {},
    ),
    assignTime: assign((_, params: { time: string }) => ({ time: params.time })),
    assignDraft: assign(({ context }) => ({ draft: { sort: context.sort, retailerId: context.retailerId } })),
    assignDraftSort: assign(({ context }, params: { sort: WalletSortKey }) => ({ draft: { ...context.draft, sort: params.sort } })),
    assignDraftRetailer: assign(({ context }, params: { locationId: number }) => ({ draft: { ...context.draft, retailerId: params.locationId } })),
    applyDraft: assign(({ context }) => ({
      sort: context.draft.sort,
      retailerId: context.draft.retailerId,
      time: keptTime(context, { retailerId: context.draft.retailerId }),
      products: context.draft.retailerId === context.retailerId ? context.products : [],
    })),
    recordWalletCart: sendTo(
      ({ context }) => context.session,
      ({ context }, params: { result: WalletAddToCartResult }) => ({
        type: 'session.update' as const,
        values: {
          walletOrder: true,
          cart_id: params.result.cart_id,
          total_products_in_cart: params.result.total_products_in_cart ?? 0,
          ...visitModeAfterRedeeming(context),
        },
      }),
    ),
    logRedeemFailure: (_, params: { reason: unknown }) => {
      console.error('wallet add to cart failed', params.reason);
    },
    // Provided by the page.
    goToCart: () => undefined,
  },
}).createMachine({
  description:
    "The wallet product list at /wallet/product/{retailerId} (storefront.md, Wallet product list and States and transitions, 'Wallet add to cart'; cart-checkout-account.md, Wallet). It shows what the chosen partner restaurant redeems from the customer's wallet, each size with 'Available in Wallet' and 'Redeemable Here', sorted by name or price, with a retailer filter and the visit's date and time (on a phone in a filter panel with Apply and Cancel). ADD TO CART puts one of a size in the cart at no charge, marks the cart as a wallet order and goes to /cart; a failure is only logged.",
  id: 'walletProducts',
  context: ({ input }) => {
    const filters: WalletFilters = { sort: 'name_asc', retailerId: input.visit?.retailerId ?? 0 };
    const now = input.now ?? (() => new Date());
    const today = storeToday(now());
    return {
      session: input.session,
      visit: input.visit,
      now,
      today,
      ...filters,
      draft: filters,
      pending: undefined,
      retailers: [],
      products: [],
      date: input.visit?.date ?? today,
      time: input.visit?.time ?? '',
      loadError: undefined,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Checking the page was opened with a chosen restaurant and visit.',
      always: [
        { description: 'A restaurant and visit were chosen: the restaurants are loaded.', guard: 'hasVisit', target: 'loadingRetailers' },
        { description: 'Opened directly: nothing to redeem.', target: 'noVisit' },
      ],
    },
    /** Opened without choosing a restaurant: the page points back to the Dine-In panel. */
    noVisit: { description: 'Opened without choosing a restaurant: the page points back to the Dine-In panel of My Orders.', type: 'final' },
    loadingRetailers: {
      description: 'Loading the partner restaurants that redeem the chosen wallet rows (the retailer filter).',
      invoke: {
        id: 'loadRetailers',
        src: 'loadRetailers',
        input: ({ context }) => context.visit ?? { customerId: 0, state: '', category: 0, retailerId: 0, date: '', time: '' },
        onDone: [
          {
            description: "Code 1: the restaurants; now the chosen one's products.",
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'loadingProducts',
            actions: { type: 'assignRetailers', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: "Refused: the server's message (or 'Your wallet could not be loaded.').",
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message }) },
          },
        ],
        onError: {
          description: 'The shops could not be loaded: the reason is shown with a way to try again.',
          target: 'failed',
          actions: { type: 'assignLoadError', params: { message: undefined } },
        },
      },
    },
    loadingProducts: {
      description: "Loading what the chosen restaurant redeems from the customer's wallet.",
      always: {
        description: "The chosen restaurant is not among those that redeem this wallet: 'Your wallet could not be loaded.'",
        guard: not('hasRetailer'),
        target: 'failed',
        actions: { type: 'assignLoadError', params: { message: undefined } },
      },
      invoke: {
        id: 'loadProducts',
        src: 'loadProducts',
        input: ({ context }) => ({ vendorId: vendorOf(context) ?? 0, customerId: context.visit?.customerId ?? 0 }),
        onDone: [
          {
            description: "Code 1: the restaurant's redeemable products.",
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'ready',
            actions: { type: 'assignProducts', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: "Refused: the server's message (or 'Your wallet could not be loaded.').",
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message }) },
          },
        ],
        onError: {
          description: 'The products could not be loaded: the reason is shown with a way to try again.',
          target: 'failed',
          actions: { type: 'assignLoadError', params: { message: undefined } },
        },
      },
    },
    failed: {
      description: "'Your wallet could not be loaded.' (or the server's reason): the customer may try again.",
      on: { 'products.retry': { description: 'The shopper tries again: shops and products are loaded again.', target: 'loadingRetailers' } },
    },
    ready: {
      description: 'The products are shown; the customer sorts, changes restaurant, date or time, and may press ADD TO CART on a size.',
      on: {
        'sort.select': {
          description: 'The shopper sorts the products.',
          actions: { type: 'assignSort', params: ({ event }) => ({ sort: event.sort }) },
        },
        'retailer.select': {
          description: 'The shopper picks a shop: its products are loaded.',
          guard: { type: 'isListedRetailer', params: ({ event }) => ({ locationId: event.locationId }) },
          target: 'loadingProducts',
          actions: { type: 'assignRetailer', params: ({ event }) => ({ locationId: event.locationId }) },
        },
        'date.change': {
          description: 'The shopper picks the date to redeem on.',
          actions: { type: 'assignDate', params: ({ event }) => ({ date: event.date }) },
        },
        'time.change': {
          description: 'The shopper picks a time offered on that date.',
          guard: { type: 'isOfferedTime', params: ({ event }) => ({ time: event.time }) },
          actions: { type: 'assignTime', params: ({ event }) => ({ time: event.time }) },
        },
        'filters.open': { description: 'The shopper opens the filters (on a narrow screen).', target: 'filtering', actions: 'assignDraft' },
        'cart.add': {
          description: 'ADD TO CART on a size, with a time the restaurant offers: one is redeemed.',
          guard: { type: 'isRedeemableSize', params: ({ event }) => ({ productId: event.productId, sizeId: event.sizeId }) },
          target: 'adding',
          actions: { type: 'assignPending', params: ({ event }) => ({ productId: event.productId, sizeId: event.sizeId }) },
        },
      },
    },
    /** The mobile filter panel: Apply makes its choices count, Cancel drops them. */
    filtering: {
      description: "The phone's filter panel is open: sort and restaurant count only on Apply, Cancel drops them.",
      on: {
        'filters.sort.select': {
          description: 'The shopper picks a sort in the filters: applied when they are closed with Apply.',
          actions: { type: 'assignDraftSort', params: ({ event }) => ({ sort: event.sort }) },
        },
        'filters.retailer.select': {
          description: 'The shopper picks a shop in the filters: applied when they are closed with Apply.',
          guard: { type: 'isListedRetailer', params: ({ event }) => ({ locationId: event.locationId }) },
          actions: { type: 'assignDraftRetailer', params: ({ event }) => ({ locationId: event.locationId }) },
        },
        'filters.apply': [
          {
            description: 'Apply with another restaurant: its products are loaded.',
            guard: 'isOtherRetailer',
            target: 'loadingProducts',
            actions: 'applyDraft',
          },
          { description: 'Apply with the same restaurant: only the sort changes.', target: 'ready', actions: 'applyDraft' },
        ],
        'filters.cancel': { description: 'The shopper closes the filters without applying them.', target: 'ready' },
      },
    },
    adding: {
      description: 'Putting one of the chosen size in the cart as a wallet redemption.',
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => {
          const stored = context.session.getSnapshot().context;
          const size = sizeOf(context, context.pending?.productId ?? 0, context.pending?.sizeId ?? 0);
          return {
            cart_id: stored.cart_id,
            zipcode: stored.zipcode ?? '',
            product_id: size?.id ?? 0,
            qty: '1' as const,
            size: size?.bottle_size ?? 0,
            vendor_loc_id: context.retailerId,
            pastorderid: size?.pastorderid ?? '',
            // The visit goes to the server with the line: the cart keeps it for any browser (walk 5 #1).
            dinein_time: dineinTimeOf(context.date, context.time),
            wallet: 1 as const,
          };
        },
        onDone: [
          {
            description: "Code 1: the cart is stored as a wallet order with the visit's time, and the customer goes to /cart.",
            guard: { type: 'isAdded', params: ({ event }) => ({ result: event.output }) },
            target: 'sentToCart',
            actions: { type: 'recordWalletCart', params: ({ event }) => ({ result: event.output }) },
          },
          {
            description: 'Refused: only logged (as the spec says); the list stays.',
            target: 'ready',
            actions: { type: 'logRedeemFailure', params: ({ event }) => ({ reason: event.output.message }) },
          },
        ],
        onError: {
          description: 'The product could not be redeemed (offline, server error): the list stays as it was.',
          target: 'ready',
          actions: { type: 'logRedeemFailure', params: ({ event }) => ({ reason: event.error }) },
        },
      },
    },
    sentToCart: {
      description: "The redemption is in the cart (a wallet order, at the visit's date and time): on to /cart.",
      type: 'final',
      entry: 'goToCart',
    },
  },
});
