import { sql, type RawBuilder } from 'kysely';
import type { ProductSummary } from '../../../src/api/contract/product-summary.contract.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import type { SizeUnit } from '../../../src/rules/sizes.ts';
import { orderedSpeeds, type SpeedValue, type VisitSpeedValue } from '../../../src/rules/speeds.ts';
import { offeredInArea } from './product-summaries.ts';
import { atRestaurant, restaurantCard } from './restaurant-offers.ts';

/** One related product as the detail statement returns it (JSON built by PostgreSQL). */
export interface RelatedCardRow {
  id: number;
  name: string;
  image: string | null;
  age_restricted: boolean;
  size_unit: SizeUnit;
  sold_by_weight: boolean;
  sizes: { id: number; bottle_size: number; price_cents: number; max_stock: number; speeds: string[] }[];
}

/**
 * The "Similar Items" cards of product `productId` in area locId, as one JSON column of the detail statement:
 * the same cards productSummaries makes (each size at its lowest price in the area, products not sold there left
 * out), computed in the same round trip because on the embedded database every round trip costs about half a
 * millisecond and the detail page is read far more than anything else. With a visit speed and the restaurant chosen on
 * /ship/options (restaurantLocId), only what that restaurant sells, each size at its price (as the page itself).
 */
export function relatedCardsJson(
  productId: RawBuilder<number>,
  locId: number,
  courierType?: SpeedValue,
  restaurantLocId?: number,
): RawBuilder<RelatedCardRow[]> {
  return sql<RelatedCardRow[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'image', img.url, 'age_restricted', r.age_restricted,
                                      'size_unit', r.size_unit, 'sold_by_weight', r.sold_by_weight, 'sizes', s.sizes)
                    order by rp.position, rp.related_id)
    from related_products rp
    join products r on r.id = rp.related_id
    left join product_images img on img.product_id = r.id and img.position = 0
    cross join lateral (
      select json_agg(json_build_object('id', x.id, 'bottle_size', x.bottle_size, 'price_cents', x.price_cents,
                                        'max_stock', x.max_stock, 'speeds', x.speeds)
                      order by x.bottle_size, x.id) as sizes
      from (
        select product_variants.id, product_variants.bottle_size, min(variant_offers.price_cents) as price_cents,
               max(variant_offers.stock) as max_stock, array_agg(distinct variant_offers.speed) as speeds
        from product_variants
        join variant_offers on variant_offers.variant_id = product_variants.id
        where product_variants.product_id = r.id and ${offeredInArea(locId, courierType)} and ${atRestaurant(restaurantLocId)}
        group by product_variants.id, product_variants.bottle_size
      ) x
    ) s
    where rp.product_id = ${productId} and rp.related_id <> ${productId} and s.sizes is not null
  ), '[]'::json)`;
}

/**
 * The rows as the cards every listing shows (same rules as productSummaries); with the chosen restaurant, as its
 * listing and search cards (restaurantCard: its sizes, its speed, its location for the product page to preselect).
 */
export function relatedCards(rows: readonly RelatedCardRow[], restaurant?: { locId: number; speed: VisitSpeedValue }): ProductSummary[] {
  return rows.map((row) => {
    const card: ProductSummary = {
      id: row.id,
      name: row.name,
      image: row.image ?? `/media/products/${row.id}/0.svg`,
      child: row.sizes.map((s) => ({ id: s.id, bottle_size: s.bottle_size, price: centsToDollars(s.price_cents) })),
      speed_types: orderedSpeeds(row.sizes.flatMap((s) => s.speeds)),
      stock_status: row.sizes.some((s) => s.max_stock > 0) ? 'in stock' : 'out of stock',
      age_restricted: row.age_restricted,
      size_unit: row.size_unit,
      sold_by_weight: row.sold_by_weight,
    };
    if (!restaurant) return card;
    const sizes = row.sizes.map((s) => ({ variantId: s.id, bottleSize: s.bottle_size, cents: s.price_cents, stock: s.max_stock }));
    return restaurantCard(card, sizes, restaurant);
  });
}
