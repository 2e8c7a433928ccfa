import { sendTo, setup, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../app/session.machine.ts';

export interface AgeGateInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export type AgeGateEvent = { type: 'age.confirm' } | { type: 'age.deny' } | { type: 'age.back' };

/**
 * 'Are you 21 or older?' Yes records ageGateVerified in the session;
 * No shows the refusal and records nothing. The entry machine (entry.machine.ts) invokes it on '/', only for a shopper
 * who has not answered yet.
 */
export const ageGateMachine = setup({
  types: {
    context: {} as AgeGateInput,
    input: {} as AgeGateInput,
    events: {} as AgeGateEvent,
  },
  actions: {
    recordVerified: sendTo(({ context }) => context.session, {
      type: 'session.update',
      values: { ageGateVerified: true },
    }),
  },
}).createMachine({
  id: 'ageGate',
  description: 'The age question: only shoppers 21 or older may enter the store.',
  context: ({ input }) => input,
  // Whether the shopper already answered is the entry machine's check (entry.checkingAge), the only one: it starts
  // this machine only for a shopper who has not (issue 25: a second check here was a transition no store could take).
  initial: 'asking',
  states: {
    asking: {
      description: "'Are you 21 or older?' with Yes and No.",
      on: {
        'age.confirm': { target: 'verified', actions: 'recordVerified', description: 'Yes: the answer is kept for the next visits.' },
        'age.deny': { description: 'The shopper says they are under 21: the store stays closed to them.', target: 'refused' },
      },
    },
    refused: {
      description: "'Sorry, you must be 21 or older to enter.' with Back.",
      on: { 'age.back': { description: 'The shopper goes back to answer the age question again.', target: 'asking' } },
    },
    verified: { type: 'final', description: 'The shopper may enter.' },
  },
});

export type AgeGateActor = ActorRefFrom<typeof ageGateMachine>;
