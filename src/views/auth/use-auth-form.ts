import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AuthField, authMachine } from '../../machines/auth/auth.machine.ts';

export type AuthActor = ActorRefFrom<typeof authMachine>;

/** What every auth form shows: values, messages, whether it is busy, whether submit is allowed. */
export function useAuthForm(actor: AuthActor) {
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const message = useSelector(actor, (s) => s.context.message);
  const captchaRound = useSelector(actor, (s) => s.context.captchaRound);
  const busy = useSelector(
    actor,
    (s) => s.matches({ signIn: 'signingIn' }) || s.matches({ createAccount: 'registering' }) || s.matches({ forgotPassword: 'sending' }),
  );
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'auth.submit' }));
  const change = (field: AuthField) => (value: string) => actor.send({ type: 'field.change', field, value });
  return { values, errors, message, captchaRound, busy, canSubmit, change };
}
