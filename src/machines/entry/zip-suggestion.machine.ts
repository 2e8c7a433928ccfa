import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { ZipSuggestionReply } from '../../api/contract/dine-in.contract.ts';
import type { sessionMachine } from '../app/session.machine.ts';

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

export type ZipSuggestionEvent = { type: 'suggestion.take' };

/**
 * The pincode dialog's geo-IP prefill (spec: "A geo-IP lookup may prefill the pincode"): only for a shopper with no
 * zip yet, asks the server for the served zip nearest their city (GET /connect/index/suggestzipcode) and offers it.
 * Taking it puts the zip in the dialog's field (reportSuggestion, 'pincode.change' to the pincode machine that
 * invokes this one); it is never submitted here.
 */
export const zipSuggestionMachine = setup({
  types: {
    context: {} as ZipSuggestionContext,
    input: {} as ZipSuggestionInput,
    events: {} as ZipSuggestionEvent,
  },
  actors: {
    // Loaded when first asked: the pincode dialog is in the store's first load, the dine-in calls are not.
    loadSuggestion: fromPromise<ZipSuggestionReply>(async () => (await import('../../api/dine-in.api.ts')).suggestZipcode()),
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
    // The zip goes into the pincode dialog's field (the pincode machine invokes this one).
    reportSuggestion: sendParent((_, params: { zipcode: string }) => ({ type: 'pincode.change' as const, value: params.zipcode })),
  },
}).createMachine({
  id: 'zipSuggestion',
  description: 'Offers a shopper without a pincode the served pincode nearest to where they are.',
  context: ({ input }) => ({ ...input, suggestion: undefined }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Does the shopper already have a pincode?',
      always: [
        { guard: 'hasZip', target: 'unneeded', description: 'The shopper already has a pincode: nothing is suggested.' },
        { target: 'asking', description: 'No pincode yet: the nearest served pincode is looked up.' },
      ],
    },
    asking: {
      description: 'Looking for the served pincode nearest to the shopper.',
      invoke: {
        id: 'loadSuggestion',
        src: 'loadSuggestion',
        onDone: [
          {
            guard: { type: 'isSuggested', params: ({ event }) => ({ reply: event.output }) },
            target: 'offered',
            description: 'A served pincode is near the shopper: it is offered.',
            actions: { type: 'assignSuggestion', params: ({ event }) => ({ reply: event.output }) },
          },
          { target: 'none', description: 'No served pincode near the shopper: nothing is offered.' },
        ],
        onError: { description: 'No suggestion could be worked out: the dialog shows none.', target: 'none' },
      },
    },
    offered: {
      description: "'Shopping near …? Use 10002': the shopper may take it.",
      on: {
        'suggestion.take': {
          description: 'The shopper takes the suggested pincode: it goes into the field.',
          target: 'taken',
          actions: { type: 'reportSuggestion', params: ({ context }) => ({ zipcode: context.suggestion?.zipcode ?? '' }) },
        },
      },
    },
    taken: { type: 'final', description: 'The suggested pincode is in the field, not yet submitted.' },
    none: { type: 'final', description: 'Nothing to suggest (none near, or the lookup failed).' },
    unneeded: { type: 'final', description: 'The shopper already has a pincode: nothing is offered.' },
  },
});
