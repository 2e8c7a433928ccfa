import { validate } from 'superstruct';
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import { notificationsMachine } from './notifications.machine.ts';
import { sessionStorageKey, sessionValues, type SessionValues } from './session-values.ts';
import { sessionMachine } from './session.machine.ts';

/** The browser storage the session lives in; a getter, because merely reading `window.localStorage` may throw. */
export type SessionStorage = () => Pick<Storage, 'getItem' | 'setItem'>;

function loadSession(storage: SessionStorage): SessionValues {
  try {
    // Nothing stored parses as null, which is no session either.
    const [invalid, values] = validate(JSON.parse(storage().getItem(sessionStorageKey) ?? 'null') as unknown, sessionValues);
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

/**
 * What a session's saves write: its values, until session-end.ts (loaded later) holds some of an ended tab's back
 * (session-held.ts, decision 086). An object, so that module can replace it without this one growing.
 */
export const saves = { of: (values: SessionValues, _session: AnyActorRef): SessionValues => values };

/**
 * Start-up (called once by main.tsx): the app-wide session actor, read back from storage and saved on every change,
 * and the notifications actor. The only place that touches the
 * browser's storage for the session. `inspect`: the recording build's hook (src/dev/flow-record.ts), from their start.
 * (A session ended elsewhere is followed by session-end.ts, loaded after the first render.)
 */
export function startAppActors(storage: SessionStorage, inspect?: (event: InspectionEvent) => void) {
  const session = createActor(sessionMachine, { input: loadSession(storage), inspect });
  session.subscribe((snapshot) => {
    if (!saving) return;
    try {
      storage().setItem(sessionStorageKey, JSON.stringify(saves.of(snapshot.context, session)));
    } catch {
      // Private mode or a full storage: the session still works for this tab.
    }
  });
  session.start();

  const notifications = createActor(notificationsMachine, { inspect }).start();
  return { session, notifications };
}
