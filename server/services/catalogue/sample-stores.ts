import type { Kysely } from 'kysely';
import type { SampleStore } from '../../../src/api/contract/stores.contract.ts';
import type { Database } from '../../db/schema.ts';
import { coordinatesOfZip } from '../platform/zip-distance.ts';

const kindLabels: Readonly<Record<string, string>> = { local: 'Shop', courier: 'Courier', 'farm-direct': 'Farm' };

/**
 * The store's own sellers (every shop, courier and farm; not the partner restaurants), placed on the map by their
 * zip's coordinates, and whether each delivers to `zipcode`: a shop serves its own city's zips (service_areas), the
 * courier and the farms ship to every served zip.
 */
export async function sampleStores(db: Kysely<Database>, zipcode: string | undefined): Promise<SampleStore[]> {
  const rows = await db
    .selectFrom('vendor_locations as l')
    .innerJoin('vendors as v', 'v.id', 'l.vendor_id')
    .select(['l.id', 'l.name', 'v.kind', 'v.name as vendor', 'l.street1', 'l.city', 'l.state', 'l.zipcode', 'l.telephone', 'l.ships_nationwide'])
    .where('v.kind', '<>', 'restaurant')
    .orderBy('l.id')
    .execute();
  const area = zipcode ? await db.selectFrom('service_areas').select(['city', 'state']).where('zipcode', '=', zipcode).executeTakeFirst() : undefined;
  const stores: SampleStore[] = [];
  for (const row of rows) {
    const at = await coordinatesOfZip(row.zipcode);
    if (!at) continue;
    const fish = /fish|oyster|seafood/i.test(`${row.vendor} ${row.name}`);
    const kind = row.kind === 'local' ? (fish ? 'Fishmonger' : 'Butcher') : (kindLabels[row.kind] ?? 'Shop');
    stores.push({
      loc_id: row.id,
      name: row.name,
      kind,
      street1: row.street1,
      city: row.city,
      state: row.state,
      zipcode: row.zipcode,
      telephone: row.telephone,
      latitude: at.latitude,
      longitude: at.longitude,
      serves_zip: area !== undefined && (row.ships_nationwide || (row.city === area.city && row.state === area.state)),
    });
  }
  return stores;
}
