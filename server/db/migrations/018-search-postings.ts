import { sql, type Kysely } from 'kysely';

/**
 * Search at a bounded cost per text (issue 15, decision 021):
 *
 * - search_postings: one row per (English lexeme of a product's name, product), walked by an index in popularity
 *   order, with the product's offer keys in the index: "the best products with this word in their name that are sold
 *   in this area" is one index range read that stops after a page of results, whatever the word. (Walking all names in
 *   popularity order and probing the offers of each candidate visited ~8,700 entries and ~370 × 2 index probes for
 *   'salmon' at 100,000 products.)
 * - offer keys: where and how a product is offered, as integers coalesce(area_loc_id, 0) * 8 + a speed code
 *   (search_speed_code), so "offered in area A at these speeds" is an array overlap with the few keys the shopper's
 *   area and speed allow. Areas are few (four at 100,000 products), so a product has about five keys. Also kept on
 *   search_names, which a multi-word search probes to check the other words.
 *
 * Kept current by the catalogue's writes: products (one trigger function for insert, update and delete, replacing
 * 015's three near-identical ones), offers and variants (their product's keys). A bulk load sets
 * store.defer_search = 'on' for its transaction and calls search_rebuild() once at the end (the seed drops the
 * offers' indexes while it loads, so per-statement refreshes would scan them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_speed_code(speed text) returns integer
    language sql immutable parallel safe
    return case speed when 'local' then 1 when 'courier' then 2 when 'farm-direct' then 3 when 'dine-in' then 4 when 'pickup' then 5 else 0 end
  `.execute(db);
  await sql`
    create function search_deferred() returns boolean
    language sql stable
    return coalesce(current_setting('store.defer_search', true), '') = 'on'
  `.execute(db);

  await sql`alter table search_names add column offer_keys integer[] not null default '{}'`.execute(db);
  // A multi-word search checks its candidates' whole names here, index-only once vacuumed.
  await sql`create index search_names_product_idx on search_names (product_id) include (name_vector)`.execute(db);
  await sql`
    create table search_postings (
      lexeme text not null,
      popularity integer not null,
      product_id integer not null,
      offer_keys integer[] not null
    )`.execute(db);
  await sql`create index search_postings_walk_idx on search_postings (lexeme, popularity desc, product_id) include (offer_keys)`.execute(db);
  await sql`create index search_postings_product_idx on search_postings (product_id)`.execute(db);

  // The offer keys of the given products (all when ids is null); products with no offer are left out.
  await sql`
    create function search_offer_keys(ids integer[]) returns table (product_id integer, offer_keys integer[])
    language sql stable as $$
      select v.product_id, array_agg(distinct coalesce(o.area_loc_id, 0) * 8 + search_speed_code(o.speed))
      from product_variants v join variant_offers o on o.variant_id = v.id
      where ids is null or v.product_id = any(ids)
      group by v.product_id
    $$`.execute(db);

  // A product's search rows (search_names, search_postings) dropped, and written again from products and offers.
  await sql`
    create function search_forget_products(ids integer[]) returns void
    language sql as $$
      delete from search_postings where product_id = any(ids);
      delete from search_names where product_id = any(ids);
    $$`.execute(db);
  await sql`
    create function search_learn_products(ids integer[]) returns void
    language sql as $$
      insert into search_names (product_id, popularity, name_vector, offer_keys)
      select p.id, p.popularity, to_tsvector('english', p.name), coalesce(k.offer_keys, '{}')
      from products p left join search_offer_keys(ids) k on k.product_id = p.id
      where p.id = any(ids);
      insert into search_postings (lexeme, popularity, product_id, offer_keys)
      select l.lexeme, n.popularity, n.product_id, n.offer_keys
      from search_names n cross join lateral unnest(tsvector_to_array(n.name_vector)) as l(lexeme)
      where n.product_id = any(ids);
    $$`.execute(db);
  // After an offer or variant change: the keys of the given products, written only where they differ.
  await sql`
    create function search_refresh_offer_keys(ids integer[]) returns void
    language plpgsql as $$
    declare
      changed integer[];
    begin
      if ids is null or cardinality(ids) = 0 or search_deferred() then return; end if;
      with fresh as (
        select n.product_id, coalesce(k.offer_keys, '{}') as offer_keys
        from search_names n left join search_offer_keys(ids) k on k.product_id = n.product_id
        where n.product_id = any(ids)
      ), updated as (
        update search_names n set offer_keys = f.offer_keys from fresh f
        where n.product_id = f.product_id and n.offer_keys is distinct from f.offer_keys
        returning n.product_id
      )
      select array_agg(product_id) into changed from updated;
      if changed is null then return; end if;
      update search_postings p set offer_keys = n.offer_keys from search_names n
      where p.product_id = any(changed) and n.product_id = p.product_id;
    end $$`.execute(db);

  // Everything from the catalogue at once, set-based: after a bulk load.
  await sql`
    create function search_rebuild() returns void
    language sql as $$
      truncate search_postings, search_names;
      insert into search_names (product_id, popularity, name_vector, offer_keys)
      select p.id, p.popularity, to_tsvector('english', p.name), coalesce(k.offer_keys, '{}')
      from products p left join search_offer_keys(null) k on k.product_id = p.id;
      -- In walk order, so one word's best products share a few pages.
      insert into search_postings (lexeme, popularity, product_id, offer_keys)
      select l.lexeme, n.popularity, n.product_id, n.offer_keys
      from search_names n cross join lateral unnest(tsvector_to_array(n.name_vector)) as l(lexeme)
      order by 1, 2 desc, 3;
    $$`.execute(db);

  // Products: one function for the three events (015 had one per event, each repeating the same statements).
  await sql`
    create function search_products_changed() returns trigger language plpgsql as $$
    declare
      ids integer[];
    begin
      if tg_op = 'INSERT' then
        perform search_count_words((select array_agg(name) from new_rows), (select array_agg(description) from new_rows), 1);
        if not search_deferred() then perform search_learn_products((select array_agg(id) from new_rows)); end if;
      elsif tg_op = 'DELETE' then
        perform search_count_words((select array_agg(name) from old_rows), (select array_agg(description) from old_rows), -1);
        perform search_forget_products((select array_agg(id) from old_rows));
      else
        -- Only rows whose words or popularity changed (a stock or price edit touches neither).
        select array_agg(n.id) into ids from new_rows n join old_rows o on o.id = n.id
        where (n.name, n.description, n.popularity) is distinct from (o.name, o.description, o.popularity);
        if ids is null then return null; end if;
        perform search_count_words((select array_agg(name) from old_rows where id = any(ids)), (select array_agg(description) from old_rows where id = any(ids)), -1);
        perform search_count_words((select array_agg(name) from new_rows where id = any(ids)), (select array_agg(description) from new_rows where id = any(ids)), 1);
        perform search_forget_products(ids);
        if not search_deferred() then perform search_learn_products(ids); end if;
      end if;
      return null;
    end $$`.execute(db);
  for (const event of ['inserted', 'updated', 'deleted'] as const) {
    await sql`drop trigger ${sql.raw(`search_products_${event}`)} on products`.execute(db);
    await sql`drop function ${sql.raw(`search_products_${event}()`)}`.execute(db);
  }
  await sql`create trigger search_products_inserted after insert on products referencing new table as new_rows
    for each statement execute function search_products_changed()`.execute(db);
  await sql`create trigger search_products_updated after update on products referencing old table as old_rows new table as new_rows
    for each statement execute function search_products_changed()`.execute(db);
  await sql`create trigger search_products_deleted after delete on products referencing old table as old_rows
    for each statement execute function search_products_changed()`.execute(db);
  await sql`
    create or replace function search_products_truncated() returns trigger language plpgsql as $$
    begin
      truncate search_postings, search_names;
      update search_words set in_names = 0, in_texts = 0 where in_texts <> 0 or in_names <> 0;
      delete from search_words where not in_categories;
      return null;
    end $$`.execute(db);

  // Offers and variants: the products whose offers were added, removed, moved or re-timed. A stock or price change
  // (every order) fires nothing: the update triggers are per row and only for the columns that make a key.
  await sql`
    create function search_offers_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform search_refresh_offer_keys((select array_agg(distinct v.product_id) from new_rows n join product_variants v on v.id = n.variant_id));
      elsif tg_op = 'DELETE' then
        perform search_refresh_offer_keys((select array_agg(distinct v.product_id) from old_rows o join product_variants v on v.id = o.variant_id));
      else
        perform search_refresh_offer_keys(array(select product_id from product_variants where id in (old.variant_id, new.variant_id)));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_offers_inserted after insert on variant_offers referencing new table as new_rows
    for each statement execute function search_offers_changed()`.execute(db);
  await sql`create trigger search_offers_deleted after delete on variant_offers referencing old table as old_rows
    for each statement execute function search_offers_changed()`.execute(db);
  await sql`create trigger search_offers_updated after update of variant_id, area_loc_id, speed on variant_offers for each row
    when ((old.variant_id, old.area_loc_id, old.speed) is distinct from (new.variant_id, new.area_loc_id, new.speed))
    execute function search_offers_changed()`.execute(db);
  await sql`
    create function search_variants_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform search_refresh_offer_keys((select array_agg(distinct product_id) from old_rows));
      else
        perform search_refresh_offer_keys(array[old.product_id, new.product_id]);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_variants_deleted after delete on product_variants referencing old table as old_rows
    for each statement execute function search_variants_changed()`.execute(db);
  await sql`create trigger search_variants_updated after update of product_id on product_variants for each row
    when (old.product_id is distinct from new.product_id) execute function search_variants_changed()`.execute(db);

  await sql`select search_rebuild()`.execute(db);
  await sql`analyze search_names, search_postings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['search_offers_inserted', 'variant_offers'],
    ['search_offers_deleted', 'variant_offers'],
    ['search_offers_updated', 'variant_offers'],
    ['search_variants_deleted', 'product_variants'],
    ['search_variants_updated', 'product_variants'],
  ] as const) {
    await sql`drop trigger if exists ${sql.raw(trigger)} on ${sql.raw(table)}`.execute(db);
  }
  for (const fn of ['search_offers_changed()', 'search_variants_changed()', 'search_rebuild()', 'search_refresh_offer_keys(integer[])']) {
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  }
  // The products' trigger function stays (015's three are gone); what it calls goes back to 015's search_names only.
  await sql`
    create or replace function search_forget_products(ids integer[]) returns void
    language sql as $$ delete from search_names where product_id = any(ids); $$`.execute(db);
  await sql`
    create or replace function search_learn_products(ids integer[]) returns void
    language sql as $$
      insert into search_names (product_id, popularity, name_vector)
      select id, popularity, to_tsvector('english', name) from products where id = any(ids);
    $$`.execute(db);
  await sql`
    create or replace function search_products_truncated() returns trigger language plpgsql as $$
    begin
      truncate search_names;
      update search_words set in_names = 0, in_texts = 0 where in_texts <> 0 or in_names <> 0;
      delete from search_words where not in_categories;
      return null;
    end $$`.execute(db);
  await sql`drop table if exists search_postings`.execute(db);
  await sql`drop function if exists search_offer_keys(integer[])`.execute(db);
  await sql`drop index if exists search_names_product_idx`.execute(db);
  await sql`alter table search_names drop column if exists offer_keys`.execute(db);
}
