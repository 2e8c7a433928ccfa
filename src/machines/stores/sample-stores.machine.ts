import { assign, fromPromise, setup } from 'xstate';
import type { SampleStore, StoresReply } from '../../api/contract/stores.contract.ts';
import { ApiError } from '../../api/http.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';

export interface SampleStoresContext {
  zipcode: string | undefined;
  stores: SampleStore[];
  /** The store whose marker or card the shopper chose (its details are shown under the map). */
  chosen: number | undefined;
  message: string | undefined;
}

export type SampleStoresEvent = { type: 'stores.retry' } | { type: 'stores.choose'; locId: number };

/**
 * The store carousel and map of sample stores on /store: the sellers are read once the section is shown (it loads
 * when scrolled into view, apart from the store's first load); the ones delivering to the shopper's zip are marked.
 */
export const sampleStoresMachine = setup({
  types: {
    context: {} as SampleStoresContext,
    input: {} as { zipcode: string | undefined },
    events: {} as SampleStoresEvent,
  },
  actors: {
    loadStores: fromPromise<StoresReply, { zipcode: string | undefined }>(async ({ input }) => {
      const { getStores } = await import('../../api/stores.api.ts');
      return getStores(input.zipcode);
    }),
  },
  actions: {
    assignStores: assign((_, params: { reply: StoresReply }) => ({
      stores: params.reply.data?.stores ?? [],
      message: params.reply.code === 1 ? undefined : (params.reply.message ?? somethingWentWrongMessage),
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      message: params.error instanceof ApiError && params.error.message ? params.error.message : somethingWentWrongMessage,
    })),
    assignChosen: assign(({ event }) => (event.type === 'stores.choose' ? { chosen: event.locId } : {})),
  },
}).createMachine({
  description:
    "The store carousel and map of sample stores (cart-checkout-account.md, Other: 'A store carousel and map show fixed sample stores'): the store's sellers, those delivering to the shopper's zip marked, each marker reachable by keyboard.",
  id: 'sampleStores',
  context: ({ input }) => ({ zipcode: input.zipcode, stores: [], chosen: undefined, message: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The sellers are being read.',
      invoke: {
        id: 'loadStores',
        src: 'loadStores',
        input: ({ context }) => ({ zipcode: context.zipcode }),
        onDone: {
          target: 'showing',
          description: "The stores arrived: the carousel and the map show them, those delivering to the shopper's zip marked.",
          actions: { type: 'assignStores', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: {
          target: 'failed',
          description: 'The stores could not be read: the section says so.',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    showing: {
      description: 'The carousel and the map; a chosen store shows its details.',
      on: { 'stores.choose': { description: 'A marker or a card chosen.', actions: 'assignChosen' } },
    },
    failed: {
      description: 'The sellers could not be read: the reason and a retry.',
      on: { 'stores.retry': { description: 'The shopper retries.', target: 'loading' } },
    },
  },
});
