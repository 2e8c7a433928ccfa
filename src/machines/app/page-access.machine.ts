import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { signInPathBack } from '../../rules/sign-in-again.ts';
import { isSignedIn } from './session-values.ts';
import type { sessionMachine } from './session.machine.ts';

/**
 * Who may see a page, and where the others go (spec C §2 and §6): account pages need a token (else /signIn, coming back with ?next=), the
 * reset-password page needs its link's token (else /), and the sign-in forms and guest-only pages send a signed-in
 * customer on. Decided when the page opens and again whenever the session changes (signing in or out elsewhere).
 */
export type GatedPage = 'settings' | 'orderStatus' | 'updatePassword' | 'signIn' | 'createAccount' | 'forgotPassword' | 'guestOnly';

export interface PageAccessInput {
  session: ActorRefFrom<typeof sessionMachine>;
  page: GatedPage;
  /** The reset link's token (/account/resetpassword?token=…). */
  resetToken?: string | null;
  /**
   * The page's path and query as it now stands (read when deciding: one gate serves every /setting/… tab): a visitor
   * sent to sign in comes back there (?next=).
   */
  currentPath?: () => string;
}

export interface PageAccessContext extends PageAccessInput {
  /** Where the shopper is sent instead, once refused. */
  redirectTo: string | undefined;
}

const needsToken = new Set<GatedPage>(['settings', 'orderStatus']);
const signInForms = new Set<GatedPage>(['signIn', 'createAccount']);
/** Sent to all products when signed in: forgot password, guest register, the served-zips list. */
const toAllProducts = new Set<GatedPage>(['forgotPassword', 'guestOnly']);

export const pageAccessMachine = setup({
  types: {
    context: {} as PageAccessContext,
    input: {} as PageAccessInput,
    events: {} as { type: 'session.changed' },
  },
  actors: {
    // Tells only of a change that can move the decision (the token, signed in or not), never of every session write:
    // deciding again restarts this watcher, and a watcher that spoke on each notification would be told again of the
    // same write it just reported (a subscriber added while the session notifies is notified too): an endless loop.
    watchSession: fromCallback<{ type: 'session.changed' }, { session: PageAccessInput['session'] }>(({ input, sendBack }) => {
      const access = () => {
        const values = input.session.getSnapshot().context;
        return `${values.Token ?? ''}|${isSignedIn(values)}`;
      };
      let seen = access();
      const subscription = input.session.subscribe(() => {
        const now = access();
        if (now === seen) return;
        seen = now;
        sendBack({ type: 'session.changed' });
      });
      return () => subscription.unsubscribe();
    }),
  },
  guards: {
    lacksToken: ({ context }) => needsToken.has(context.page) && !context.session.getSnapshot().context.Token,
    lacksResetLink: ({ context }) => context.page === 'updatePassword' && !context.resetToken,
    isSignedInOnSignInForm: ({ context }) => signInForms.has(context.page) && isSignedIn(context.session.getSnapshot().context),
    isSignedInOnGuestOnlyPage: ({ context }) => toAllProducts.has(context.page) && isSignedIn(context.session.getSnapshot().context),
  },
  actions: {
    assignRedirect: assign((_, params: { to: string }) => ({ redirectTo: params.to })),
    // Seam b6 #3: sign-in comes back to the page asked for (/signIn?next=…), as after a session ended (walk 5 #4).
    assignSignInRedirect: assign(({ context }) => ({
      redirectTo: context.currentPath ? signInPathBack(context.currentPath()) : '/signIn',
    })),
  },
}).createMachine({
  id: 'pageAccess',
  description: 'Who may see a page: a visitor without a token signs in first, a signed-in customer skips the sign-in forms.',
  context: ({ input }) => ({ ...input, redirectTo: undefined }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Reading the session (and the reset link) to decide whether the page opens.',
      always: [
        {
          description: 'Account pages need a token: a visitor without one signs in first and comes back (/signIn?next=<page>).',
          guard: 'lacksToken',
          target: 'redirected',
          actions: 'assignSignInRedirect',
        },
        {
          description: 'The reset-password page without its link token has nothing to do: the landing page opens (/).',
          guard: 'lacksResetLink',
          target: 'redirected',
          actions: { type: 'assignRedirect', params: { to: '/' } },
        },
        {
          description: 'A signed-in customer on the sign-in or create-account form is sent to the store (/store).',
          guard: 'isSignedInOnSignInForm',
          target: 'redirected',
          actions: { type: 'assignRedirect', params: { to: '/store' } },
        },
        {
          description: 'A signed-in customer on forgot password, guest register or the served zips is sent to all products (/category/ALL).',
          guard: 'isSignedInOnGuestOnlyPage',
          target: 'redirected',
          actions: { type: 'assignRedirect', params: { to: '/category/ALL' } },
        },
        { description: 'The shopper may see the page: it opens.', target: 'open' },
      ],
    },
    open: {
      description: 'The page is shown; a sign-in or sign-out elsewhere decides again.',
      invoke: { id: 'watchSession', src: 'watchSession', input: ({ context }) => ({ session: context.session }) },
      on: { 'session.changed': { description: 'The session changed (signed in or out): the page decides again.', target: 'deciding' } },
    },
    redirected: { type: 'final', description: 'The shopper is sent to another page instead.' },
  },
});

export type PageAccessActor = ActorRefFrom<typeof pageAccessMachine>;
