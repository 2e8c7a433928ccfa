import { setup, type ActorRefFrom } from 'xstate';
import { ageGateMachine } from './age-gate.machine.ts';
import { pincodeMachine } from './pincode.machine.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface EntryInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

/**
 * The way into the store at '/' (spec: the age gate, then the delivery pincode, then the store): 'Are you 21 or
 * older?' (ageGate) unless answered, then the pincode (pincode) unless one is stored, then the store opens. The page
 * provides the navigation (goToStore). A store page opened without the age answer is the store door's
 * (store-door/store-door.machine.ts): it sends the shopper here.
 */
export const entryMachine = setup({
  types: {
    context: {} as EntryInput,
    input: {} as EntryInput,
    children: {} as { ageGate: 'ageGate'; pincode: 'pincode' },
  },
  actors: {
    ageGate: ageGateMachine,
    pincode: pincodeMachine,
  },
  guards: {
    isAgeVerified: ({ context }) => context.session.getSnapshot().context.ageGateVerified === true,
    hasZip: ({ context }) => context.session.getSnapshot().context.zipcode !== undefined,
  },
  actions: {
    // Navigation belongs to the page: it provides this.
    goToStore: () => undefined,
  },
}).createMachine({
  id: 'entry',
  description: 'How a shopper gets into the store: the age question, then the delivery pincode, then the store.',
  context: ({ input }) => input,
  initial: 'checkingAge',
  states: {
    checkingAge: {
      description: 'Has this shopper already said they are 21 or older?',
      always: [
        { guard: 'isAgeVerified', target: 'checkingZip', description: 'The age question was already answered Yes: on to the pincode.' },
        { target: 'askingAge', description: "Not answered yet: 'Are you 21 or older?' is asked." },
      ],
    },
    askingAge: {
      description: "'Are you 21 or older?' (a No shows the refusal and asks again on Back).",
      invoke: {
        id: 'ageGate',
        src: 'ageGate',
        input: ({ context }) => ({ session: context.session }),
        onDone: { description: 'The shopper said they are 21 or older: next, where they shop.', target: 'checkingZip' },
      },
    },
    checkingZip: {
      description: 'Does the shopper already have a delivery pincode?',
      always: [
        { guard: 'hasZip', target: 'enteringStore', description: 'A pincode is already stored: the store opens on it.' },
        { target: 'askingPincode', description: "No pincode yet: 'Please enter your pincode to start shopping' is asked." },
      ],
    },
    askingPincode: {
      description: "'Please enter your pincode to start shopping' (cannot be closed here).",
      invoke: {
        id: 'pincode',
        src: 'pincode',
        input: ({ context }) => ({ session: context.session, dismissible: false }),
        onDone: { description: 'The shopper chose a pincode that is served: the store opens.', target: 'enteringStore' },
      },
    },
    enteringStore: { type: 'final', description: 'The store opens.', entry: 'goToStore' },
  },
});

export type EntryActor = ActorRefFrom<typeof entryMachine>;
