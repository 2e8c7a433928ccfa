import { assign, fromPromise, setup } from 'xstate';
import type { ChangePasswordBody, MessageReply } from '../../api/contract/customer.contract.ts';
import { changePassword } from '../../api/customer.api.ts';
import type { Sent } from '../../api/http.ts';
import { updatePasswordErrors, type FieldErrors } from '../../rules/auth-validation.ts';
import { authFailureMessages, messageOf } from '../shared/auth-failure.ts';

export type PasswordField = 'new_password' | 'confirm_password';

export interface UpdatePasswordInput {
  /** The reset token from the emailed link's query string. */
  token: string;
}

export interface UpdatePasswordContext extends UpdatePasswordInput {
  values: Record<PasswordField, string>;
  errors: FieldErrors<PasswordField>;
  message: string | undefined;
}

export type UpdatePasswordEvent = { type: 'field.change'; field: PasswordField; value: string } | { type: 'password.submit' };

function hasNoErrors(errors: object): boolean {
  return Object.keys(errors).length === 0;
}

/** A refusal's words: the server's (a dead link answers 401 with its own message), the network's, or the fallback. */
function failureMessage(error: unknown): string {
  return messageOf(error, authFailureMessages.somethingWentWrong);
}

/**
 * Update password (/account/resetpassword?token=…): new and confirm password with the spec's messages plus "both
 * the same" (the server insists on it too); code 1 goes to /signIn, anything else shows the server's message.
 */
export const updatePasswordMachine = setup({
  types: {
    context: {} as UpdatePasswordContext,
    input: {} as UpdatePasswordInput,
    events: {} as UpdatePasswordEvent,
  },
  actors: {
    changePassword: fromPromise<MessageReply, Sent<ChangePasswordBody>>(({ input }) => changePassword(input)),
  },
  guards: {
    isValid: ({ context }) => hasNoErrors(updatePasswordErrors(context.values)),
    isChanged: (_, params: { reply: MessageReply }) => params.reply.code === 1,
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined } }
        : {},
    ),
    assignErrors: assign(({ context }) => ({ errors: updatePasswordErrors(context.values), message: undefined })),
    clearFailure: assign({ errors: {}, message: undefined }),
    assignMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    // Navigation and the snackbar belong to the view: it provides these.
    notifyChanged: (_, _params: { message: string }) => undefined,
    goToSignIn: () => undefined,
  },
}).createMachine({
  description:
    "Update password at /account/resetpassword, opened from the emailed reset link (cart-checkout-account.md, Update password, Validation rules 'Update password' and States and transitions, 'Change password success'). The shopper types the new password twice (both required, at least 8 characters, and the same); on success they go to /signIn, otherwise the server's message is shown (an expired link says so).",
  id: 'updatePassword',
  context: ({ input }) => ({
    token: input.token,
    values: { new_password: '', confirm_password: '' },
    errors: {},
    message: undefined,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The shopper types the new password and confirms it; errors from the last try are shown.',
      on: {
        'field.change': { description: 'The shopper types into a password field.', actions: 'assignField' },
        'password.submit': [
          {
            description: 'Both passwords valid and the same: the password is changed.',
            guard: 'isValid',
            target: 'changing',
            actions: 'clearFailure',
          },
          { description: 'A password missing, too short or not the same: every error is shown.', actions: 'assignErrors' },
        ],
      },
    },
    changing: {
      description: "Changing the password with the link's reset token.",
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          reset_token: context.token,
          new_password: context.values.new_password,
          confirm_password: context.values.confirm_password,
        }),
        onDone: [
          {
            description: "Code 1: the server's message as a snackbar, then sign in.",
            guard: { type: 'isChanged', params: ({ event }) => ({ reply: event.output }) },
            target: 'changed',
            actions: { type: 'notifyChanged', params: ({ event }) => ({ message: event.output.message ?? '' }) },
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
          description: 'The password could not be changed (offline, server error): the form says why.',
          target: 'editing',
          actions: { type: 'assignMessage', params: ({ event }) => ({ message: failureMessage(event.error) }) },
        },
      },
    },
    changed: { description: 'The password is changed: on to /signIn.', type: 'final', entry: 'goToSignIn' },
  },
});
