import { fromCallback, setup, type ActorRefFrom } from 'xstate';
import { ageGateMachine } from './age-gate.machine.ts';
import { pincodeMachine } from './pincode.machine.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface EntryInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /**
   * Where the shopper came in: 'landing' is '/', which asks what is missing and opens the store; 'storeRoute' is any
   * store, cart, checkout, account, wallet or KYC page, which opens only once the age question is answered.
   */
  door: 'landing' | 'storeRoute';
}

export type EntryEvent = { type: 'entry.age.forgotten' };

/** Tells the entry when the session loses the age answer (logging out clears every stored value). */
const watchAgeAnswer = fromCallback<EntryEvent, { session: EntryInput['session'] }>(({ input, sendBack }) => {
  const subscription = input.session.subscribe((snapshot) => {
    if (snapshot.context.ageGateVerified !== true) sendBack({ type: 'entry.age.forgotten' });
  });
  return () => subscription.unsubscribe();
});

/**
 * The way into the store (spec: the age gate, then the delivery pincode, then the store): '/' asks 'Are you 21 or
 * older?' (ageGate) unless answered, then the pincode (pincode) unless one is stored, then opens the store; a store
 * page opened without the age answer goes back to '/'. The pages provide the navigation (goToStore, goToLanding).
 */
export const entryMachine = setup({
  types: {
    context: {} as EntryInput,
    input: {} as EntryInput,
    events: {} as EntryEvent,
    children: {} as { ageGate: 'ageGate'; pincode: 'pincode'; watchAgeAnswer: 'watchAgeAnswer' },
  },
  actors: {
    ageGate: ageGateMachine,
    pincode: pincodeMachine,
    watchAgeAnswer,
  },
  guards: {
    isAgeVerified: ({ context }) => context.session.getSnapshot().context.ageGateVerified === true,
    hasZip: ({ context }) => context.session.getSnapshot().context.zipcode !== undefined,
    isStoreRoute: ({ context }) => context.door === 'storeRoute',
  },
  actions: {
    // Navigation belongs to the page: it provides these.
    goToStore: () => undefined,
    goToLanding: () => undefined,
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
        { guard: 'isStoreRoute', target: 'turnedBack', description: 'A store page opened before the age question: back to it.' },
        { target: 'askingAge', description: "Not answered yet on '/': 'Are you 21 or older?' is asked." },
      ],
    },
    askingAge: {
      description: "'Are you 21 or older?' (a No shows the refusal and asks again on Back).",
      invoke: { id: 'ageGate', src: 'ageGate', input: ({ context }) => ({ session: context.session }), onDone: { target: 'checkingZip' } },
    },
    checkingZip: {
      description: 'Does the shopper already have a delivery pincode?',
      always: [
        { guard: 'isStoreRoute', target: 'inStore', description: 'A store page shows itself; the header offers the pincode.' },
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
        onDone: { target: 'enteringStore' },
      },
    },
    enteringStore: { type: 'final', description: 'The store opens.', entry: 'goToStore' },
    inStore: {
      description: 'The store page is shown; it closes again if the age answer is cleared (logging out).',
      invoke: { id: 'watchAgeAnswer', src: 'watchAgeAnswer', input: ({ context }) => ({ session: context.session }) },
      on: { 'entry.age.forgotten': { target: 'turnedBack' } },
    },
    turnedBack: { type: 'final', description: 'Sent to the age question first.', entry: 'goToLanding' },
  },
});

export type EntryActor = ActorRefFrom<typeof entryMachine>;
