import { sql, type Kysely } from 'kysely';
import type { ProductDetail, ProductSize } from '../../../src/api/contract/product.contract.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import type { SizeUnit } from '../../../src/rules/sizes.ts';
import { catalogueRestaurant, isVisitSpeed, speedValues, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { isServedLocation } from './catalogue-cache.ts';
import { executePrepared } from '../platform/prepared.ts';
import { offeredInArea } from './product-summaries.ts';
import { onCatalogueChange, onCatalogueChanges } from '../platform/catalogue-changes.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { perDatabase, ReadCache } from '../platform/read-cache.ts';
import { relatedCards, relatedCardsJson, type RelatedCardRow } from './related-cards.ts';
import { atRestaurant } from './restaurant-offers.ts';
import { newestReviewsJson, reviewFigures, reviewOf, totalsJson, type ReviewRow, type TotalsRow } from './reviews.ts';
import { REVIEWS_PER_PAGE } from '../../../src/rules/reviews.ts';

export type ProductDetailResult =
  { kind: 'not-served' } | { kind: 'not-found' } | { kind: 'not-in-area' } | { kind: 'found'; product: ProductDetail };

interface OfferRow {
  variant_id: number;
  bottle_size: number;
  brand_name: string;
  product_type: string;
  product_category: string;
  country_of_manufacture: string | null;
  maximum_price_cents: number;
  speed: (typeof speedValues)[number];
  loc_id: number;
  vendor_name: string;
  price_cents: number;
  stock: number;
}

interface ProductRow {
  id: number;
  name: string;
  description: string;
  taste_scale: number | null;
  skill_scale: number | null;
  time_minutes: number | null;
  reviews: ReviewRow[];
  totals: TotalsRow | null;
  age_restricted: boolean;
  size_unit: SizeUnit;
  sold_by_weight: boolean;
  images: string[];
  related: RelatedCardRow[];
  offers: OfferRow[];
}

/**
 * The detail page for one area: every size with the offers a shopper there can buy, nothing from other areas.
 * One statement (product, pictures, offers and related cards as JSON) because each round trip to the embedded
 * database costs about half a millisecond before any work is done, and prepared, because planning it costs three
 * times what running it does. Stock is live here; cachedProductDetail below adds a few seconds of sharing.
 */
/** courierType: a visit speed (dine-in, pickup) shows only the restaurants' offers at it; anything else the delivery offers. */
export async function productDetail(
  db: Kysely<Database>,
  productId: number,
  locId: number,
  courierType?: SpeedValue,
  restaurantLocId?: number,
): Promise<ProductDetailResult> {
  const visit = isVisitSpeed(courierType) ? courierType : undefined;
  // The page and its Similar Items: the chosen restaurant's offers alone (a delivery speed ignores it).
  const restaurant = catalogueRestaurant(courierType, restaurantLocId);
  if (!(await isServedLocation(db, locId))) return { kind: 'not-served' };
  const rows = await executePrepared(
    db,
    'product_detail',
    sql<ProductRow>`
    select p.id, p.name, p.description, p.taste_scale, p.skill_scale, p.time_minutes, p.age_restricted, p.size_unit, p.sold_by_weight,
      array(select url from product_images where product_id = p.id order by position, id) as images,
      ${newestReviewsJson(sql<number>`p.id`, REVIEWS_PER_PAGE)} as reviews, ${totalsJson(sql<number>`p.id`)} as totals,
      ${relatedCardsJson(sql<number>`p.id`, locId, courierType, restaurant)} as related,
      coalesce((
        select json_agg(json_build_object(
            'variant_id', product_variants.id,
            'bottle_size', product_variants.bottle_size,
            'brand_name', product_variants.brand_name,
            'product_type', product_variants.product_type,
            'product_category', product_variants.product_category,
            'country_of_manufacture', product_variants.country_of_manufacture,
            'maximum_price_cents', product_variants.maximum_price_cents,
            'speed', variant_offers.speed,
            'loc_id', variant_offers.loc_id,
            'vendor_name', vendor_locations.name,
            'price_cents', variant_offers.price_cents,
            'stock', variant_offers.stock)
          order by product_variants.bottle_size, product_variants.id, variant_offers.price_cents, variant_offers.loc_id)
        from product_variants
        join variant_offers on variant_offers.variant_id = product_variants.id
        join vendor_locations on vendor_locations.id = variant_offers.loc_id
        where product_variants.product_id = p.id and ${offeredInArea(locId, courierType)} and ${atRestaurant(restaurant)}
      ), '[]'::json) as offers
    from products p
    where p.id = ${productId}`,
  );
  const product = rows[0];
  const offers = product?.offers ?? [];
  if (!product) return { kind: 'not-found' };
  if (offers.length === 0) return { kind: 'not-in-area' };

  const images = product.images.length > 0 ? product.images : [`/media/products/${product.id}/0.svg`];
  const main = images[0] ?? `/media/products/${product.id}/0.svg`;
  const sizes = sizesOf(offers);
  const lowest = Math.min(...offers.map((o) => o.price_cents));
  return {
    kind: 'found',
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      images,
      image: main,
      thumbnail: main,
      base_image: main,
      small_image: main,
      // Every picture, the first included: the gallery shows a thumbnail for each.
      additional_images: images.map((url) => ({ additional_image: url })),
      price: centsToDollars(lowest),
      stock_status: sizes.some((s) => s.stock_status === 'in stock') ? 'in stock' : 'out of stock',
      reviews: product.reviews.map(reviewOf),
      ...reviewFigures(product.totals),
      taste_scale: product.taste_scale,
      skill_scale: product.skill_scale,
      time: product.time_minutes,
      related_products: relatedCards(product.related, visit && restaurant !== undefined ? { locId: restaurant, speed: visit } : undefined),
      vendor_list: vendorList(offers),
      child: sizes,
      age_restricted: product.age_restricted,
      size_unit: product.size_unit,
      sold_by_weight: product.sold_by_weight,
    },
  };
}

/** One entry per size, offers in speed order then cheapest first. Rows arrive ordered by size. */
function sizesOf(offers: readonly OfferRow[]): ProductSize[] {
  const byVariant = new Map<number, OfferRow[]>();
  for (const offer of offers) {
    const list = byVariant.get(offer.variant_id) ?? [];
    list.push(offer);
    byVariant.set(offer.variant_id, list);
  }
  return [...byVariant.values()].flatMap((rows) => {
    const first = rows[0];
    if (!first) return [];
    const sorted = [...rows].sort(
      (a, b) => speedValues.indexOf(a.speed) - speedValues.indexOf(b.speed) || a.price_cents - b.price_cents || a.loc_id - b.loc_id,
    );
    return [
      {
        id: first.variant_id,
        bottle_size: first.bottle_size,
        price: centsToDollars(Math.min(...rows.map((r) => r.price_cents))),
        maximumprice: centsToDollars(first.maximum_price_cents),
        brand_name: first.brand_name,
        product_type: first.product_type,
        product_category: first.product_category,
        country_of_manufacture: first.country_of_manufacture,
        stock_status: rows.some((r) => r.stock > 0) ? 'in stock' : 'out of stock',
        speed_id: sorted.map((r) => ({
          Type: r.speed,
          Loc_id: r.loc_id,
          Price: centsToDollars(r.price_cents),
          vendor_name: r.vendor_name,
          stock: r.stock,
        })),
      },
    ];
  });
}

/** Keyed by the vendor location's loc_id: its lowest price for this product and the size that price is for. */
function vendorList(offers: readonly OfferRow[]): ProductDetail['vendor_list'] {
  const list: ProductDetail['vendor_list'] = {};
  const best = new Map<number, OfferRow>();
  for (const offer of offers) {
    const current = best.get(offer.loc_id);
    if (!current || offer.price_cents < current.price_cents) best.set(offer.loc_id, offer);
  }
  for (const [locId, offer] of best) {
    list[String(locId)] = { vendor_name: offer.vendor_name, price: centsToDollars(offer.price_cents), prod_id: offer.variant_id };
  }
  return list;
}

/** The product page cache's settings (exported for its budget test). */
export const productDetailCacheOptions = { name: 'product-detail', maxBytes: cacheBudgets.productDetail, freshMs: 2_000, staleMs: 3_000 };

/**
 * Popular pages are opened by many shoppers at once: one reading serves them all for 2 s (and up to 5 s while it
 * reloads). The stock shown may lag that long; add to cart checks stock live and says 'Only N left in stock.'.
 */
const detailCaches = perDatabase<Kysely<Database>, ReadCache<ProductDetailResult>>((db) => {
  const cache = new ReadCache<ProductDetailResult>(productDetailCacheOptions);
  // The product's own pages, and those showing it among their similar items (decision 042).
  onCatalogueChanges(db, (change) => {
    if (change === 'all') cache.clear();
    else cache.deleteWhere((key, result) => change.has(Number(key.slice(0, key.indexOf(':')))) || showsRelated(result, change));
  });
  return cache;
});

function showsRelated(result: ProductDetailResult, productIds: ReadonlySet<number>): boolean {
  return result.kind === 'found' && result.product.related_products.some((card) => productIds.has(card.id));
}

/** restaurantLocId narrows a visit speed's offers to one restaurant; with a delivery speed it is ignored. */
export function cachedProductDetail(
  db: Kysely<Database>,
  productId: number,
  locId: number,
  courierType?: SpeedValue,
  restaurantLocId?: number,
): Promise<ProductDetailResult> {
  const visit = isVisitSpeed(courierType) ? courierType : undefined;
  const restaurant = visit ? restaurantLocId : undefined;
  return detailCaches(db).get(`${productId}:${locId}:${visit ?? ''}:${restaurant ?? ''}`, () =>
    productDetail(db, productId, locId, visit, restaurant),
  );
}

/** The first pictures' cache settings (exported for its budget test). */
export const firstPictureCacheOptions = { maxBytes: cacheBudgets.firstPictures, freshMs: 60_000, staleMs: 300_000 };

const firstPictures = perDatabase<Kysely<Database>, ReadCache<string>>((db) => {
  const cache = new ReadCache<string>(firstPictureCacheOptions);
  onCatalogueChange(db, (change) => {
    if (change === 'all') cache.clear();
  });
  return cache;
});

/**
 * A product's first picture ('' when it has none or there is no such product): its page's largest paint, which the
 * page's response names for preloading (server/http/spa-shell.ts), so it is fetched while the app's scripts load.
 */
export function firstProductPicture(db: Kysely<Database>, productId: number): Promise<string> {
  return firstPictures(db).get(String(productId), async () => {
    const row = await db
      .selectFrom('product_images')
      .select('url')
      .where('product_id', '=', productId)
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.url ?? '';
  });
}
