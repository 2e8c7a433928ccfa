import { catalogueRestaurant, type SpeedValue } from './speeds.ts';

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
  /** Dine-In and Pick-Up: the restaurant chosen on /ship/options, whose prices the listing's cards show. */
  vendor_location_id?: number | undefined;
}

/**
 * What `document.cookie` is given to store the area (`zip.loc_id.courier_type`, the zip URI-encoded, and
 * `.restaurant` for a visit speed with one chosen; kept a year as the browser's storage keeps the area), or to clear
 * it (no area). SameSite=Lax: sent when a shopper follows a link into the store, never on another site's requests.
 * Small on purpose: it is in the first load; the server checks it (area-cookie-header.ts).
 */
export function areaCookieAssignment(area: Partial<CookieArea>): string {
  const restaurant = catalogueRestaurant(area.courier_type, area.vendor_location_id);
  const value =
    area.zipcode && area.loc_id !== undefined
      ? `${encodeURIComponent(area.zipcode)}.${area.loc_id}.${area.courier_type ?? ''}${restaurant === undefined ? '' : `.${restaurant}`}`
      : '';
  return `${areaCookieName}=${value}; Path=/; SameSite=Lax; Max-Age=${value ? 31536000 : 0}`;
}
