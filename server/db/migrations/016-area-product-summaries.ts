import { sql, type Kysely } from 'kysely';

/**
 * Listings without whole-category builds (issue 15, part 3; decision 022).
 *
 * - area_product_summaries: one row per (served area, channel, category, product) that a shopper of the area can buy:
 *   the lowest price, the sizes (in all and per delivery speed), which delivery speeds sell it, whether any offer has
 *   stock, its categories, popularity and name for sorting. channel is 'delivery' (local, courier and farm-direct
 *   offers, the speed a bit of speed_mask: local 1, courier 2, farm-direct 4) or a visit speed ('dine-in', 'pickup').
 *   speed_sizes holds size * 8 + speed bit, so "sizes at this speed" is an array overlap. One row per category the
 *   product is filed under, so every sort is an index range of one (area, channel, category).
 * - area_listing_facets: per (area, channel, category, speed) how many listed products have each size ('size', grams,
 *   unit), are filed under each other category ('category', id) and in all ('all'); speed 0 is any speed. The filter
 *   panel and an unfiltered total are one index range instead of an aggregate over the category.
 *
 * Both are kept current in the writer's transaction by statement triggers on the catalogue tables (offers, variants,
 * products, product categories, served areas), which call refresh_area_product_summaries(product ids). An update of
 * offers' stock refreshes only products whose "any stock" flips, and facet counts are written only where they change,
 * so placing an order normally writes nothing here. A bulk load sets store.defer_area_summaries = 'on' (SET LOCAL)
 * and calls rebuild_area_product_summaries() at its end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table area_product_summaries (
      area_loc_id integer not null,
      channel text not null check (channel in ('delivery', 'dine-in', 'pickup')),
      category_id integer not null,
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
      primary key (area_loc_id, channel, category_id, product_id)
    )`.execute(db);
  await sql`create index area_product_summaries_product_idx on area_product_summaries (product_id)`.execute(db);
  // One index per sort; ties by product id ascending, as the pages have always been.
  for (const [name, columns] of [
    ['popularity', sql`popularity desc, product_id`],
    ['price_asc', sql`price_cents, product_id`],
    ['price_desc', sql`price_cents desc, product_id`],
    ['name_asc', sql`sort_name, product_id`],
    ['name_desc', sql`sort_name desc, product_id`],
  ] as const) {
    await sql`create index ${sql.raw(`area_product_summaries_${name}_idx`)} on area_product_summaries (area_loc_id, channel, category_id, ${columns})`.execute(
      db,
    );
  }

  await sql`
    create table area_listing_facets (
      area_loc_id integer not null,
      channel text not null,
      category_id integer not null,
      speed smallint not null,
      kind text not null check (kind in ('all', 'size', 'category')),
      value integer not null,
      unit text not null,
      products integer not null,
      primary key (area_loc_id, channel, category_id, speed, kind, value, unit)
    )`.execute(db);

  // What a product's offers make of it in every served area: the rows of area_product_summaries for the products
  // given (all products when ids is null).
  await sql`
    create function area_product_summary_rows(ids integer[]) returns setof area_product_summaries
    language sql stable as $$
      with areas as (select distinct loc_id as area_loc_id from service_areas),
      offered as (
        select v.product_id, v.bottle_size, o.price_cents, o.stock, a.area_loc_id,
               case when o.speed in ('dine-in', 'pickup') then o.speed else 'delivery' end as channel,
               case o.speed when 'local' then 1 when 'courier' then 2 when 'farm-direct' then 4 else 0 end as bit
        from product_variants v
        join variant_offers o on o.variant_id = v.id
        join areas a on o.area_loc_id = a.area_loc_id or o.area_loc_id is null
        where ids is null or v.product_id = any(ids)
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
      )
      select pa.area_loc_id, pa.channel, c.category_id, pa.product_id, f.category_ids, p.popularity, lower(p.name) collate "C",
             pa.price_cents, pa.speed_mask, pa.sizes, pa.speed_sizes, p.size_unit, pa.in_stock
      from per_area pa
      join products p on p.id = pa.product_id
      join filed f on f.product_id = pa.product_id
      cross join lateral unnest(f.category_ids) as c(category_id)
    $$`.execute(db);

  // The facet keys one summary row counts towards: at any speed (0) and at each delivery speed it is sold at.
  await sql`
    create function area_listing_facet_keys(r area_product_summaries)
    returns table (speed smallint, kind text, value integer, unit text)
    language sql immutable as $$
      with speeds as (
        select 0::smallint as speed
        union all
        select b::smallint from unnest(array[1, 2, 4]) b where r.channel = 'delivery' and r.speed_mask & b <> 0
      )
      select k.speed, 'all', 0, '' from speeds k
      union all
      select k.speed, 'size', s, r.size_unit from speeds k cross join unnest(r.sizes) s
      where k.speed = 0 or (s * 8 + k.speed) = any(r.speed_sizes)
      union all
      select k.speed, 'category', c, '' from speeds k cross join unnest(r.category_ids) c where c <> r.category_id
    $$`.execute(db);

  await sql`
    create function refresh_area_product_summaries(ids integer[]) returns void
    language plpgsql as $$
    declare
      fresh area_product_summaries[];
    begin
      if ids is null or cardinality(ids) = 0 then return; end if;
      -- Two writers refreshing one product take turns (ids in order, so they cannot deadlock on each other).
      perform pg_advisory_xact_lock(1507, id) from (select distinct unnest(ids) as id order by 1) locked;
      select coalesce(array_agg(s), '{}') into fresh from area_product_summary_rows(ids) s;

      -- Facets: new rows' keys minus old rows' keys, written only where the count changes.
      insert into area_listing_facets as f (area_loc_id, channel, category_id, speed, kind, value, unit, products)
      select d.area_loc_id, d.channel, d.category_id, d.speed, d.kind, d.value, d.unit, sum(d.n)::int
      from (
        select r.area_loc_id, r.channel, r.category_id, k.speed, k.kind, k.value, k.unit, 1 as n
        from unnest(fresh) r cross join lateral area_listing_facet_keys(r) k
        union all
        select r.area_loc_id, r.channel, r.category_id, k.speed, k.kind, k.value, k.unit, -1
        from area_product_summaries r cross join lateral area_listing_facet_keys(r) k
        where r.product_id = any(ids)
      ) d
      group by d.area_loc_id, d.channel, d.category_id, d.speed, d.kind, d.value, d.unit
      having sum(d.n) <> 0
      order by 1, 2, 3, 4, 5, 6, 7
      on conflict (area_loc_id, channel, category_id, speed, kind, value, unit)
      do update set products = f.products + excluded.products;

      delete from area_product_summaries s
      where s.product_id = any(ids)
        and not exists (
          select 1 from unnest(fresh) r
          where (r.area_loc_id, r.channel, r.category_id, r.product_id) = (s.area_loc_id, s.channel, s.category_id, s.product_id)
        );
      insert into area_product_summaries as s
      select * from unnest(fresh)
      on conflict (area_loc_id, channel, category_id, product_id) do update set
        category_ids = excluded.category_ids, popularity = excluded.popularity, sort_name = excluded.sort_name,
        price_cents = excluded.price_cents, speed_mask = excluded.speed_mask, sizes = excluded.sizes,
        speed_sizes = excluded.speed_sizes, size_unit = excluded.size_unit, in_stock = excluded.in_stock
      where (s.category_ids, s.popularity, s.sort_name, s.price_cents, s.speed_mask, s.sizes, s.speed_sizes, s.size_unit, s.in_stock)
        is distinct from
        (excluded.category_ids, excluded.popularity, excluded.sort_name, excluded.price_cents, excluded.speed_mask, excluded.sizes,
         excluded.speed_sizes, excluded.size_unit, excluded.in_stock);
    end $$`.execute(db);

  // Everything at once, set-based: after a bulk load, and when the served areas change.
  await sql`
    create function rebuild_area_product_summaries() returns void
    language plpgsql as $$
    begin
      delete from area_listing_facets;
      delete from area_product_summaries;
      -- In key order, so one listing's rows share a few hundred heap pages instead of one page each: a filtered
      -- count or a deep page of a big category then reads the table sequentially rather than all over it.
      insert into area_product_summaries
      select * from area_product_summary_rows(null) order by area_loc_id, channel, category_id, popularity desc, product_id;
      insert into area_listing_facets (area_loc_id, channel, category_id, speed, kind, value, unit, products)
      select r.area_loc_id, r.channel, r.category_id, k.speed, k.kind, k.value, k.unit, count(*)::int
      from area_product_summaries r cross join lateral area_listing_facet_keys(r) k
      group by 1, 2, 3, 4, 5, 6, 7;
    end $$`.execute(db);

  await sql`
    create function area_summaries_deferred() returns boolean
    language sql stable as $$ select coalesce(current_setting('store.defer_area_summaries', true), '') = 'on' $$`.execute(db);

  // Offers: a new, removed or changed offer refreshes its product; a stock change only when "any stock" flips.
  await sql`
    create function area_summaries_after_offers() returns trigger
    language plpgsql as $$
    declare
      ids integer[];
    begin
      if area_summaries_deferred() then return null; end if;
      if tg_op = 'INSERT' then
        select array_agg(distinct v.product_id) into ids from new_offers n join product_variants v on v.id = n.variant_id;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct v.product_id) into ids from old_offers o join product_variants v on v.id = o.variant_id;
      else
        select array_agg(distinct v.product_id) into ids
        from new_offers n
        join old_offers o on o.id = n.id
        join product_variants v on v.id = n.variant_id or v.id = o.variant_id
        where (n.variant_id, n.area_loc_id, n.speed, n.price_cents, n.stock > 0)
          is distinct from (o.variant_id, o.area_loc_id, o.speed, o.price_cents, o.stock > 0);
      end if;
      perform refresh_area_product_summaries(ids);
      return null;
    end $$`.execute(db);
  await sql`create trigger area_summaries_offers_insert after insert on variant_offers referencing new table as new_offers
    for each statement execute function area_summaries_after_offers()`.execute(db);
  await sql`create trigger area_summaries_offers_update after update on variant_offers referencing old table as old_offers new table as new_offers
    for each statement execute function area_summaries_after_offers()`.execute(db);
  await sql`create trigger area_summaries_offers_delete after delete on variant_offers referencing old table as old_offers
    for each statement execute function area_summaries_after_offers()`.execute(db);

  // Variants: a size added, removed or changed (a deleted product's variants go with it).
  await sql`
    create function area_summaries_after_variants() returns trigger
    language plpgsql as $$
    declare
      ids integer[];
    begin
      if area_summaries_deferred() then return null; end if;
      if tg_op = 'INSERT' then
        select array_agg(distinct product_id) into ids from new_variants;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct product_id) into ids from old_variants;
      else
        select array_agg(distinct id) into ids from (
          select n.product_id as id from new_variants n join old_variants o on o.id = n.id
          where (n.product_id, n.bottle_size) is distinct from (o.product_id, o.bottle_size)
          union
          select o.product_id from new_variants n join old_variants o on o.id = n.id
          where (n.product_id, n.bottle_size) is distinct from (o.product_id, o.bottle_size)
        ) changed;
      end if;
      perform refresh_area_product_summaries(ids);
      return null;
    end $$`.execute(db);
  await sql`create trigger area_summaries_variants_insert after insert on product_variants referencing new table as new_variants
    for each statement execute function area_summaries_after_variants()`.execute(db);
  await sql`create trigger area_summaries_variants_update after update on product_variants referencing old table as old_variants new table as new_variants
    for each statement execute function area_summaries_after_variants()`.execute(db);
  await sql`create trigger area_summaries_variants_delete after delete on product_variants referencing old table as old_variants
    for each statement execute function area_summaries_after_variants()`.execute(db);

  // Products: a new name, popularity or unit re-sorts them; a deleted product leaves every listing.
  await sql`
    create function area_summaries_after_products() returns trigger
    language plpgsql as $$
    declare
      ids integer[];
    begin
      if area_summaries_deferred() then return null; end if;
      if tg_op = 'DELETE' then
        select array_agg(id) into ids from old_products;
      else
        select array_agg(n.id) into ids
        from new_products n join old_products o on o.id = n.id
        where (n.name, n.popularity, n.size_unit) is distinct from (o.name, o.popularity, o.size_unit);
      end if;
      perform refresh_area_product_summaries(ids);
      return null;
    end $$`.execute(db);
  await sql`create trigger area_summaries_products_update after update on products referencing old table as old_products new table as new_products
    for each statement execute function area_summaries_after_products()`.execute(db);
  await sql`create trigger area_summaries_products_delete after delete on products referencing old table as old_products
    for each statement execute function area_summaries_after_products()`.execute(db);

  // Product categories: filed under a category, or taken out of one.
  await sql`
    create function area_summaries_after_filing() returns trigger
    language plpgsql as $$
    declare
      ids integer[];
    begin
      if area_summaries_deferred() then return null; end if;
      if tg_op = 'INSERT' then
        select array_agg(distinct product_id) into ids from new_filing;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct product_id) into ids from old_filing;
      else
        select array_agg(distinct product_id) into ids from (select product_id from new_filing union select product_id from old_filing) changed;
      end if;
      perform refresh_area_product_summaries(ids);
      return null;
    end $$`.execute(db);
  await sql`create trigger area_summaries_filing_insert after insert on product_categories referencing new table as new_filing
    for each statement execute function area_summaries_after_filing()`.execute(db);
  await sql`create trigger area_summaries_filing_update after update on product_categories referencing old table as old_filing new table as new_filing
    for each statement execute function area_summaries_after_filing()`.execute(db);
  await sql`create trigger area_summaries_filing_delete after delete on product_categories referencing old table as old_filing
    for each statement execute function area_summaries_after_filing()`.execute(db);

  // Served areas: rare and few; every listing of an area depends on them, so everything is rebuilt.
  await sql`
    create function area_summaries_after_areas() returns trigger
    language plpgsql as $$
    begin
      if area_summaries_deferred() then return null; end if;
      perform rebuild_area_product_summaries();
      return null;
    end $$`.execute(db);
  await sql`create trigger area_summaries_areas after insert or update or delete on service_areas
    for each statement execute function area_summaries_after_areas()`.execute(db);

  // A database that already holds a catalogue gets its summaries now, with the planner's statistics of them.
  await sql`select rebuild_area_product_summaries()`.execute(db);
  await sql`analyze area_product_summaries, area_listing_facets`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await sql`drop table if exists area_listing_facets`.execute(db);
  await sql`drop table if exists area_product_summaries`.execute(db);
}
