import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ZipSuggestionReply } from '../api/contract/dine-in.contract.ts';
import { suggestZipcode } from '../api/dine-in.api.ts';
import type { sessionMachine } from './session.machine.ts';

export interface ZipSuggestionInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface Suggestion {
  zipcode: string;
  city: string;
  state: string;
  /** The city the shopper's address was placed in. */
  fromCity: string | null;
}

export interface ZipSuggestionContext extends ZipSuggestionInput {
  suggestion: Suggestion | undefined;
}

export type ZipSuggestionEvent = { type: 'suggestion.take' } | { type: 'suggestion.dismiss' };

/**
 * The pincode dialog's geo-IP prefill (spec: "A geo-IP lookup may prefill the pincode"): only for a shopper with no
 * zip yet, asks the server for the served zip nearest their city (GET /connect/index/suggestzipcode) and offers it.
 * Taking it puts the zip in the dialog's field (reportSuggestion, provided by the view); it is never submitted here.
 */
export const zipSuggestionMachine = setup({
  types: {
    context: {} as ZipSuggestionContext,
    input: {} as ZipSuggestionInput,
    events: {} as ZipSuggestionEvent,
  },
  actors: {
    loadSuggestion: fromPromise<ZipSuggestionReply>(() => suggestZipcode()),
  },
  guards: {
    hasZip: ({ context }) => context.session.getSnapshot().context.zipcode !== undefined,
    isSuggested: (_, params: { reply: ZipSuggestionReply }) => params.reply.code === 1 && params.reply.data !== undefined,
  },
  actions: {
    assignSuggestion: assign((_, params: { reply: ZipSuggestionReply }) => {
      const data = params.reply.data;
      return { suggestion: data ? { zipcode: data.zipcode, city: data.city, state: data.state, fromCity: data.from_city } : undefined };
    }),
    // Provided by the view: the zip goes into the pincode dialog's field.
    reportSuggestion: (_, _params: { zipcode: string }) => undefined,
  },
}).createMachine({
  id: 'zipSuggestion',
  context: ({ input }) => ({ ...input, suggestion: undefined }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasZip', target: 'unneeded' }, { target: 'asking' }],
    },
    asking: {
      invoke: {
        id: 'loadSuggestion',
        src: 'loadSuggestion',
        onDone: [
          {
            guard: { type: 'isSuggested', params: ({ event }) => ({ reply: event.output }) },
            target: 'offered',
            actions: { type: 'assignSuggestion', params: ({ event }) => ({ reply: event.output }) },
          },
          { target: 'none' },
        ],
        onError: { target: 'none' },
      },
    },
    offered: {
      on: {
        'suggestion.take': {
          target: 'taken',
          actions: { type: 'reportSuggestion', params: ({ context }) => ({ zipcode: context.suggestion?.zipcode ?? '' }) },
        },
        'suggestion.dismiss': { target: 'none' },
      },
    },
    taken: { type: 'final' },
    none: { type: 'final' },
    unneeded: { type: 'final' },
  },
});
