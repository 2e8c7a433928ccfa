import { fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../app/session.machine.ts';

export interface StoreDoorInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export type StoreDoorEvent = { type: 'storeDoor.age.forgotten' };

/** Tells the door when the session loses the age answer (logging out clears every stored value). */
const watchAgeAnswer = fromCallback<StoreDoorEvent, { session: StoreDoorInput['session'] }>(({ input, sendBack }) => {
  const subscription = input.session.subscribe((snapshot) => {
    if (snapshot.context.ageGateVerified !== true) sendBack({ type: 'storeDoor.age.forgotten' });
  });
  return () => subscription.unsubscribe();
});

/**
 * The door of every store, cart, checkout, account, wallet and KYC page (spec: the age gate comes first): the page
 * shows once the shopper has said they are 21 or older, and sends them back to '/' (the entry flow, where the question
 * is asked) otherwise, or as soon as the answer is cleared. Apart from the entry flow so these pages, the store's first
 * load among them, do not carry the age question and the pincode dialog they never ask. The page provides goToLanding.
 */
export const storeDoorMachine = setup({
  types: {
    context: {} as StoreDoorInput,
    input: {} as StoreDoorInput,
    events: {} as StoreDoorEvent,
    children: {} as { watchAgeAnswer: 'watchAgeAnswer' },
  },
  actors: { watchAgeAnswer },
  guards: {
    isAgeVerified: ({ context }) => context.session.getSnapshot().context.ageGateVerified === true,
  },
  actions: {
    goToLanding: () => undefined,
  },
}).createMachine({
  id: 'storeDoor',
  description: 'A store page opens only for a shopper who said they are 21 or older; anyone else goes to the age question.',
  context: ({ input }) => input,
  initial: 'checkingAge',
  states: {
    checkingAge: {
      description: 'Has this shopper already said they are 21 or older?',
      always: [
        { guard: 'isAgeVerified', target: 'inStore', description: 'The age question was already answered Yes: the page shows itself.' },
        { target: 'turnedBack', description: 'A store page opened before the age question: back to it.' },
      ],
    },
    inStore: {
      description: 'The store page is shown; it closes again if the age answer is cleared (logging out).',
      invoke: { id: 'watchAgeAnswer', src: 'watchAgeAnswer', input: ({ context }) => ({ session: context.session }) },
      on: { 'storeDoor.age.forgotten': { target: 'turnedBack', description: 'The age answer was cleared (logged out): back to the question.' } },
    },
    turnedBack: { type: 'final', description: 'Sent to the age question first.', entry: 'goToLanding' },
  },
});

export type StoreDoorActor = ActorRefFrom<typeof storeDoorMachine>;
