import { speedValues, type SpeedValue } from './speeds.ts';

/**
 * The shopper's delivery area (zip, loc_id, courier type) mirrored into a cookie, so the server can draw a listing's
 * first cards into the page before any script has run (docs/decisions/066). The browser's storage stays the area's
 * home; the cookie is a copy written whenever the session changes and cleared with it. It is no secret and no session:
 * nothing in it identifies the shopper beyond a zip, and the server reads it for the HTML only (never for an API call).
 */
export const areaCookieName = 'mf_area';

export interface CookieArea {
  zipcode: string;
  loc_id: number;
  courier_type?: SpeedValue | undefined;
}

/** A year, as long as the browser's storage keeps the area; every change writes it again. */
const maxAgeSeconds = 365 * 24 * 60 * 60;
const zipPattern = /^[A-Za-z0-9 -]{1,12}$/;

const isSpeed = (value: string): value is SpeedValue => (speedValues as readonly string[]).includes(value);

/** The cookie's value for an area: `zip.loc_id.courier_type` (the zip URI-encoded), or undefined for no area. */
export function areaCookieValue(area: Partial<CookieArea>): string | undefined {
  if (!area.zipcode || !zipPattern.test(area.zipcode) || area.loc_id === undefined || !Number.isSafeInteger(area.loc_id)) return undefined;
  return `${encodeURIComponent(area.zipcode)}.${area.loc_id}.${area.courier_type ?? ''}`;
}

/**
 * What `document.cookie` is given to store the area, or to clear it (no area). SameSite=Lax: sent when a shopper
 * follows a link into the store, never on another site's requests; Secure on https.
 */
export function areaCookieAssignment(area: Partial<CookieArea>, secure: boolean): string {
  const value = areaCookieValue(area);
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value === undefined ? `${areaCookieName}=${attributes}; Max-Age=0` : `${areaCookieName}=${value}${attributes}; Max-Age=${maxAgeSeconds}`;
}

/** The area a Cookie header carries, checked as strictly as it was written; undefined for none or anything else. */
export function areaFromCookieHeader(header: string | undefined): CookieArea | undefined {
  if (!header) return undefined;
  const value = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${areaCookieName}=`))
    ?.slice(areaCookieName.length + 1);
  const match = value === undefined ? null : /^([A-Za-z0-9%-]{1,40})\.(\d{1,9})\.([a-z-]{0,12})$/.exec(value);
  if (!match) return undefined;
  const [, encodedZip = '', locId = '', speed = ''] = match;
  let zipcode: string;
  try {
    zipcode = decodeURIComponent(encodedZip);
  } catch {
    return undefined;
  }
  if (!zipPattern.test(zipcode)) return undefined;
  if (speed !== '' && !isSpeed(speed)) return undefined;
  return { zipcode, loc_id: Number(locId), courier_type: speed === '' ? undefined : speed };
}
