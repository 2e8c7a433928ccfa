import { fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { MessageReply } from '../../api/contract/customer.contract.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface AccountMenuInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export type AccountMenuEvent = { type: 'account.logout' };

/**
 * The header's customer menu: Logout ends the server session (a failure does not keep the shopper signed in here),
 * forgets the whole session and reloads the app at '/'.
 */
export const accountMenuMachine = setup({
  types: {
    context: {} as AccountMenuInput,
    input: {} as AccountMenuInput,
    events: {} as AccountMenuEvent,
  },
  actors: {
    // The account calls load when first used: the menu is in the store's first load, signing out is not.
    logOut: fromPromise<MessageReply>(async () => (await import('../../api/customer.api.ts')).logout()),
  },
  actions: {
    forgetSession: sendTo(({ context }) => context.session, { type: 'session.logout' }),
    // The view provides this: a full reload drops every cached read of the old session.
    goHome: () => undefined,
  },
}).createMachine({
  description:
    "The header's customer menu, 'Hey , {name}' (storefront.md, Header). Logout ends the server session, forgets everything stored in the browser and reloads the store at the root, even when the server could not be reached.",
  id: 'accountMenu',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      description: 'The menu shows My Orders, My Account and Logout.',
      on: { 'account.logout': { description: 'The shopper chooses Logout from the account menu.', target: 'loggingOut' } },
    },
    loggingOut: {
      description: "Ending the customer's session on the server.",
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: { description: 'Signed out on the server: the session is forgotten and the store reloads.', target: 'loggedOut' },
        onError: { description: 'The server could not be reached: the shopper is logged out here all the same.', target: 'loggedOut' },
      },
    },
    loggedOut: {
      description: 'The stored session is forgotten and the store reloads at the root, as a guest.',
      type: 'final',
      entry: ['forgetSession', 'goHome'],
    },
  },
});
