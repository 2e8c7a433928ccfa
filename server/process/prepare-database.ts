import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { analyzeTables, isCatalogueEmpty, seedCatalogue } from '../db/seed/seed-catalogue.ts';
import { seedDeliveryIfMissing } from '../db/seed/seed-delivery.ts';

/**
 * The migrations and the first start's seed: once per start, before anything serves. With several workers the
 * cluster's primary runs this before it forks them, so no two processes migrate or seed the same database at once.
 */
export async function prepareDatabase(db: Kysely<Database>, config: Config): Promise<void> {
  await migrateToLatest(db);
  if (config.seedOnStart && (await isCatalogueEmpty(db))) {
    const counts = await seedCatalogue(db);
    await analyzeTables(db);
    console.log(`Seeded the catalogue: ${counts.products} products, ${counts.variants} sizes, ${counts.offers} offers.`);
  } else if (config.seedOnStart && (await seedDeliveryIfMissing(db))) {
    // A database seeded before delivery calendars existed gets them (and the coupons) once.
    console.log('Added delivery calendars, driver slots and coupons to the existing catalogue.');
  }
}
