import { isIP } from 'node:net';

/** Where an address is, as far as the geo-IP data knows: a city and its coordinates. */
export interface GeoPlace {
  city: string;
  /** Region (state) code, 'NY'. */
  region: string;
  country: string;
  latitude: number;
  longitude: number;
}

export type GeoLocate = (ip: string) => Promise<GeoPlace | undefined>;

type GeoIpModule = typeof import('geoip-lite');
let loading: Promise<GeoIpModule> | undefined;

/** The accuracy radius (km) beyond which a lookup says too little to name a city. */
const maxAccuracyKm = 100;

/**
 * geoip-lite's city lookup, loaded on the first call only: its data takes about 150 MB of memory, which a store that
 * never shows the pincode dialog to a new shopper should not pay. Private, loopback and unknown addresses, and
 * country-level answers without a city, give undefined.
 */
export const geoIpLocate: GeoLocate = async (ip) => {
  if (isIP(ip) === 0) return undefined;
  loading ??= import('geoip-lite').then((m) => ('default' in m && m.default ? (m.default as GeoIpModule) : m));
  const geo = await loading;
  const found = geo.lookup(ip);
  if (!found || !found.city || found.area > maxAccuracyKm) return undefined;
  const [latitude, longitude] = found.ll;
  return { city: found.city, region: found.region, country: found.country, latitude, longitude };
};
