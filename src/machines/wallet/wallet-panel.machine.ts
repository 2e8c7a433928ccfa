import { assign, fromPromise, setup } from 'xstate';
import type { WalletEntry, WalletIndexReply } from '../../api/contract/wallet.contract.ts';
import { ApiError } from '../../api/http.ts';
import { walletDetails } from '../../api/wallet.api.ts';
import { canRedeem, categoryOptions, noWalletFilter, walletStates, type PriceCategory, type WalletFilter } from '../../rules/wallet.ts';

export interface WalletPanelInput {
  /**
   * The signed-in customer: the wallet calls name them. Always there: /setting/order lets only a shopper with a token
   * in, and signing in (auth, guest register) stores her CustomerId with it; the view starts this machine only then.
   */
  customerId: number;
}

export interface WalletPanelContext {
  customerId: number;
  rows: WalletEntry[];
  filter: WalletFilter;
  loadError: string | undefined;
}

export type WalletPanelEvent =
  | { type: 'wallet.retry' }
  | { type: 'wallet.state.select'; state: string }
  | { type: 'wallet.category.select'; category: PriceCategory }
  | { type: 'wallet.redeem' };

/** What REDEEM NOW hands to /wallet/shipping as navigation state (spec: customer id, selected state and category). */
export interface WalletRedemptionStart {
  customerId: number;
  state: string;
  category: PriceCategory;
}

export const walletPanelMessages = { loadFailed: 'Your wallet could not be loaded.' } as const;

/**
 * The Dine-In panel's wallet (spec section 4 "Wallet"): the customer's wallet rows, narrowed by the state filter and
 * the price category filter (a category with no rows in the chosen state cannot be chosen; choosing a state where the
 * chosen category has none puts it back to All). REDEEM NOW goes on to /wallet/shipping only with a state chosen and
 * something left in the rows shown.
 */
export const walletPanelMachine = setup({
  types: {
    context: {} as WalletPanelContext,
    input: {} as WalletPanelInput,
    events: {} as WalletPanelEvent,
  },
  actors: {
    loadWallet: fromPromise<WalletIndexReply, { customerId: number }>(({ input }) => walletDetails(input.customerId)),
  },
  guards: {
    isLoaded: (_, params: { reply: WalletIndexReply }) => params.reply.code === 1,
    isWalletState: ({ context }, params: { state: string }) => walletStates(context.rows).includes(params.state),
    isEnabledCategory: ({ context }, params: { category: PriceCategory }) =>
      categoryOptions(context.rows, context.filter.state).some((o) => o.value === params.category && !o.disabled),
    canRedeemNow: ({ context }) => canRedeem(context.rows, context.filter),
  },
  actions: {
    assignRows: assign((_, params: { reply: WalletIndexReply }) => ({ rows: params.reply.data ?? [], filter: noWalletFilter, loadError: undefined })),
    assignLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    assignState: assign(({ context }, params: { state: string }) => {
      const keeps = categoryOptions(context.rows, params.state).some((o) => o.value === context.filter.category && !o.disabled);
      return { filter: { state: params.state, category: keeps ? context.filter.category : 0 } };
    }),
    assignCategory: assign(({ context }, params: { category: PriceCategory }) => ({ filter: { ...context.filter, category: params.category } })),
    // Provided by the view: navigates to /wallet/shipping with the start as navigation state.
    goToRedemption: (_, _params: WalletRedemptionStart) => undefined,
  },
}).createMachine({
  description:
    "The Dine-In panel of /setting/order: the customer's prepaid wallet (cart-checkout-account.md, Orders tab and States and transitions, Wallet). Each row is a product bought for dine-in at a partner restaurant, with what was ordered, consumed and what remains. The state filter ('Selecting state is mandatory') and the price category filter (All, 1 to 5 star) narrow the rows and the 'Total Available Liquor'; a category with no rows is disabled. REDEEM NOW, enabled only with a state chosen and something left, goes to /wallet/shipping.",
  id: 'walletPanel',
  context: ({ input }) => ({ customerId: input.customerId, rows: [], filter: noWalletFilter, loadError: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: "Loading the customer's wallet rows.",
      invoke: {
        id: 'loadWallet',
        src: 'loadWallet',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: [
          {
            description: 'Code 1: the rows are shown, unfiltered.',
            guard: { type: 'isLoaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'ready',
            actions: { type: 'assignRows', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: "Refused: the server's message (or 'Your wallet could not be loaded.').",
            target: 'failed',
            actions: { type: 'assignLoadError', params: ({ event }) => ({ message: event.output.message ?? walletPanelMessages.loadFailed }) },
          },
        ],
        onError: {
          description: 'The wallet could not be loaded: the reason is shown with a way to try again.',
          target: 'failed',
          actions: {
            type: 'assignLoadError',
            params: ({ event }) => ({ message: event.error instanceof ApiError ? event.error.message : walletPanelMessages.loadFailed }),
          },
        },
      },
    },
    failed: {
      description: "'Your wallet could not be loaded.' (or the server's reason): the customer may try again.",
      on: {
        'wallet.retry': { description: 'The signed-in shopper tries again: the wallet is loaded again.', target: 'loading' },
      },
    },
    ready: {
      description: 'The wallet rows are shown; the customer filters by state and star category and may press REDEEM NOW.',
      on: {
        'wallet.state.select': {
          description: 'The shopper picks a state to see its wallet offers.',
          guard: { type: 'isWalletState', params: ({ event }) => ({ state: event.state }) },
          actions: { type: 'assignState', params: ({ event }) => ({ state: event.state }) },
        },
        'wallet.category.select': {
          description: 'The shopper picks a category of wallet offers.',
          guard: { type: 'isEnabledCategory', params: ({ event }) => ({ category: event.category }) },
          actions: { type: 'assignCategory', params: ({ event }) => ({ category: event.category }) },
        },
        'wallet.redeem': {
          description: 'A state is chosen and something remains in the rows shown: REDEEM NOW goes on.',
          guard: 'canRedeemNow',
          target: 'redeeming',
        },
      },
    },
    redeeming: {
      description: 'REDEEM NOW: on to /wallet/shipping with the chosen state and category, to pick a restaurant.',
      type: 'final',
      entry: {
        type: 'goToRedemption',
        params: ({ context }) => ({ customerId: context.customerId, state: context.filter.state, category: context.filter.category }),
      },
    },
  },
});
