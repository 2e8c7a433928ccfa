import { sql, type Kysely } from 'kysely';

/**
 * A restaurant's mode is its offers at that speed: the served-areas cache (catalogue-cache.ts) is built from them and
 * dropped on the catalogue's `all` notice. Removing them (029) or moving them to another area or speed (034) already
 * notifies `all`; handing them to another location (loc_id) notified nothing, so the restaurant that lost them was
 * still accepted for that mode until the cache's minute ran out. 034's trigger now watches loc_id too. Rare (an
 * operator's move, never an order): the caches reloading from scratch is cheap enough.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists variant_offers_moved on variant_offers`.execute(db);
  await sql`
    create trigger variant_offers_moved after update of variant_id, area_loc_id, speed, loc_id on variant_offers for each row
    when ((old.variant_id, old.area_loc_id, old.speed, old.loc_id) is distinct from (new.variant_id, new.area_loc_id, new.speed, new.loc_id))
    execute function store_catalogue_changed()`.execute(db);
}

/** Back to 034's trigger. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists variant_offers_moved on variant_offers`.execute(db);
  await sql`
    create trigger variant_offers_moved after update of variant_id, area_loc_id, speed on variant_offers for each row
    when ((old.variant_id, old.area_loc_id, old.speed) is distinct from (new.variant_id, new.area_loc_id, new.speed))
    execute function store_catalogue_changed()`.execute(db);
}
