import { sql, type Kysely } from 'kysely';

/**
 * Who serves Dine-In or Pick-Up depends on whether a restaurant has a visit offer in stock (the served-areas cache,
 * catalogue-cache.ts). A product's stock notice (029) went out for every order of a product restaurants also sell (a
 * butcher's ribeye), and the cache was dropped on each: two statements after every such order. The notice now says
 * `product:<id>:visit` only when a visit offer's stock crosses zero (sold out, or back in stock), which is rare; any
 * other price or stock change says `product:<id>` as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function store_offer_changed() returns trigger language plpgsql as $$
    declare
      payload text;
    begin
      if new.price_cents is distinct from old.price_cents or new.stock is distinct from old.stock then
        payload := 'product:' || (select product_id from product_variants where id = new.variant_id);
        if new.speed in ('dine-in', 'pickup') and (old.stock > 0) is distinct from (new.stock > 0) then
          payload := payload || ':visit';
        end if;
        perform pg_notify('store_catalogue', payload);
      end if;
      return null;
    end $$`.execute(db);
}

/** Back to 029's notice. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function store_offer_changed() returns trigger language plpgsql as $$
    begin
      if new.price_cents is distinct from old.price_cents or new.stock is distinct from old.stock then
        perform pg_notify('store_catalogue', 'product:' || (select product_id from product_variants where id = new.variant_id));
      end if;
      return null;
    end $$`.execute(db);
}
