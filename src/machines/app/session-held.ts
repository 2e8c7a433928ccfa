import { isSignedIn, type SessionValues } from './session-values.ts';

/**
 * Decision 086 (left by walk 6): values a tab holds for itself but no longer stores. A tab whose session another tab
 * ended (its logout) keeps its area, age answer and the word that it ended, to stay on its page and say so; the
 * browser's storage holds what the logout left (nothing). Writing them back with this tab's next change would bring
 * the tab that logged out (or any tab loaded next) back to the store instead of the age gate.
 */
export type HeldKeys = ReadonlySet<keyof SessionValues>;

/**
 * The keys still held once the session is `now`: one whose value moved since it was held (`heldAt`: the shopper
 * answered it here, or this tab followed another tab's) is this tab's to store again, and a sign-in makes the whole
 * session its own.
 */
export function heldAfterChange(held: HeldKeys, heldAt: SessionValues, now: SessionValues): HeldKeys {
  if (held.size === 0) return held;
  if (isSignedIn(now)) return new Set();
  return new Set([...held].filter((key) => JSON.stringify(heldAt[key]) === JSON.stringify(now[key])));
}

/** What this tab stores: its values, but the held ones as the storage has them now (another tab's, or none). */
export function valuesToStore(mine: SessionValues, stored: SessionValues, held: HeldKeys): SessionValues {
  if (held.size === 0) return mine;
  return { ...mine, ...Object.fromEntries([...held].map((key) => [key, stored[key]])) };
}

/**
 * What the session's saves write from now on (app-actors.ts's shapeSaves), `keys` held as they are now: what
 * `stored()` holds for those still held, this tab's values for the rest.
 */
export function heldSaves(
  keys: readonly (keyof SessionValues)[],
  heldAt: SessionValues,
  stored: () => SessionValues,
): (values: SessionValues) => SessionValues {
  let held: HeldKeys = new Set(keys);
  return (values) => {
    held = heldAfterChange(held, heldAt, values);
    return valuesToStore(values, held.size > 0 ? stored() : {}, held);
  };
}
