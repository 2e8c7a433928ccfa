import { integer, is, min, object, string } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import type { WalletRetailer, WalletVendorsReply } from '../../api/contract/wallet.contract.ts';
import { ApiError } from '../../api/http.ts';
import { walletVendors } from '../../api/wallet.api.ts';
import { storeToday } from '../../rules/delivery-dates.ts';
import { hasVisitProblems, isPriceCategory, visitProblems, walletVisitTimes, type VisitProblems } from '../../rules/wallet.ts';
import type { WalletRedemptionStart } from './wallet-panel.machine.ts';

export interface WalletRetailersInput {
  /** REDEEM NOW's navigation state; absent when /wallet/shipping is opened directly. */
  start: WalletRedemptionStart | undefined;
  /** The clock the date and time choices follow (tests pin it). */
  now?: () => Date;
}

export interface WalletRetailersContext {
  start: WalletRedemptionStart | undefined;
  now: () => Date;
  /** The store's today ('YYYY-MM-DD') when the page opened: the visit is today or later. */
  today: string;
  retailers: WalletRetailer[];
  retailerId: number | undefined;
  date: string;
  time: string;
  problems: VisitProblems;
  loadError: string | undefined;
}

export type WalletRetailersEvent =
  | { type: 'retailers.retry' }
  | { type: 'retailer.select'; locationId: number }
  | { type: 'date.change'; date: string }
  | { type: 'time.change'; time: string }
  | { type: 'visit.submit' };

/** What CONTINUE hands to /wallet/product/{locationId} (spec: date, time and retailerId), with the wallet's start. */
export interface WalletVisit extends WalletRedemptionStart {
  retailerId: number;
  date: string;
  time: string;
}

const startShape = object({ customerId: min(integer(), 1), state: string(), category: integer() });
const visitShape = object({ ...startShape.schema, retailerId: min(integer(), 1), date: string(), time: string() });

/** REDEEM NOW's navigation state, read back from history (anything else, or nothing, reads as absent). */
export function readRedemptionStart(value: unknown): WalletRedemptionStart | undefined {
  if (!is(value, startShape) || !isPriceCategory(value.category)) return undefined;
  return { customerId: value.customerId, state: value.state, category: value.category };
}

/** CONTINUE's navigation state for /wallet/product/{retailerId}, read back from history. */
export function readWalletVisit(value: unknown): WalletVisit | undefined {
  if (!is(value, visitShape) || !isPriceCategory(value.category)) return undefined;
  return {
    customerId: value.customerId,
    state: value.state,
    category: value.category,
    retailerId: value.retailerId,
    date: value.date,
    time: value.time,
  };
}

function chosenRetailer(context: Pick<WalletRetailersContext, 'retailers' | 'retailerId'>): WalletRetailer | undefined {
  return context.retailers.find((r) => r.location_id === context.retailerId);
}

/** The times the time list offers: the chosen restaurant's dine-in tables on the chosen date (none before both). */
export function walletTimesShown(context: Pick<WalletRetailersContext, 'retailers' | 'retailerId' | 'date' | 'now'>): string[] {
  return context.date ? walletVisitTimes(chosenRetailer(context), context.date, context.now()) : [];
}

/** A new restaurant or date keeps the chosen time only when it is still offered. */
function keptTime(context: WalletRetailersContext, change: Partial<Pick<WalletRetailersContext, 'retailerId' | 'date'>>): string {
  return walletTimesShown({ ...context, ...change }).includes(context.time) ? context.time : '';
}

export const walletRetailersMessages = { loadFailed: 'The restaurants could not be loaded.' } as const;

/**
 * /wallet/shipping, the dine-in retailer selection (spec "Wallet"): the partner restaurants that redeem the wallet's
 * rows of the state and category chosen on the Dine-In panel, then a retailer, a date (today or later) and a time
 * the restaurant seats guests at (walletVisitTimes: the times place order accepts; a new restaurant or date drops a
 * time it no longer offers); CONTINUE goes on with them, or names what is missing.
 */
export const walletRetailersMachine = setup({
  types: {
    context: {} as WalletRetailersContext,
    input: {} as WalletRetailersInput,
    events: {} as WalletRetailersEvent,
  },
  actors: {
    loadRetailers: fromPromise<WalletVendorsReply, WalletRedemptionStart>(({ input }) =>
      walletVendors({ customer_id: input.customerId, state: input.state, price_category: input.category }),
    ),
  },
  guards: {
    hasStart: ({ context }) => context.start !== undefined,
    isLoaded: (_, params: { reply: WalletVendorsReply }) => params.reply.code === 1,
    isListedRetailer: ({ context }, params: { locationId: number }) => context.retailers.some((r) => r.location_id === params.locationId),
    isOfferedTime: ({ context }, params: { time: string }) => walletTimesShown(context).includes(params.time),
    isVisitComplete: ({ context }) => !hasVisitProblems(visitProblems(context, chosenRetailer(context), context.now())),
  },
  actions: {
    assignRetailers: assign((_, params: { reply: WalletVendorsReply }) => {
      const retailers = params.reply.data ?? [];
      // One restaurant: it is the choice.
      return { retailers, retailerId: retailers.length === 1 ? retailers[0]?.location_id : undefined, loadError: undefined };
    }),
    assignLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    assignRetailer: assign(({ context }, params: { locationId: number }) => ({
      retailerId: params.locationId,
      time: keptTime(context, { retailerId: params.locationId }),
      problems: { ...context.problems, retailer: undefined },
    })),
    assignDate: assign(({ context }, params: { date: string }) => ({
      date: params.date,
      time: keptTime(context, { date: params.date }),
      problems: { ...context.problems, dateTime: undefined },
    })),
    assignTime: assign(({ context }, params: { time: string }) => ({ time: params.time, problems: { ...context.problems, dateTime: undefined } })),
    assignProblems: assign(({ context }) => ({ problems: visitProblems(context, chosenRetailer(context), context.now()) })),
    // Provided by the view: navigates to /wallet/product/{retailerId} with the visit as navigation state.
    goToProducts: (_, _params: WalletVisit) => undefined,
  },
}).createMachine({
  description:
    "The dine-in retailer selection at /wallet/shipping, the wallet's way in (storefront.md, Dine-in retailer selection; cart-checkout-account.md, Wallet and Validation rules 'Dine-in wallet selection'). It lists the partner restaurants that redeem the wallet rows of the state and star category chosen on the Dine-In panel; the customer picks a restaurant, a date (today or later) and a time the restaurant seats guests at, and CONTINUE goes to /wallet/product/{restaurant} with them, or names what is missing ('Retailer is required.', 'Dining date and time is required').",
  id: 'walletRetailers',
  context: ({ input }) => {
    const now = input.now ?? (() => new Date());
    const today = storeToday(now());
    return { start: input.start, now, today, retailers: [], retailerId: undefined, date: today, time: '', problems: {}, loadError: undefined };
  },
  initial: 'starting',
  states: {
    starting: {
      description: "Checking the page was opened with REDEEM NOW's state and category.",
      always: [
        { description: "REDEEM NOW's choice is there: the restaurants are loaded.", guard: 'hasStart', target: 'loading' },
        { description: 'Opened directly: nothing to redeem.', target: 'noStart' },
      ],
    },
    /** Opened without REDEEM NOW: the page points back to the Dine-In panel. */
    noStart: { description: 'Opened without REDEEM NOW: the page points back to the Dine-In panel of My Orders.', type: 'final' },
    loading: {
      description: 'Loading the partner restaurants that redeem the chosen wallet rows.',
      invoke: {
        id: 'loadRetailers',
        src: 'loadRetailers',
        input: ({ context }) => context.start ?? { customerId: 0, state: '', category: 0 },
        onDone: [
          {
            description: 'Code 1: the restaurants (a single one is chosen for the customer).',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'choosing',
            actions: { type: 'assignRetailers', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: "Refused: the server's message (or 'The restaurants could not be loaded.').",
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message ?? walletRetailersMessages.loadFailed }) },
          },
        ],
        onError: {
          description: 'The shops could not be loaded: the reason is shown with a way to try again.',
          target: 'failed',
          actions: {
            type: 'assignLoadError',
            params: ({ event }) => ({ message: event.error instanceof ApiError ? event.error.message : walletRetailersMessages.loadFailed }),
          },
        },
      },
    },
    failed: {
      description: "'The restaurants could not be loaded.' (or the server's reason): the customer may try again.",
      on: { 'retailers.retry': { description: 'The shopper tries again: the shops are loaded again.', target: 'loading' } },
    },
    choosing: {
      description: 'The customer picks a restaurant, a date and a time, and presses CONTINUE; missing choices are named.',
      on: {
        'retailer.select': {
          description: 'The shopper picks a shop to redeem at.',
          guard: { type: 'isListedRetailer', params: ({ event }) => ({ locationId: event.locationId }) },
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
        'visit.submit': [
          { description: 'Restaurant, date and time chosen: on to its products.', guard: 'isVisitComplete', target: 'chosen' },
          { description: "Something missing: 'Retailer is required.' or 'Dining date and time is required'.", actions: 'assignProblems' },
        ],
      },
    },
    chosen: {
      description: "The visit is complete: on to the restaurant's wallet products with the date and time.",
      type: 'final',
      entry: {
        type: 'goToProducts',
        params: ({ context }) => ({
          customerId: context.start?.customerId ?? 0,
          state: context.start?.state ?? '',
          category: context.start?.category ?? 0,
          retailerId: context.retailerId ?? 0,
          date: context.date,
          time: context.time,
        }),
      },
    },
  },
});
