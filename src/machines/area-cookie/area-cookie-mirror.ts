import type { Actor } from 'xstate';
import { areaCookieAssignment } from '../../rules/area-cookie.ts';
import type { SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';

/**
 * The session's area copied into a cookie (src/rules/area-cookie.ts, decision 066): written now (a shopper from
 * before the cookie gets it) and whenever the area changes, cleared with it. Loaded after the first render (main.tsx),
 * out of the first load: the storage stays the area's home, the cookie only lets the server draw a listing's cards.
 */
export function mirrorAreaCookie(
  session: Actor<typeof sessionMachine>,
  write = (assignment: string) => {
    document.cookie = assignment;
  },
): void {
  let written: string | undefined;
  const copy = (values: SessionValues) => {
    const assignment = areaCookieAssignment({
      zipcode: values.zipcode,
      loc_id: values.location,
      courier_type: values.couriertype,
      vendor_location_id: values.retailer,
    });
    if (assignment === written) return;
    written = assignment;
    try {
      write(assignment);
    } catch {
      // Cookies refused: the listing is drawn by the app, as without a cookie.
    }
  };
  session.subscribe((snapshot) => copy(snapshot.context));
  copy(session.getSnapshot().context);
}
