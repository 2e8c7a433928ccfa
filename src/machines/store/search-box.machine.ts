import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ListingReply } from '../../api/contract/catalogue.contract.ts';
import { ApiError } from '../../api/http.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import type { ListingArea } from '../../rules/listing-query.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';
import { shopperArea } from '../../rules/shopper-area.ts';

export const searchDebounceMs = 1000;

export interface SearchBoxContext {
  session: ActorRefFrom<typeof sessionMachine>;
  text: string;
  /** The trimmed text the last search ran for. */
  query: string;
  total: number;
  message: string | undefined;
}

export type SearchBoxEvent = { type: 'search.type'; text: string } | { type: 'search.close' };

/**
 * The header's 'SEARCH PRODUCTS' box: waits 1 s after the last key, trims, ignores empty text, then shows
 * 'Fetching Results Please Hold On...' and 'Total {n} Result.'.
 */
export const searchBoxMachine = setup({
  types: {
    context: {} as SearchBoxContext,
    input: {} as { session: ActorRefFrom<typeof sessionMachine> },
    events: {} as SearchBoxEvent,
  },
  delays: { searchDebounce: searchDebounceMs },
  actors: {
    // The search call and its query rules load with the first search: the box is in the store's first load.
    // Asked as the search page asks (searchRequest, the same area and mode), so the count is the one its link opens.
    searchProducts: fromPromise<ListingReply, { q: string; area: ListingArea }>(async ({ input }) => {
      const [{ getSearchListing }, { emptyListingQuery, searchRequest }] = await Promise.all([
        import('../../api/listing.api.ts'),
        import('../../rules/listing-query.ts'),
      ]);
      const request = searchRequest({ ...emptyListingQuery, q: input.q, limit: 10 }, input.area);
      return request ? getSearchListing(request) : Promise.reject(new Error('empty search'));
    }),
  },
  guards: {
    hasText: ({ event }) => event.type === 'search.type' && event.text.trim() !== '',
  },
  actions: {
    assignText: assign(({ event }) => (event.type === 'search.type' ? { text: event.text } : {})),
    assignQuery: assign(({ context }) => ({ query: context.text.trim() })),
    assignResult: assign((_, params: { reply: ListingReply }) => ({
      total: params.reply.data?.pagination.total_records ?? 0,
      message: params.reply.code === 1 ? undefined : params.reply.message,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      message: params.error instanceof ApiError ? params.error.message : somethingWentWrongMessage,
    })),
  },
}).createMachine({
  description:
    "The header's 'SEARCH PRODUCTS' box (storefront.md, Search bar and States and transitions: 'Search is debounced 1 s and trimmed; empty text does nothing'). One second after the shopper's last key the trimmed text is searched in their delivery area and mode (with Dine-In or Pick-Up, at the chosen restaurant), as the search page asks, so its count is the page's; the box shows 'Fetching Results Please Hold On...', then 'Total {n} Result.' with 'Click Here to See Result' leading to /store/search.",
  id: 'searchBox',
  context: ({ input }) => ({ session: input.session, text: '', query: '', total: 0, message: undefined }),
  initial: 'idle',
  on: {
    // Typing anywhere restarts the 1 s wait; clearing the box (or spaces only) does nothing but close the results.
    'search.type': [
      { description: 'Text typed: the one-second wait starts again.', guard: 'hasText', target: '.debouncing', reenter: true, actions: 'assignText' },
      { description: 'The box emptied (or spaces only): nothing is searched and the results close.', target: '.idle', actions: 'assignText' },
    ],
    'search.close': { description: 'The shopper closes the search: the box empties.', target: '.idle' },
  },
  states: {
    idle: { description: 'Nothing is searched: the box is empty (or only spaces) or its results were closed.' },
    debouncing: {
      description: 'The shopper is typing: the search starts one second after the last key.',
      after: {
        searchDebounce: { description: 'The shopper stopped typing: the products are searched.', target: 'searching', actions: 'assignQuery' },
      },
    },
    searching: {
      description: "'Fetching Results Please Hold On...'",
      invoke: {
        id: 'searchProducts',
        src: 'searchProducts',
        input: ({ context }) => {
          // The shopper's area and mode (Dine-In or Pick-Up with the chosen restaurant), as the search page reads them.
          return { q: context.query, area: shopperArea(context.session.getSnapshot().context) ?? { zipcode: '', loc_id: 0 } };
        },
        onDone: {
          description: 'Products found (or none): the list under the box shows them.',
          target: 'showing',
          actions: { type: 'assignResult', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: {
          description: 'The search failed (offline, server error): the list says why.',
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    showing: { description: "'Total {n} Result.' with 'Click Here to See Result' (or the server's message)." },
    failed: { description: 'The search failed: the reason is shown.' },
  },
});
