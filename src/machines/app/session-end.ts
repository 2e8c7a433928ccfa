import type { ActorRefFrom } from 'xstate';
import { signInAgainMessage } from '../../rules/sign-in-return.ts';
import type { SessionStorage } from './app-actors.ts';
import { isSignedIn, sessionStorageKey, type SessionValues } from './session-values.ts';
import type { sessionMachine } from './session.machine.ts';

/**
 * What an ended session keeps: where the shopper shops and their age answer, nothing of the account. Kept after a
 * logout in another tab too: this tab stays on its page, not behind the age gate, to say so and offer sign-in.
 */
const keptAtSessionEnd = ['zipcode', 'zipState', 'location', 'ageGateVerified'] as const satisfies readonly (keyof SessionValues)[];

/** Ends a signed-in session (a guest's token is left alone: nobody was signed in to be told). */
export function endSession(session: ActorRefFrom<typeof sessionMachine>): void {
  const values = session.getSnapshot().context;
  if (!isSignedIn(values)) return;
  // In one change (no moment without the area or age answer): every value forgotten as at logout but those kept,
  // and the word that it ended.
  const forgotten = Object.fromEntries(Object.keys(values).map((key) => [key, undefined]));
  const kept = Object.fromEntries(keptAtSessionEnd.map((key) => [key, values[key]]));
  session.send({ type: 'session.update', values: { ...forgotten, ...kept, sessionEnded: true } });
}

/** Whether a stored session (another tab's write) holds a token; anything unreadable holds none. */
function holdsToken(raw: string | null): boolean {
  try {
    const values: unknown = raw ? JSON.parse(raw) : undefined;
    return typeof values === 'object' && values !== null && 'Token' in values && typeof values.Token === 'string' && values.Token !== '';
  } catch {
    return false;
  }
}

/**
 * Walk 5 #4, loaded after the first render (main.tsx): the session ends in this tab when the server answers its token
 * with the 401 'Please sign in again.' (http.ts), or when another tab logs out (its stored session without a token, or
 * the storage cleared: only another tab's write fires `storage`). The values this tab then saves are put back to what
 * the other tab stored, so its logout stays whole (the spec clears the age answer and area too) and no token comes back.
 */
export function followSessionEnd(
  session: ActorRefFrom<typeof sessionMachine>,
  /** http.ts's hook for a 401 to a call sent with the token (handed over by main.tsx). */
  onTokenRefused: (listener: (error: Error) => void) => void,
  storage: SessionStorage = () => window.localStorage,
  tabs: Pick<Window, 'addEventListener'> = window,
): void {
  onTokenRefused(({ message }) => {
    // Another 401's words (a dead reset link) leave the session as it is.
    if (message === signInAgainMessage) endSession(session);
  });
  tabs.addEventListener('storage', (event) => {
    if ((event.key !== sessionStorageKey && event.key !== null) || holdsToken(event.newValue)) return;
    endSession(session);
    try {
      storage().setItem(sessionStorageKey, event.newValue ?? '{}');
    } catch {
      // Private mode or a full storage: this tab's session has ended all the same.
    }
  });
}
