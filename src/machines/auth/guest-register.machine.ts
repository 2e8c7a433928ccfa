import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { GuestCartBody, GuestCartReply } from '../../api/contract/customer.contract.ts';
import { guestCart } from '../../api/customer.api.ts';
import type { Sent } from '../../api/http.ts';
import { emailOnlyError } from '../../rules/auth-validation.ts';
import { authFailureMessages, messageOf } from '../shared/auth-failure.ts';
import type { SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface GuestRegisterInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface GuestRegisterContext extends GuestRegisterInput {
  email: string;
  error: string | undefined;
  message: string | undefined;
}

export type GuestRegisterEvent = { type: 'field.change'; field: 'email'; value: string } | { type: 'guest.submit' };

type GuestData = NonNullable<GuestCartReply['data']>;

function failureMessage(error: unknown): string {
  return messageOf(error, authFailureMessages.somethingWentWrong);
}

/** The guest's session: the spec's Token (api_token), CustomerId and the cart the server gave them. */
function guestValues(data: GuestData): Partial<SessionValues> {
  return { Token: data.api_token, CustomerId: data.customer_id, cart_id: data.cart_id || undefined };
}

/**
 * Guest email checkout (/guest/register): one email field; the server makes a guest customer with a session and
 * hands it the session's cart; success goes to /cart.
 */
export const guestRegisterMachine = setup({
  types: {
    context: {} as GuestRegisterContext,
    input: {} as GuestRegisterInput,
    events: {} as GuestRegisterEvent,
  },
  actors: {
    registerGuest: fromPromise<GuestCartReply, Sent<GuestCartBody>>(({ input }) => guestCart(input)),
  },
  guards: {
    isEmailValid: ({ context }) => emailOnlyError(context.email) === undefined,
    isGuestCreated: (_, params: { reply: GuestCartReply }) => params.reply.code === 1 && params.reply.data !== undefined,
  },
  actions: {
    assignEmail: assign(({ event }) => (event.type === 'field.change' ? { email: event.value, error: undefined } : {})),
    assignError: assign(({ context }) => ({ error: emailOnlyError(context.email), message: undefined })),
    clearFailure: assign({ error: undefined, message: undefined }),
    assignMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    recordGuest: sendTo(
      ({ context }) => context.session,
      (_, params: { data: GuestData }) => ({ type: 'session.update' as const, values: guestValues(params.data) }),
    ),
    // Navigation belongs to the view: it provides this.
    goToCart: () => undefined,
  },
}).createMachine({
  description:
    "Guest email checkout at /guest/register (storefront.md, Roles and permissions; cart-checkout-account.md, Roles and permissions and States and transitions, 'Guest checkout'). A guest with items in the cart gives just an email: the server makes them a guest customer, hands them the cart, and they go on to /cart to check out.",
  id: 'guestRegister',
  context: ({ input }) => ({ ...input, email: '', error: undefined, message: undefined }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The guest types their email; an error from the last try may be shown.',
      on: {
        'field.change': { description: 'The guest types their email address.', actions: 'assignEmail' },
        'guest.submit': [
          { description: 'A valid email: the guest checkout starts.', guard: 'isEmailValid', target: 'registering', actions: 'clearFailure' },
          { description: 'The email is missing or not an email: its error is shown.', actions: 'assignError' },
        ],
      },
    },
    registering: {
      description: 'Making the guest a customer of their own, with the cart they filled.',
      invoke: {
        id: 'registerGuest',
        src: 'registerGuest',
        input: ({ context }) => ({ customer_email: context.email.trim(), cart_id: context.session.getSnapshot().context.cart_id }),
        onDone: [
          {
            description: "Code 1: the guest's token, customer id and cart are stored.",
            guard: { type: 'isGuestCreated', params: ({ event }) => ({ reply: event.output }) },
            target: 'registered',
            actions: { type: 'recordGuest', params: ({ event }) => ({ data: guestDataOf(event.output) }) },
          },
          {
            description: "Refused: the server's message (or 'Something Went Wrong.').",
            target: 'editing',
            actions: {
              type: 'assignMessage',
              params: ({ event }) => ({ message: event.output.message || authFailureMessages.somethingWentWrong }),
            },
          },
        ],
        onError: {
          description: 'The guest account could not be made (offline, server error): the form says why.',
          target: 'editing',
          actions: { type: 'assignMessage', params: ({ event }) => ({ message: failureMessage(event.error) }) },
        },
      },
    },
    registered: { description: 'The guest has a session and their cart: on to /cart.', type: 'final', entry: 'goToCart' },
  },
});

// isGuestCreated checked that data is there; this keeps the type honest without a cast.
function guestDataOf(reply: GuestCartReply): GuestData {
  if (!reply.data) throw new Error('guestcart reply without data');
  return reply.data;
}
