import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectAuthCaptchaRound,
  selectAuthErrors,
  selectAuthMessage,
  selectAuthValues,
  type AuthField,
  type authMachine,
} from '../../machines/auth/index.ts';

export type AuthActor = ActorRefFrom<typeof authMachine>;

/** What every auth form shows: values, messages, whether it is busy, whether submit is allowed. */
export function useAuthForm(actor: AuthActor) {
  const values = useSelector(actor, selectAuthValues);
  const errors = useSelector(actor, selectAuthErrors);
  const message = useSelector(actor, selectAuthMessage);
  const captchaRound = useSelector(actor, selectAuthCaptchaRound);
  const busy = useSelector(
    actor,
    (s) => s.matches({ signIn: 'signingIn' }) || s.matches({ createAccount: 'registering' }) || s.matches({ forgotPassword: 'sending' }),
  );
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'auth.submit' }));
  const change = (field: AuthField) => (value: string) => actor.send({ type: 'field.change', field, value });
  return { values, errors, message, captchaRound, busy, canSubmit, change };
}
