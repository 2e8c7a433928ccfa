import { sql, type Kysely } from 'kysely';
import { categoryKeys, homeSections, type HomeSection, type HomepageData } from '../../../src/api/contract/home.contract.ts';
import { promoApplies } from '../../../src/rules/promos.ts';
import { catalogueRestaurant, isSpeedValue, isVisitSpeed, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { offeredInArea, productSummaries } from './product-summaries.ts';
import { atRestaurant, restaurantCards } from './restaurant-offers.ts';
import { onCatalogueChanges } from '../platform/catalogue-changes.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { perDatabase, ReadCache } from '../platform/read-cache.ts';

const topProductCount = 12;
const sectionProductCount = 8;

/** Sold in the area at the shopper's speeds, and by the chosen restaurant when there is one. */
function availableInArea(locId: number, courierType: SpeedValue | undefined, restaurantLocId: number | undefined) {
  return sql<boolean>`exists (
    select 1 from product_variants
    join variant_offers on variant_offers.variant_id = product_variants.id
    where product_variants.product_id = products.id and ${offeredInArea(locId, courierType)} and ${atRestaurant(restaurantLocId)}
  )`;
}

export async function banners(db: Kysely<Database>) {
  const rows = await db.selectFrom('banners').select(['image_url', 'alt']).orderBy('position').execute();
  return rows.map((r) => ({ imageurl: r.image_url, alt: r.alt }));
}

/** The home cache's settings (exported for its budget test). */
export const homeCacheOptions = { name: 'home', maxBytes: cacheBudgets.home, freshMs: 30_000, staleMs: 300_000 };

/**
 * Every shopper of an area sees the same home, and its sections cost a dozen queries: kept 30 s, then served up to
 * 5 minutes while it reloads in the background (stock badges on cards may lag that long; the product page and add to
 * cart read live stock).
 */
const homeCaches = perDatabase<Kysely<Database>, ReadCache<HomepageData>>((db) => {
  const cache = new ReadCache<HomepageData>(homeCacheOptions);
  // A home holds its products' cards: one whose price or stock changed goes, with any home showing it (decision 042).
  onCatalogueChanges(db, (change) => {
    if (change === 'all') cache.clear();
    else cache.deleteWhere((_key, home) => showsAny(home, change));
  });
  return cache;
});

function showsAny(home: HomepageData, productIds: ReadonlySet<number>): boolean {
  return (
    home.topproduct.some((card) => productIds.has(card.id)) ||
    homeSections(home).some((section) => section.products.some((card) => productIds.has(card.id)))
  );
}

/**
 * courierType: a visit speed (dine-in, pickup) builds the home of the restaurants' offers, and with the restaurant
 * chosen on /ship/options (restaurantLocId) of that restaurant's alone, at its prices: one home per area, visit speed
 * and restaurant, within the same byte budget. The delivery speeds share one home (a restaurant is ignored).
 */
export function cachedHomepage(db: Kysely<Database>, locId: number, courierType?: SpeedValue, restaurantLocId?: number): Promise<HomepageData> {
  const visit = isVisitSpeed(courierType) ? courierType : undefined;
  const restaurant = catalogueRestaurant(visit, restaurantLocId);
  return homeCaches(db).get(`${locId}|${visit ?? ''}|${restaurant ?? ''}`, () => homepage(db, locId, visit, restaurant));
}

/**
 * The store home for one delivery area: banners, ads, the area's best sellers and a section per top category. With a
 * visit speed and a restaurant, the best sellers it sells, carded at its offers (restaurant-offers.ts), as its listing,
 * search and product page show them: never another restaurant's lower price.
 */
export async function homepage(db: Kysely<Database>, locId: number, courierType?: SpeedValue, restaurantLocId?: number): Promise<HomepageData> {
  const visit = isVisitSpeed(courierType) ? courierType : undefined;
  const restaurant = catalogueRestaurant(visit, restaurantLocId);
  const [bannerList, ads, topIds, sectionRows] = await Promise.all([
    banners(db),
    db.selectFrom('ads').select(['image_url', 'text', 'speeds']).orderBy('position').execute(),
    db
      .selectFrom('products')
      .select('products.id')
      .where(availableInArea(locId, courierType, restaurant))
      .orderBy('products.popularity', 'desc')
      .orderBy('products.id')
      .limit(topProductCount)
      .execute(),
    sql<{ category_id: number; category_name: string; product_id: number }>`
      select c.id as category_id, c.name as category_name, top.id as product_id
      from categories c
      cross join lateral (
        select products.id, products.popularity
        from product_categories pc
        join products on products.id = pc.product_id
        where pc.category_id = c.id and ${availableInArea(locId, courierType, restaurant)}
        order by products.popularity desc, products.id
        limit ${sectionProductCount}
      ) top
      where c.parent_id is null
      order by c.position, c.id, top.popularity desc, top.id`.execute(db),
  ]);

  const sectionIds = sectionRows.rows.map((r) => r.product_id);
  const areaCards = await productSummaries(db, [...new Set([...topIds.map((r) => r.id), ...sectionIds])], locId, courierType);
  const summaries =
    visit && restaurant !== undefined ? await restaurantCards(db, areaCards, { locId: restaurant, areaLocId: locId, speed: visit }) : areaCards;
  const summaryById = new Map(summaries.map((s) => [s.id, s]));

  const sections = new Map<number, HomeSection>();
  for (const row of sectionRows.rows) {
    let section = sections.get(row.category_id);
    if (!section) {
      section = { category_id: row.category_id, categoryName: row.category_name, products: [] };
      sections.set(row.category_id, section);
    }
    const summary = summaryById.get(row.product_id);
    if (summary) section.products.push(summary);
  }

  return {
    banner: bannerList,
    // Only the promotions for the shopper's delivery option: no delivery ad to a Dine-In or Pick-Up shopper.
    ads: ads
      .filter((a) => promoApplies(a.speeds && a.speeds.filter(isSpeedValue), courierType))
      .map((a) => ({ imageurl: a.image_url, text: a.text })),
    topproduct: topIds.flatMap((r) => summaryById.get(r.id) ?? []),
    // The spec's category keys, each with categoryName and products[] (storefront.md, "Home response").
    ...categoryKeys([...sections.values()].filter((s) => s.products.length > 0)),
  };
}
