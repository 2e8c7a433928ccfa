import { isSignedIn, type SessionValues } from './session-values.ts';

/**
 * Decision 086 (left by walk 6): values a tab holds for itself but no longer stores. A tab whose session another tab
 * ended (its logout) keeps its area, age answer and the word that it ended, to stay on its page and say so; the
 * browser's storage holds what the logout left (nothing). Writing them back with this tab's next change would bring
 * the tab that logged out (or any tab loaded next) back to the store instead of the age gate.
 */
export type HeldKeys = ReadonlySet<keyof SessionValues>;

/**
 * The held keys after a change of this tab's own: one the shopper changed here (a zip answered, the age gate) is this
 * tab's to store again, and a sign-in here makes the whole session its own.
 */
export function heldAfterChange(held: HeldKeys, before: SessionValues, after: SessionValues): HeldKeys {
  if (held.size === 0) return held;
  if (isSignedIn(after)) return new Set();
  return new Set([...held].filter((key) => JSON.stringify(before[key]) === JSON.stringify(after[key])));
}

/** What this tab stores: its values, but the held ones as the storage has them now (another tab's, or none). */
export function valuesToStore(mine: SessionValues, stored: SessionValues, held: HeldKeys): SessionValues {
  if (held.size === 0) return mine;
  return { ...mine, ...Object.fromEntries([...held].map((key) => [key, stored[key]])) };
}
