import { validate } from 'superstruct';
import type { ActorRefFrom } from 'xstate';
import { isSignInAgain } from '../../api/token-refusal.ts';
import { saves, withoutSaving, type SessionStorage } from './app-actors.ts';
import { heldSaves } from './session-held.ts';
import { sharedChoiceKeys, sharedChoiceOf } from './session-choices.ts';
import { isSignedIn, sessionStorageKey, sessionValues, type SessionValues } from './session-values.ts';
import type { sessionMachine } from './session.machine.ts';

/**
 * What an ended session keeps: where the shopper shops and their age answer, nothing of the account. Kept after a
 * logout in another tab too: this tab stays on its page, not behind the age gate, to say so and offer sign-in (kept
 * in this tab only: endAsStored).
 */
const keptAtSessionEnd = ['zipcode', 'zipState', 'location', 'ageGateVerified'] as const satisfies readonly (keyof SessionValues)[];

/**
 * Ends the session as another tab's logout left it: the area, age answer and ended word stay this tab's to show, but are
 * never stored again (decision 086, left by walk 6): its later changes store them as the logout left them, so the tab
 * that logged out, and any loaded next, open at the age gate as the spec's logout says.
 */
function endAsStored(session: ActorRefFrom<typeof sessionMachine>, storage: SessionStorage): void {
  withoutSaving(() => endSession(session));
  const shape = heldSaves([...keptAtSessionEnd, 'sessionEnded'], session.getSnapshot().context, () => storedValues(readStored(storage)));
  const others = saves.of;
  // Its own saves only (a test runs several tabs' sessions in one page).
  const ours: typeof others = (values, saved) => (saved === session ? shape(values) : others(values, saved));
  saves.of = ours;
}

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

/** A stored session (another tab's write) as its values; anything unreadable as none, and the storage cleared as {}. */
function storedValues(raw: string | null): SessionValues {
  try {
    const [invalid, values] = validate(raw ? (JSON.parse(raw) as unknown) : {}, sessionValues);
    return invalid ? {} : values;
  } catch {
    return {};
  }
}

/** The browser's stored session as written now (another tab may have changed it); none when storage cannot be read. */
function readStored(storage: SessionStorage): string | null {
  try {
    return storage().getItem(sessionStorageKey);
  } catch {
    return null;
  }
}

/** The token the browser's stored session holds now (another tab may have changed it). */
function storedToken(storage: SessionStorage): string | undefined {
  return storedValues(readStored(storage)).Token;
}

/**
 * Seam b6 #2: another customer signed in in another tab (the browser keeps one session for all its tabs). This tab
 * takes that session and loads its page again for that customer, so nothing it shows or holds (the former customer's
 * name, cart, addresses, orders) stays beside the new customer's token. The same customer with a new token (signed in
 * again after a session ended there) only takes the token: nothing shown belongs to anyone else.
 */
function switchCustomer(session: ActorRefFrom<typeof sessionMachine>, theirs: SessionValues, reload: () => void): void {
  const mine = session.getSnapshot().context;
  const forgotten = Object.fromEntries(Object.keys(mine).map((key) => [key, undefined]));
  session.send({ type: 'session.update', values: { ...forgotten, ...theirs } });
  if (!isSignedIn(mine) || mine.CustomerId !== theirs.CustomerId) reload();
}

/**
 * Walk 6 #4: another tab of the same shopper changed the area or the Delivery Options choice: this tab takes it (its
 * header, and an open checkout, which goes back to the cart: checkout.setup.ts's watchSession). A write without an area
 * (a logout's cleared storage) is no choice: the session's end keeps this tab's area.
 */
function followChoice(session: ActorRefFrom<typeof sessionMachine>, theirs: SessionValues): void {
  if (theirs.zipcode === undefined) return;
  const mine = session.getSnapshot().context;
  if (sharedChoiceOf(mine) === sharedChoiceOf(theirs)) return;
  session.send({ type: 'session.update', values: Object.fromEntries(sharedChoiceKeys.map((key) => [key, theirs[key]])) });
}

/**
 * Walk 5 #4, loaded after the first render (main.tsx): the session ends in this tab when the server answers its token
 * with the 401 'Please sign in again.' (http.ts), or when another tab logs out (its stored session without a token, or
 * the storage cleared: only another tab's write fires `storage`). When another tab signs in (another customer, or this
 * one again), this tab follows that session instead (seam b6 #2); when it changes the area or Delivery Options choice,
 * this tab takes the new one (walk 6 #4). Nothing is saved while following: what the other
 * tab stored stays as it is, so its logout stays whole (the spec clears the age answer and area too) and no token comes
 * back, and its sign-in stays its own.
 */
export function followSessionEnd(
  session: ActorRefFrom<typeof sessionMachine>,
  /** http.ts's hook for a 401 to a call sent with the token (handed over by main.tsx). */
  onTokenRefused: (listener: (error: Error, token: string) => void) => void,
  storage: SessionStorage = () => window.localStorage,
  tabs: Pick<Window, 'addEventListener'> & { location: Pick<Location, 'reload'> } = window,
): void {
  onTokenRefused((error, sent) => {
    // Another 401's words (a dead reset link) leave the session as it is, and so does a call sent with a token this
    // tab no longer holds (sent before another sign-in it followed): the session of now was not refused.
    if (!isSignInAgain(error) || sent !== session.getSnapshot().context.Token) return;
    // Saved only while the stored session is still this tab's: once another tab logged out (the token's end) or
    // signed in, what it stored stays, or a tab loading it next (the one logging out) would read this tab's ended state.
    if (storedToken(storage) === session.getSnapshot().context.Token) endSession(session);
    else endAsStored(session, storage);
  });
  tabs.addEventListener('storage', (event) => {
    if (event.key !== sessionStorageKey && event.key !== null) return;
    const theirs = storedValues(event.newValue);
    const mine = session.getSnapshot().context;
    // Followed without saving: a passing write of this tab's (its ended session, the former customer's values) would
    // reach the other tabs, and the tab logging out could even load it back as its own (seam b6 #2).
    if (isSignedIn(theirs) && theirs.Token !== mine.Token) {
      withoutSaving(() => switchCustomer(session, theirs, () => tabs.location.reload()));
      return;
    }
    // A logout there (no token) ends a signed-in session here; a guest's token (a guest checkout there) does not.
    if (!theirs.Token && isSignedIn(mine)) {
      endAsStored(session, storage);
      return;
    }
    // The same shopper (signed in with this token, or a guest in both): the area and choice made there are this tab's
    // too. A guest's token beside this tab's customer stays theirs.
    if (isSignedIn(theirs) === isSignedIn(mine)) withoutSaving(() => followChoice(session, theirs));
  });
}
