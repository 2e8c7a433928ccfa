import { useCallback, useContext, useSyncExternalStore } from 'react';
import { isSaidBySessionEnded, selectSessionValues } from '../../machines/app/index.ts';
import { AppActorsContext } from '../app-context.tsx';

/**
 * A call's message as a screen shows it beside its own controls: none when it is the 401's 'Please sign in again.'
 * that the session-ended notice already says with its sign-in (seam b6 #1, decision 086: every screen, not only the
 * toasts and the checkout). The one way a screen asks; the rule is isSaidBySessionEnded's. A control drawn without
 * the app's session (its own view test) has no session to have ended, and shows the message.
 */
export function useShownMessage(message: string | undefined): string | undefined {
  const session = useContext(AppActorsContext)?.session;
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = session?.subscribe(changed);
      return () => subscription?.unsubscribe();
    },
    [session],
  );
  const told = useSyncExternalStore(
    subscribe,
    () => message !== undefined && session !== undefined && isSaidBySessionEnded(message, selectSessionValues(session.getSnapshot())),
  );
  return told ? undefined : message;
}
