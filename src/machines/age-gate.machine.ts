import { sendTo, setup, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from './session.machine.ts';

export interface AgeGateInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export type AgeGateEvent = { type: 'age.confirm' } | { type: 'age.deny' } | { type: 'age.back' };

/**
 * 'Are you 21 or older?' Yes records ageGateVerified in the session;
 * No shows the refusal and records nothing.
 */
export const ageGateMachine = setup({
  types: {
    context: {} as AgeGateInput,
    input: {} as AgeGateInput,
    events: {} as AgeGateEvent,
  },
  guards: {
    isAlreadyVerified: ({ context }) => context.session.getSnapshot().context.ageGateVerified === true,
  },
  actions: {
    recordVerified: sendTo(({ context }) => context.session, {
      type: 'session.update',
      values: { ageGateVerified: true },
    }),
  },
}).createMachine({
  id: 'ageGate',
  context: ({ input }) => input,
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isAlreadyVerified', target: 'verified' }, { target: 'asking' }],
    },
    asking: {
      on: {
        'age.confirm': { target: 'verified', actions: 'recordVerified' },
        'age.deny': { target: 'refused' },
      },
    },
    refused: {
      on: { 'age.back': { target: 'asking' } },
    },
    verified: { type: 'final' },
  },
});
