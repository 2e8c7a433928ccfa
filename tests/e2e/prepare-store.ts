/**
 * The browser journeys' store: the seed catalogue in a fresh embedded database, with deep stock on every offer that
 * has some, so a run's many orders never sell a product out under a later journey (offers seeded out of stock stay
 * out of stock: a journey checks them), but for the one product a journey asks for more of than there is
 * (low-stock.ts), and as deep a driver's slot, so two journeys never race for its last seat (each cart holds a seat
 * from the moment its slot is chosen). Run by global-setup before the server opens the same folder.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedCatalogue } from '../../server/db/seed/seed-catalogue.ts';
import { addStoreUser } from '../../server/services/accounts/store-users.ts';
import { lowStock } from './low-stock.ts';
import { newYorkOnly } from './new-york-only.ts';
import { e2ePacificSeller, e2eSeller, e2eStaff } from './store-users.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: prepare-store.ts DATA_DIR');
const database = await openDatabase({ dataDir });
await migrateToLatest(database.db);
await seedCatalogue(database.db);
await sql`update variant_offers set stock = stock + 1000 where stock > 0`.execute(database.db);
// Every seller of every size the same few, so the refusal says the same whichever offer the cart took.
await database.db
  .updateTable('variant_offers')
  .set({ stock: lowStock.stock })
  .where('stock', '>', 0)
  .where('variant_id', 'in', (eb) =>
    eb
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select('product_variants.id')
      .where('products.name', '=', lowStock.name),
  )
  .execute();
// One product only New York delivers: the one line a move to 60601 cannot bring along. Chicago's butchers' offers of
// it go and its nationwide ones sell in New York only (10001's listings stay as the seed has them).
const newYorkOnlyVariants = database.db
  .selectFrom('product_variants')
  .innerJoin('products', 'products.id', 'product_variants.product_id')
  .select('product_variants.id')
  .where('products.name', '=', newYorkOnly.name);
await database.db
  .deleteFrom('variant_offers')
  .where('variant_id', 'in', newYorkOnlyVariants)
  .where('area_loc_id', '=', newYorkOnly.chicagoLocId)
  .execute();
await database.db
  .updateTable('variant_offers')
  .set({ area_loc_id: newYorkOnly.newYorkLocId })
  .where('variant_id', 'in', newYorkOnlyVariants)
  .where('area_loc_id', 'is', null)
  .execute();
await sql`update driver_slot_templates set capacity = capacity + 1000`.execute(database.db);
// The fulfilment journey's seller, as `npm run users -- add --role seller --loc …` makes one, for every local shop.
const localShops = await database.db
  .selectFrom('vendor_locations')
  .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
  .select('vendor_locations.id')
  .where('vendors.kind', '=', 'local')
  .execute();
const seller = await addStoreUser(database.db, { ...e2eSeller, role: 'seller', locIds: localShops.map((l) => l.id) });
if (seller.kind === 'invalid') throw new Error(`the e2e seller: ${seller.message}`);
// A seller of the Californian local shops only: their console's days are San Francisco's (src/rules/local-day.ts).
const pacificShops = await database.db
  .selectFrom('vendor_locations')
  .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
  .select('vendor_locations.id')
  .where('vendors.kind', '=', 'local')
  .where('vendor_locations.state', '=', 'CA')
  .execute();
const pacificSeller = await addStoreUser(database.db, { ...e2ePacificSeller, role: 'seller', locIds: pacificShops.map((l) => l.id) });
if (pacificSeller.kind === 'invalid') throw new Error(`the e2e Pacific seller: ${pacificSeller.message}`);
const staff = await addStoreUser(database.db, { ...e2eStaff, role: 'staff', locIds: [] });
if (staff.kind === 'invalid') throw new Error(`the e2e staff user: ${staff.message}`);
await database.close();
