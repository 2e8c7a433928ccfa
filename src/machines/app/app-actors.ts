import { validate } from 'superstruct';
import { createActor, type InspectionEvent } from 'xstate';
import { areaCookieAssignment } from '../../rules/area-cookie.ts';
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

/** Where the area's cookie copy is written (main.tsx: `document.cookie`, Secure on https); none at build time. */
export interface AreaCookieJar {
  write: (assignment: string) => void;
  secure: boolean;
}

/** The cookie copy of the session's area (src/rules/area-cookie.ts): written when it differs from the last written. */
function areaCookieMirror(jar: AreaCookieJar) {
  let written: string | undefined;
  return (values: SessionValues) => {
    const assignment = areaCookieAssignment({ zipcode: values.zipcode, loc_id: values.location, courier_type: values.couriertype }, jar.secure);
    if (assignment === written) return;
    written = assignment;
    try {
      jar.write(assignment);
    } catch {
      // Cookies refused: the listing is drawn by the app, as without a cookie.
    }
  };
}

/**
 * Start-up (called once by main.tsx): the app-wide session actor, read back from storage and saved on every change,
 * and the notifications actor. The only place that touches the
 * browser's storage for the session. `inspect`: the recording build's hook (src/dev/flow-record.ts), from their start.
 * `cookies`: where the area's cookie copy goes, written at start (a shopper from before the cookie gets it) and on
 * every change of the area, cleared with it.
 */
export function startAppActors(storage: SessionStorage, inspect?: (event: InspectionEvent) => void, cookies?: AreaCookieJar) {
  const session = createActor(sessionMachine, { input: loadSession(storage), inspect });
  const mirror = cookies ? areaCookieMirror(cookies) : undefined;
  session.subscribe((snapshot) => {
    try {
      storage().setItem(sessionStorageKey, JSON.stringify(snapshot.context));
    } catch {
      // Private mode or a full storage: the session still works for this tab.
    }
    mirror?.(snapshot.context);
  });
  session.start();
  mirror?.(session.getSnapshot().context);

  const notifications = createActor(notificationsMachine, { inspect }).start();
  return { session, notifications };
}
