import { assign, setup } from 'xstate';
import type { SessionValues } from './session-values.ts';

export type SessionEvent =
  { type: 'session.update'; values: Partial<SessionValues> } | { type: 'session.forget'; keys: (keyof SessionValues)[] } | { type: 'session.logout' };

function blank(keys: readonly (keyof SessionValues)[]): Partial<SessionValues> {
  return Object.fromEntries(keys.map((key) => [key, undefined]));
}

/**
 * The app-wide session: the spec's client-stored values in one place. The composition root persists every
 * snapshot under one storage key; nothing here touches storage, so tests run it as it is.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionValues,
    input: {} as SessionValues,
    events: {} as SessionEvent,
  },
  actions: {
    assignValues: assign(({ context, event }) => (event.type === 'session.update' ? { ...context, ...event.values } : context)),
    // assign merges into context, so forgetting a value means setting it to undefined (JSON drops it on save).
    clearValues: assign(({ event }) => (event.type === 'session.forget' ? blank(event.keys) : {})),
    clearAll: assign(({ context }) => blank(Object.keys(context) as (keyof SessionValues)[])),
  },
}).createMachine({
  id: 'session',
  description:
    "The shopper's session: the values the store keeps in this browser (zip, area, age answer, cart, login) in one place, saved after every change and cleared on logout.",
  context: ({ input }) => input,
  initial: 'active',
  states: {
    active: {
      description:
        'The shopper is using the store: a value changes when they choose it, is forgotten when no longer true, and all are cleared when they log out.',
      on: {
        'session.update': {
          description: 'Something the store remembers about the shopper changed (pincode, cart, sign-in): it is kept.',
          actions: 'assignValues',
        },
        'session.forget': { description: "Some remembered values are dropped (e.g. the old area's cart).", actions: 'clearValues' },
        'session.logout': { description: 'The shopper signed out: everything remembered about them is forgotten.', actions: 'clearAll' },
      },
    },
  },
});
