import { sql, type Kysely } from 'kysely';

/**
 * Search's name index is held in memory per instance (decision 064) and dropped on a catalogue notice (migration
 * 029). An offer moved to another area, speed or size changes which areas a product is found in, yet 029 notifies
 * only a price or stock change of an existing offer (per row) and added or removed offers (per statement): this
 * notifies `all` when an offer's variant, area or speed changes. Rare (a seller's move, never an order), so the
 * caches reloading from scratch is cheap enough.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger variant_offers_moved after update of variant_id, area_loc_id, speed on variant_offers for each row
    when ((old.variant_id, old.area_loc_id, old.speed) is distinct from (new.variant_id, new.area_loc_id, new.speed))
    execute function store_catalogue_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists variant_offers_moved on variant_offers`.execute(db);
}
