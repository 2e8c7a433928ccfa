import { assign, fromPromise, setup } from 'xstate';
import type { WalletVisitBody, WalletVisitReply } from '../../api/contract/wallet.contract.ts';
import type { Sent } from '../../api/http.ts';
import { keepWalletVisit } from '../../api/wallet.api.ts';
import { storeToday } from '../../rules/delivery-dates.ts';
import type { OpeningHours } from '../../rules/dine-in.ts';
import { deliveryOptionMessages } from '../../rules/messages.ts';
import { dineinTimeOf } from '../../rules/visit-time.ts';
import { isVisitDateAllowed, walletVisitTimes } from '../../rules/wallet.ts';
import { errorOf, failureMessage } from './cart-replies.ts';

export interface WalletVisitInput {
  cartId: string;
  vendorLocId: number;
  /** The restaurant's hours, as the cart's wallet group carries them. */
  hours: OpeningHours;
  now?: () => Date;
}

export interface WalletVisitContext {
  cartId: string;
  vendorLocId: number;
  hours: OpeningHours;
  now: () => Date;
  /** The store's today when the group opened: the visit is today or later. */
  today: string;
  date: string;
  time: string;
  problem: string | undefined;
}

export type WalletVisitEvent = { type: 'visit.date.change'; date: string } | { type: 'visit.time.change'; time: string } | { type: 'visit.save' };

/** The times the restaurant seats guests on the chosen date: the wallet product list's rule, the one place order checks. */
export function walletVisitTimesOf(context: Pick<WalletVisitContext, 'hours' | 'date' | 'now'>): string[] {
  return walletVisitTimes(context.hours, context.date, context.now());
}

/**
 * A cart's wallet group whose lines were redeemed before the cart kept their visit (walk 5 #1): the shopper chooses
 * the date and time here as on the wallet product list, and SAVE keeps it on the server for the group's lines. Once
 * kept, `visitKept` (given by the cart page) reads the cart again, which then shows the visit.
 */
export const walletVisitMachine = setup({
  types: {
    context: {} as WalletVisitContext,
    input: {} as WalletVisitInput,
    events: {} as WalletVisitEvent,
  },
  actors: {
    keepVisit: fromPromise<WalletVisitReply, Sent<WalletVisitBody>>(({ input }) => keepWalletVisit(input)),
  },
  guards: {
    isTimeOffered: ({ context }) => walletVisitTimesOf(context).includes(context.time),
  },
  actions: {
    assignDate: assign(({ context }, params: { date: string }) => {
      if (!isVisitDateAllowed(params.date, context.today)) return {};
      const offered = walletVisitTimesOf({ ...context, date: params.date }).includes(context.time);
      return { date: params.date, time: offered ? context.time : '', problem: undefined };
    }),
    assignTime: assign((_, params: { time: string }) => ({ time: params.time, problem: undefined })),
    assignTimeRequired: assign({ problem: deliveryOptionMessages.visitTimeRequired }),
    assignFailure: assign((_, params: { error: unknown }) => ({ problem: failureMessage(params.error) })),
    // Given by the cart page: the cart is read again and shows the visit kept.
    visitKept: () => {},
  },
}).createMachine({
  description:
    "A wallet group in the cart whose redemptions have no visit kept (lines redeemed before the cart kept one; walk 5 #1). The shopper chooses the date (today or later) and a time the restaurant seats guests at, as on the wallet product list; SAVE keeps it on the cart's wallet lines there, so PLACE ORDER takes the cart in any browser. A time not offered says 'Dining date and time is required'.",
  id: 'walletVisit',
  context: ({ input }) => {
    const now = input.now ?? (() => new Date());
    const today = storeToday(now());
    return { cartId: input.cartId, vendorLocId: input.vendorLocId, hours: input.hours, now, today, date: today, time: '', problem: undefined };
  },
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The shopper picks the date and the time; the times follow the date.',
      on: {
        'visit.date.change': {
          description: 'The shopper picks a date (today or later): a time the restaurant does not seat then is cleared.',
          actions: { type: 'assignDate', params: ({ event }) => ({ date: event.date }) },
        },
        'visit.time.change': {
          description: 'The shopper picks a time.',
          actions: { type: 'assignTime', params: ({ event }) => ({ time: event.time }) },
        },
        'visit.save': [
          { description: 'SAVE with a time the restaurant seats guests at: it is kept.', guard: 'isTimeOffered', target: 'saving' },
          { description: "SAVE without such a time: 'Dining date and time is required'.", actions: 'assignTimeRequired' },
        ],
      },
    },
    saving: {
      description: "Keeping the visit on the cart's wallet lines at the restaurant.",
      invoke: {
        id: 'keepVisit',
        src: 'keepVisit',
        input: ({ context }) => ({
          cart_id: context.cartId,
          vendor_loc_id: context.vendorLocId,
          dinein_time: dineinTimeOf(context.date, context.time),
        }),
        onDone: { description: 'Kept: the cart is read again and shows it.', target: 'kept', actions: 'visitKept' },
        onError: {
          description: "Refused (a time no longer offered) or failed: the server's words, to choose again.",
          target: 'choosing',
          actions: { type: 'assignFailure', params: errorOf },
        },
      },
    },
    kept: { description: 'The visit is kept; the cart shows it once read again.', type: 'final' },
  },
});
