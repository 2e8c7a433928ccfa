import { areaCookieName, type CookieArea } from './area-cookie.ts';
import { catalogueRestaurant, speedValues, type SpeedValue } from './speeds.ts';

// The server's side of the area cookie (area-cookie.ts, decision 066), kept apart so the first load carries none of it.
const zipPattern = /^[A-Za-z0-9 -]{1,12}$/;

const isSpeed = (value: string): value is SpeedValue => (speedValues as readonly string[]).includes(value);

/** The area a Cookie header carries, checked as strictly as it was written; undefined for none or anything else. */
export function areaFromCookieHeader(header: string | undefined): CookieArea | undefined {
  if (!header) return undefined;
  const value = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${areaCookieName}=`))
    ?.slice(areaCookieName.length + 1);
  const match = value === undefined ? null : /^([A-Za-z0-9%-]{1,40})\.(\d{1,9})\.([a-z-]{0,12})(?:\.(\d{1,9}))?$/.exec(value);
  if (!match) return undefined;
  const [, encodedZip = '', locId = '', speed = '', restaurant] = match;
  let zipcode: string;
  try {
    zipcode = decodeURIComponent(encodedZip);
  } catch {
    return undefined;
  }
  if (!zipPattern.test(zipcode)) return undefined;
  if (speed !== '' && !isSpeed(speed)) return undefined;
  const courierType = speed === '' ? undefined : speed;
  const restaurantLocId = catalogueRestaurant(courierType, restaurant === undefined ? undefined : Number(restaurant));
  return { zipcode, loc_id: Number(locId), courier_type: courierType, ...(restaurantLocId ? { vendor_location_id: restaurantLocId } : {}) };
}
