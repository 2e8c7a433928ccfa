import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { authMachine, type AuthScreen as Screen } from '../../machines/auth/index.ts';
import { selectIsSignedIn } from '../../machines/app/index.ts';
import { useAppActors, useNotify } from '../app-context.tsx';
import { afterSignInPath } from '../../rules/sign-in-return.ts';
import * as css from './auth.css.ts';
import { PageGate } from '../layout/page-gate.tsx';
import { CreateAccountForm } from './create-account-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';

export const authPaths: Record<Screen, string> = {
  signIn: '/signIn',
  createAccount: '/createAccount',
  forgotPassword: '/forgot/password',
};

/** Routes match case-insensitively and with a trailing slash, so this does too. */
function screenOf(pathname: string): Screen {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === authPaths.createAccount.toLowerCase()) return 'createAccount';
  if (path === authPaths.forgotPassword.toLowerCase()) return 'forgotPassword';
  return 'signIn';
}

/**
 * /signIn, /createAccount and /forgot/password: one screen and one machine, so the links between them switch the
 * form in place (and the URL follows). A signed-in customer is sent on: to /store, or /category/ALL from forgot
 * password (spec 2).
 */
export function AuthScreen() {
  const { pathname, search } = useLocation();
  const screen = screenOf(pathname);
  const signedIn = useSelector(useAppActors().session, selectIsSignedIn);
  // Signed in from a sign-in offered where the session ended: back there (?next=, walk 5 #4), before the gate's /store.
  if (signedIn && new URLSearchParams(search).has('next')) return <Navigate to={afterSignInPath(search)} replace />;
  return (
    <PageGate page={screen}>
      <AuthForms screen={screen} />
    </PageGate>
  );
}

function AuthForms({ screen }: { screen: Screen }) {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const notify = useNotify();
  const machine = useMemo(
    () =>
      authMachine.provide({
        actions: {
          // Walk 5 #4: a sign-in offered where the session ended comes back there (?next=); else /store (spec).
          goToStore: () => navigate(afterSignInPath(window.location.search)),
          notifyRegistered: (_, params) => notify.snackbar(params.message),
          notifyCartChanged: (_, params) => notify.snackbar(params.message),
        },
      }),
    [navigate, notify],
  );
  const actor = useActorRef(machine, { input: { session, screen } });

  // The URL is the truth (links, Back and Forward): the machine follows it. The same screen is a no-op.
  useEffect(() => {
    actor.send({ type: 'auth.show', screen });
  }, [actor, screen]);

  const shown = useSelector(actor, (s): Screen =>
    s.matches('createAccount') ? 'createAccount' : s.matches('forgotPassword') ? 'forgotPassword' : 'signIn',
  );

  return (
    <div className={css.page}>
      <section className={css.card} aria-labelledby="auth-title">
        {shown === 'signIn' && <SignInForm actor={actor} />}
        {shown === 'createAccount' && <CreateAccountForm actor={actor} />}
        {shown === 'forgotPassword' && <ForgotPasswordForm actor={actor} />}
      </section>
    </div>
  );
}
