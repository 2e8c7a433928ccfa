import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type {
  ForgotBody,
  LoginBody,
  LoginReply,
  MessageReply,
  RegisterBody,
  RegisterReply,
  RegisterResult,
  SignInResult,
} from '../../api/contract/customer.contract.ts';
import { forgot, login, register } from '../../api/customer.api.ts';
import type { Sent } from '../../api/http.ts';
import { cartMergeMessage, mergeChangedCart, shopperOptionLabel } from '../../rules/area-change.ts';
import { createAccountErrors, emailOnlyErrors, signInErrors, type FieldErrors } from '../../rules/auth-validation.ts';
import { shopperOptionFields } from '../../rules/shopper-option.ts';
import { authFailureMessages, failureOf, type Failure } from '../shared/auth-failure.ts';
import type { CaptchaEvent } from './captcha.ts';
import type { SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export type AuthScreen = 'signIn' | 'createAccount' | 'forgotPassword';
export type AuthField = 'first_name' | 'last_name' | 'email' | 'password' | 'confirm_password';
export const authFields: readonly AuthField[] = ['first_name', 'last_name', 'email', 'password', 'confirm_password'];

export interface AuthInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The screen the route opened; links then switch in place. */
  screen: AuthScreen;
}

export interface AuthContext {
  session: ActorRefFrom<typeof sessionMachine>;
  start: AuthScreen;
  values: Record<AuthField, string>;
  newsletter: boolean;
  errors: FieldErrors<AuthField>;
  /** The form's own failure line (server refusal, captcha, network). */
  message: string | undefined;
  /** Forgot password: the server's answer that replaces the form. */
  sentMessage: string | undefined;
  /** The solved ALTCHA payload; the server spends it on every call, so a failed call needs a new one. */
  captcha: string | undefined;
  /** Bumped whenever the server spent the captcha: the view gives the widget a fresh start. */
  captchaRound: number;
}

export type AuthEvent =
  | { type: 'auth.show'; screen: AuthScreen }
  | { type: 'field.change'; field: AuthField; value: string }
  | { type: 'newsletter.change'; checked: boolean }
  | CaptchaEvent
  | { type: 'auth.submit' };

export type SignedInResult = SignInResult | RegisterResult;

export const emptyValues: Record<AuthField, string> = { first_name: '', last_name: '', email: '', password: '', confirm_password: '' };

function hasNoErrors(errors: object): boolean {
  return Object.keys(errors).length === 0;
}

/** What the session keeps of a signed-in customer (the spec's Token, cart_id, CustomerId, ...). */
function signedInValues(result: SignedInResult): Partial<SessionValues> {
  return {
    Token: result.api_token,
    // '' is the server's "no open cart".
    cart_id: result.cart_id || undefined,
    CustomerId: result.customer_id,
    cust_name: result.cust_name,
    total_products_in_cart: result.total_product_in_cart,
    // A verified customer's KYC application (sign-in only; '' is none): the checkout's face check uploads to it.
    verification_id: ('verification_id' in result && result.verification_id) || undefined,
    // Issue 24: a seller's or staff member's console, linked from the user menu (a shopper's session has none).
    role: ('role' in result && result.role) || undefined,
  };
}

/**
 * The delivery option the shopper is on, sent with the sign-in: the merged cart takes it (QA walk 3: a guest's Pick-Up
 * cart merged with an account's Same Day line could not be checked out). 'local' says Delivery.
 */
export function signInOption(stored: SessionValues): Pick<Sent<LoginBody>, 'courier_type' | 'vendor_location_id'> {
  return shopperOptionFields(stored);
}

/** What the shopper is told of the merge: capped lines, and lines moved to their option or kept aside for another. */
export function signInCartMessage(reply: LoginReply, stored: SessionValues): string {
  const result = reply.result;
  const option = shopperOptionLabel(stored);
  return cartMergeMessage(result?.cart_changes ?? [], { option, moved: result?.cart_moved, kept: result?.cart_kept }, result?.cart_combined === true);
}

export function signInFailure(error: unknown): Failure<AuthField> {
  return failureOf(error, authFields, authFailureMessages.offline, authFailureMessages.somethingWentWrong);
}

export function registerFailure(error: unknown): Failure<AuthField> {
  return failureOf(error, authFields, authFailureMessages.offline, authFailureMessages.offline);
}

/** The auth machine's types and implementations (guards, actions, actors, delays): its chart is auth.machine.ts. */
export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    input: {} as AuthInput,
    events: {} as AuthEvent,
  },
  actors: {
    logIn: fromPromise<LoginReply, Sent<LoginBody>>(({ input }) => login(input)),
    register: fromPromise<RegisterReply, Sent<RegisterBody>>(({ input }) => register(input)),
    forgot: fromPromise<MessageReply, Sent<ForgotBody>>(({ input }) => forgot(input)),
  },
  guards: {
    isStart: ({ context }, params: { screen: AuthScreen }) => context.start === params.screen,
    isShow: ({ event }, params: { screen: AuthScreen }) => event.type === 'auth.show' && event.screen === params.screen,
    hasCaptcha: ({ context }) => context.captcha !== undefined,
    isSignInReady: ({ context }) => context.captcha !== undefined && hasNoErrors(signInErrors(context.values)),
    isCreateAccountReady: ({ context }) => context.captcha !== undefined && hasNoErrors(createAccountErrors(context.values)),
    isForgotValid: ({ context }) => hasNoErrors(emailOnlyErrors(context.values)),
    // The spec: success is code 1 *and* message 'success'.
    isSignedIn: (_, params: { reply: LoginReply }) =>
      params.reply.code === 1 && params.reply.message === 'success' && params.reply.result !== undefined,
    // Issue 23: merging the guest cart capped a line; the shopper is told, never silently.
    // QA walk 3: or moved lines to the delivery option the shopper is on, or kept some aside for another.
    isSignedInWithCartChanges: (_, params: { reply: LoginReply }) =>
      params.reply.code === 1 && params.reply.message === 'success' && mergeChangedCart(params.reply.result),
    isRegistered: (_, params: { reply: RegisterReply }) => params.reply.code === 1 && params.reply.result !== undefined,
    isSent: (_, params: { reply: MessageReply }) => params.reply.code === 1,
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined } }
        : {},
    ),
    assignNewsletter: assign(({ event }) => (event.type === 'newsletter.change' ? { newsletter: event.checked } : {})),
    assignCaptcha: assign(({ event }) => (event.type === 'captcha.solve' ? { captcha: event.payload } : {})),
    clearCaptcha: assign({ captcha: undefined }),
    assignNextCaptchaRound: assign(({ context }) => ({ captcha: undefined, captchaRound: context.captchaRound + 1 })),
    // Passwords do not follow the shopper from one form to the next; the email does.
    resetForm: assign(({ context }) => ({
      values: { ...context.values, password: '', confirm_password: '' },
      errors: {},
      message: undefined,
      sentMessage: undefined,
      captcha: undefined,
      captchaRound: context.captchaRound + 1,
    })),
    clearFailure: assign({ errors: {}, message: undefined }),
    assignSignInErrors: assign(({ context }) => ({ errors: signInErrors(context.values), message: undefined })),
    assignCreateAccountErrors: assign(({ context }) => ({ errors: createAccountErrors(context.values), message: undefined })),
    assignForgotErrors: assign(({ context }) => ({ errors: emailOnlyErrors(context.values), message: undefined })),
    assignRefusal: assign((_, params: { message: string }) => ({ message: params.message })),
    assignFailure: assign((_, params: Failure<AuthField>) => ({ message: params.message, errors: params.errors })),
    assignSent: assign((_, params: { message: string }) => ({ sentMessage: params.message })),
    recordSignIn: sendTo(
      ({ context }) => context.session,
      (_, params: { result: SignedInResult }) => ({ type: 'session.update' as const, values: signedInValues(params.result) }),
    ),
    // The spec: a failed forgot-password request is only logged.
    logFailure: (_, params: { error: unknown }) => console.warn('forgot password failed', params.error),
    // Navigation and the snackbar belong to the view: it provides these.
    goToStore: () => undefined,
    notifyRegistered: (_, _params: { message: string }) => undefined,
    notifyCartChanged: (_, _params: { message: string }) => undefined,
  },
});
