import { validate } from 'superstruct';
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { heldAfterChange, valuesToStore, type HeldKeys } from './session-held.ts';
import { notificationsMachine } from './notifications.machine.ts';
import { sessionStorageKey, sessionValues, type SessionValues } from './session-values.ts';
import { sessionMachine } from './session.machine.ts';

/** The browser storage the session lives in; a getter, because merely reading `window.localStorage` may throw. */
export type SessionStorage = () => Pick<Storage, 'getItem' | 'setItem'>;

function loadSession(storage: SessionStorage): SessionValues {
  try {
    const raw = storage().getItem(sessionStorageKey);
    if (!raw) return {};
    const [invalid, values] = validate(JSON.parse(raw) as unknown, sessionValues);
    return invalid ? {} : values;
  } catch {
    return {};
  }
}

/** Whether the session's changes are being saved (not while it follows what another tab saved). */
let saving = true;

/**
 * Makes `change` to the session without saving it: the session follows what another tab stored (its logout, its
 * sign-in), and writing this tab's passing values over it would undo it for every tab (session-end.ts).
 */
export function withoutSaving(change: () => void): void {
  saving = false;
  try {
    change();
  } finally {
    saving = true;
  }
}

/** Each session actor's held keys (session-held.ts): set by holdHere, read and narrowed by its saver. */
const heldBy = new WeakMap<AnyActorRef, HeldKeys>();

/**
 * The session's `keys` are this tab's only from now on (its session ended by another tab's logout): its later saves
 * store them as the storage has them, until the shopper changes them here or signs in here (session-held.ts).
 */
export function holdHere(session: AnyActorRef, keys: readonly (keyof SessionValues)[]): void {
  heldBy.set(session, new Set([...(heldBy.get(session) ?? []), ...keys]));
}

/**
 * Start-up (called once by main.tsx): the app-wide session actor, read back from storage and saved on every change,
 * and the notifications actor. The only place that touches the
 * browser's storage for the session. `inspect`: the recording build's hook (src/dev/flow-record.ts), from their start.
 * (A session ended elsewhere is followed by session-end.ts, loaded after the first render.)
 */
export function startAppActors(storage: SessionStorage, inspect?: (event: InspectionEvent) => void) {
  const session = createActor(sessionMachine, { input: loadSession(storage), inspect });
  let before = session.getSnapshot().context;
  session.subscribe((snapshot) => {
    // A change followed from another tab (not saved) only lets go of the held keys by signing in.
    const held = heldBy.get(session);
    if (held) heldBy.set(session, heldAfterChange(held, saving ? before : snapshot.context, snapshot.context));
    before = snapshot.context;
    if (!saving) return;
    try {
      const stored = heldBy.get(session)?.size ? loadSession(storage) : {};
      storage().setItem(sessionStorageKey, JSON.stringify(valuesToStore(snapshot.context, stored, heldBy.get(session) ?? new Set())));
    } catch {
      // Private mode or a full storage: the session still works for this tab.
    }
  });
  session.start();

  const notifications = createActor(notificationsMachine, { inspect }).start();
  return { session, notifications };
}
