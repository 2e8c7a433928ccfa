import { sql, type Kysely } from 'kysely';
import * as summaries016 from './016-area-product-summaries.ts';

/**
 * Slimmer listings (issue 15, parts 3 and 6; decision 022). Migration 016 kept one wide row per (area, channel,
 * category, product) with six indexes: 422 MB of a 786 MB embedded database at 100k products, against PGlite's
 * 128 MB of shared_buffers, so a never-repeated listing read its pages through the WebAssembly file system. Now:
 *
 * - area_products: one row per (served area, channel, product) a shopper of the area can buy: what the filters and
 *   facets need (lowest price, sizes in all and per delivery speed, speed_mask, stock, categories) and the card
 *   (name, first image, age mark, each size's lowest price), so a page's cards need no other table.
 * - area_category_products: the narrow category membership, one row per category the product is filed under, with the
 *   sort keys. Three indexes serve the five orders: a descending sort is its ascending index read backwards (ties by
 *   product id descending, exactly the reverse of the ascending page order), and popularity is stored negated (rank),
 *   so no index is descending. Each includes speed_mask (and the price) so an unfiltered page is an index-only scan.
 * - area_listing_facets (016) stays as it is.
 *
 * Kept current in the writer's transaction as before, by one trigger function (area_summaries_changed) on every table
 * a summary reads, calling refresh_area_product_summaries(ids): recompute those products' rows and write only the
 * rows that differ. 016's functions and tables are replaced (016 itself is not changed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropSummaries016(db);

  await sql`
    create table area_products (
      area_loc_id integer not null,
      channel text not null check (channel in ('delivery', 'dine-in', 'pickup')),
      product_id integer not null,
      category_ids integer[] not null,
      popularity integer not null,
      sort_name text collate "C" not null,
      price_cents integer not null,
      speed_mask smallint not null,
      sizes integer[] not null,
      speed_sizes integer[] not null,
      size_unit text not null,
      in_stock boolean not null,
      name text not null,
      image text,
      age_restricted boolean not null,
      child_ids integer[] not null,
      child_sizes integer[] not null,
      child_cents integer[] not null,
      primary key (area_loc_id, channel, product_id)
    )`.execute(db);
  await sql`create index area_products_product_idx on area_products (product_id)`.execute(db);

  await sql`
    create table area_category_products (
      area_loc_id integer not null,
      channel text not null,
      category_id integer not null,
      product_id integer not null,
      rank integer not null,
      price_cents integer not null,
      sort_name text collate "C" not null,
      speed_mask smallint not null,
      sizes integer[] not null,
      speed_sizes integer[] not null,
      category_ids integer[] not null
    )`.execute(db);
  // Rows are found for a rewrite through the rank index (every key of it is known from the product's old row).
  await sql`create index area_category_products_rank_idx on area_category_products (area_loc_id, channel, category_id, rank, product_id)
    include (speed_mask, price_cents)`.execute(db);
  await sql`create index area_category_products_price_idx on area_category_products (area_loc_id, channel, category_id, price_cents, product_id)
    include (speed_mask)`.execute(db);
  await sql`create index area_category_products_name_idx on area_category_products (area_loc_id, channel, category_id, sort_name, product_id)
    include (speed_mask, price_cents)`.execute(db);

  // What a product's offers make of it in every served area (all products when ids is null).
  await sql`
    create function area_product_rows(ids integer[]) returns setof area_products
    language sql stable as $$
      with areas as (select distinct loc_id as area_loc_id from service_areas),
      offered as (
        select v.product_id, v.id as variant_id, v.bottle_size, o.price_cents, o.stock, a.area_loc_id,
               case when o.speed in ('dine-in', 'pickup') then o.speed else 'delivery' end as channel,
               case o.speed when 'local' then 1 when 'courier' then 2 when 'farm-direct' then 4 else 0 end as bit
        from product_variants v
        join variant_offers o on o.variant_id = v.id
        join areas a on o.area_loc_id = a.area_loc_id or o.area_loc_id is null
        where ids is null or v.product_id = any(ids)
      ),
      per_size as (
        select product_id, area_loc_id, channel, variant_id, bottle_size, min(price_cents) as price_cents
        from offered
        group by product_id, area_loc_id, channel, variant_id, bottle_size
      ),
      children as (
        select product_id, area_loc_id, channel,
               array_agg(variant_id order by bottle_size, variant_id) as child_ids,
               array_agg(bottle_size order by bottle_size, variant_id) as child_sizes,
               array_agg(price_cents order by bottle_size, variant_id) as child_cents
        from per_size
        group by product_id, area_loc_id, channel
      ),
      per_area as (
        select product_id, area_loc_id, channel,
               min(price_cents) as price_cents,
               bit_or(bit)::smallint as speed_mask,
               array_agg(distinct bottle_size order by bottle_size) as sizes,
               coalesce(array_agg(distinct bottle_size * 8 + bit order by bottle_size * 8 + bit) filter (where bit > 0), '{}') as speed_sizes,
               bool_or(stock > 0) as in_stock
        from offered
        group by product_id, area_loc_id, channel
      ),
      filed as (
        select product_id, array_agg(category_id order by category_id) as category_ids
        from product_categories
        where ids is null or product_id = any(ids)
        group by product_id
      ),
      first_image as (
        select distinct on (product_id) product_id, url
        from product_images
        where position = 0 and (ids is null or product_id = any(ids))
        order by product_id, id
      )
      select pa.area_loc_id, pa.channel, pa.product_id, f.category_ids, p.popularity, lower(p.name) collate "C",
             pa.price_cents, pa.speed_mask, pa.sizes, pa.speed_sizes, p.size_unit, pa.in_stock,
             p.name, i.url, p.age_restricted, c.child_ids, c.child_sizes, c.child_cents
      from per_area pa
      join children c using (product_id, area_loc_id, channel)
      join products p on p.id = pa.product_id
      join filed f on f.product_id = pa.product_id
      left join first_image i on i.product_id = pa.product_id
    $$`.execute(db);

  // The listing entries of a product's row: one per category it is filed under.
  await sql`
    create function area_category_rows(r area_products) returns setof area_category_products
    language sql immutable as $$
      select r.area_loc_id, r.channel, c, r.product_id, -r.popularity, r.price_cents, r.sort_name, r.speed_mask,
             r.sizes, r.speed_sizes, r.category_ids
      from unnest(r.category_ids) c
    $$`.execute(db);

  // The facet keys one product row counts towards, per category it is listed in: at any speed (0) and at each
  // delivery speed it is sold at; in all, per size, and per other category it is filed under.
  await sql`
    create function area_listing_facet_keys(r area_products)
    returns table (category_id integer, speed smallint, kind text, value integer, unit text)
    language sql immutable as $$
      with speeds as (
        select 0::smallint as speed
        union all
        select b::smallint from unnest(array[1, 2, 4]) b where r.channel = 'delivery' and r.speed_mask & b <> 0
      ),
      keys as (
        select k.speed, 'all' as kind, 0 as value, '' as unit, null::integer as other from speeds k
        union all
        select k.speed, 'size', s, r.size_unit, null from speeds k cross join unnest(r.sizes) s
        where k.speed = 0 or (s * 8 + k.speed) = any(r.speed_sizes)
        union all
        select k.speed, 'category', c, '', c from speeds k cross join unnest(r.category_ids) c
      )
      select listed, keys.speed, keys.kind, keys.value, keys.unit
      from unnest(r.category_ids) listed cross join keys
      where keys.other is null or keys.other <> listed
    $$`.execute(db);

  await sql`
    create or replace function refresh_area_product_summaries(ids integer[]) returns void
    language plpgsql as $$
    declare
      computed area_products[];
      fresh area_products[];
      stale area_products[];
    begin
      if ids is null or cardinality(ids) = 0 then return; end if;
      -- Two writers refreshing one product take turns (ids in order, so they cannot deadlock on each other).
      perform pg_advisory_xact_lock(1507, id) from (select distinct unnest(ids) as id order by 1) locked;
      select coalesce(array_agg(n), '{}') into computed from area_product_rows(ids) n;
      -- Only rows that differ are written: the new rows not stored yet, the stored rows no longer true.
      select coalesce(array_agg(n), '{}') into fresh
      from unnest(computed) n
      where not exists (
        select 1 from area_products o
        where (o.area_loc_id, o.channel, o.product_id) = (n.area_loc_id, n.channel, n.product_id) and o is not distinct from n
      );
      select coalesce(array_agg(o), '{}') into stale
      from area_products o
      where o.product_id = any(ids)
        and not exists (
          select 1 from unnest(computed) n
          where (n.area_loc_id, n.channel, n.product_id) = (o.area_loc_id, o.channel, o.product_id) and o is not distinct from n
        );
      if cardinality(fresh) = 0 and cardinality(stale) = 0 then return; end if;

      insert into area_listing_facets as f (area_loc_id, channel, category_id, speed, kind, value, unit, products)
      select d.area_loc_id, d.channel, d.category_id, d.speed, d.kind, d.value, d.unit, sum(d.n)::int
      from (
        select r.area_loc_id, r.channel, k.category_id, k.speed, k.kind, k.value, k.unit, 1 as n
        from unnest(fresh) r cross join lateral area_listing_facet_keys(r) k
        union all
        select r.area_loc_id, r.channel, k.category_id, k.speed, k.kind, k.value, k.unit, -1
        from unnest(stale) r cross join lateral area_listing_facet_keys(r) k
      ) d
      group by d.area_loc_id, d.channel, d.category_id, d.speed, d.kind, d.value, d.unit
      having sum(d.n) <> 0
      order by 1, 2, 3, 4, 5, 6, 7
      on conflict (area_loc_id, channel, category_id, speed, kind, value, unit)
      do update set products = f.products + excluded.products;

      delete from area_category_products m
      using unnest(stale) o cross join lateral area_category_rows(o) e
      where (m.area_loc_id, m.channel, m.category_id, m.rank, m.product_id) = (e.area_loc_id, e.channel, e.category_id, e.rank, e.product_id);
      delete from area_products p
      using unnest(stale) o
      where (p.area_loc_id, p.channel, p.product_id) = (o.area_loc_id, o.channel, o.product_id);
      insert into area_products select * from unnest(fresh);
      insert into area_category_products select e.* from unnest(fresh) n cross join lateral area_category_rows(n) e;
    end $$`.execute(db);

  // Everything at once, set-based: after a bulk load, and when the served areas change.
  await sql`
    create or replace function rebuild_area_product_summaries() returns void
    language plpgsql as $$
    begin
      delete from area_listing_facets;
      delete from area_category_products;
      delete from area_products;
      insert into area_products select * from area_product_rows(null) order by area_loc_id, channel, product_id;
      -- In key order, so one listing's entries share a few hundred heap pages: a filtered count reads them in a row.
      insert into area_category_products
      select e.* from area_products r cross join lateral area_category_rows(r) e
      order by e.area_loc_id, e.channel, e.category_id, e.rank, e.product_id;
      insert into area_listing_facets (area_loc_id, channel, category_id, speed, kind, value, unit, products)
      select r.area_loc_id, r.channel, k.category_id, k.speed, k.kind, k.value, k.unit, count(*)::int
      from area_products r cross join lateral area_listing_facet_keys(r) k
      group by 1, 2, 3, 4, 5, 6, 7;
    end $$`.execute(db);

  await sql`
    create function area_summaries_deferred() returns boolean
    language sql stable as $$ select coalesce(current_setting('store.defer_area_summaries', true), '') = 'on' $$`.execute(db);

  // One trigger function for every table a summary reads: which products a statement touched, then their refresh.
  // (PL/pgSQL plans each statement on first use per table, so each branch reads only its own table's columns.)
  await sql`
    create function area_summaries_changed() returns trigger
    language plpgsql as $$
    declare
      ids integer[];
    begin
      if area_summaries_deferred() then return null; end if;
      if tg_table_name = 'service_areas' then
        perform rebuild_area_product_summaries();
        return null;
      end if;
      if tg_table_name = 'variant_offers' then
        -- A stock change refreshes only when "any stock" flips: placing an order normally writes nothing here.
        if tg_op = 'INSERT' then
          select array_agg(distinct v.product_id) into ids from new_rows n join product_variants v on v.id = n.variant_id;
        elsif tg_op = 'DELETE' then
          select array_agg(distinct v.product_id) into ids from old_rows o join product_variants v on v.id = o.variant_id;
        else
          select array_agg(distinct v.product_id) into ids
          from new_rows n
          join old_rows o on o.id = n.id
          join product_variants v on v.id = n.variant_id or v.id = o.variant_id
          where (n.variant_id, n.area_loc_id, n.speed, n.price_cents, n.stock > 0)
            is distinct from (o.variant_id, o.area_loc_id, o.speed, o.price_cents, o.stock > 0);
        end if;
      elsif tg_table_name = 'products' then
        if tg_op = 'DELETE' then
          select array_agg(id) into ids from old_rows;
        else
          select array_agg(n.id) into ids
          from new_rows n join old_rows o on o.id = n.id
          where (n.name, n.popularity, n.size_unit, n.age_restricted) is distinct from (o.name, o.popularity, o.size_unit, o.age_restricted);
        end if;
      elsif tg_op = 'INSERT' then
        select array_agg(distinct product_id) into ids from new_rows;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct product_id) into ids from old_rows;
      else
        -- Sizes, categories and images: every product on either side of the change.
        select array_agg(distinct product_id) into ids from (select product_id from new_rows union select product_id from old_rows) changed;
      end if;
      perform refresh_area_product_summaries(ids);
      return null;
    end $$`.execute(db);
  for (const table of summarisedTables) {
    const events = table === 'products' ? (['update', 'delete'] as const) : (['insert', 'update', 'delete'] as const);
    for (const event of events) {
      const referencing = {
        insert: sql`new table as new_rows`,
        update: sql`old table as old_rows new table as new_rows`,
        delete: sql`old table as old_rows`,
      }[event];
      await sql`create trigger ${sql.raw(`area_summaries_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${referencing} for each statement execute function area_summaries_changed()`.execute(db);
    }
  }
  await sql`create trigger area_summaries_service_areas after insert or update or delete on service_areas
    for each statement execute function area_summaries_changed()`.execute(db);

  // A database that already holds a catalogue gets its summaries now, with the planner's statistics of them.
  await sql`select rebuild_area_product_summaries()`.execute(db);
  await sql`analyze area_products, area_category_products, area_listing_facets`.execute(db);
}

/** Tables whose rows a product's summary is made from (served areas, rebuilt whole, apart). */
const summarisedTables = ['variant_offers', 'product_variants', 'products', 'product_categories', 'product_images'] as const;

/** 016's triggers, functions and summary table; its facet table stays (017 fills it the same way). */
async function dropSummaries016(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['area_summaries_offers_insert', 'variant_offers'],
    ['area_summaries_offers_update', 'variant_offers'],
    ['area_summaries_offers_delete', 'variant_offers'],
    ['area_summaries_variants_insert', 'product_variants'],
    ['area_summaries_variants_update', 'product_variants'],
    ['area_summaries_variants_delete', 'product_variants'],
    ['area_summaries_products_update', 'products'],
    ['area_summaries_products_delete', 'products'],
    ['area_summaries_filing_insert', 'product_categories'],
    ['area_summaries_filing_update', 'product_categories'],
    ['area_summaries_filing_delete', 'product_categories'],
    ['area_summaries_areas', 'service_areas'],
  ] as const) {
    await sql`drop trigger if exists ${sql.raw(trigger)} on ${sql.raw(table)}`.execute(db);
  }
  for (const fn of [
    'area_summaries_after_offers()',
    'area_summaries_after_variants()',
    'area_summaries_after_products()',
    'area_summaries_after_filing()',
    'area_summaries_after_areas()',
    'area_summaries_deferred()',
    'rebuild_area_product_summaries()',
    'refresh_area_product_summaries(integer[])',
    'area_listing_facet_keys(area_product_summaries)',
    'area_product_summary_rows(integer[])',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  }
  await sql`drop table if exists area_product_summaries`.execute(db);
}

/** Back to 016's summaries: 017's objects dropped, 016's made again (its up ends with a rebuild). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of summarisedTables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`area_summaries_${table}_${event}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop trigger if exists area_summaries_service_areas on service_areas`.execute(db);
  for (const fn of [
    'area_summaries_changed()',
    'area_summaries_deferred()',
    'rebuild_area_product_summaries()',
    'refresh_area_product_summaries(integer[])',
    'area_listing_facet_keys(area_products)',
    'area_category_rows(area_products)',
    'area_product_rows(integer[])',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  }
  await sql`drop table if exists area_category_products`.execute(db);
  await sql`drop table if exists area_products`.execute(db);
  await sql`drop table if exists area_listing_facets`.execute(db);
  await summaries016.up(db);
}
