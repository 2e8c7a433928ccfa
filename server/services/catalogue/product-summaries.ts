import { sql, type Kysely } from 'kysely';
import type { ProductSummary, SpeedType } from '../../../src/api/contract/product-summary.contract.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { catalogueSpeeds, speedValues, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import type { Value } from '../../db/statement-shapes.ts';

/**
 * Offers a shopper in delivery area locId can buy: the area's own shops (and restaurants) plus couriers and farms
 * (area null), at the speeds catalogueSpeeds gives for the shopper's courier_type.
 */
export function offeredInArea(locId: Value<number>, courierType?: SpeedValue) {
  // Literals from our own list, not parameters: the product page's prepared statement takes whole numbers only.
  const speeds = sql.join(catalogueSpeeds(courierType).map((speed) => sql.lit(speed)));
  return sql<boolean>`((variant_offers.area_loc_id = ${locId} or variant_offers.area_loc_id is null) and variant_offers.speed in (${speeds}))`;
}

const speedOrder: readonly SpeedType[] = speedValues;

/**
 * Card data for the given products in one area, in the order of productIds. Each size carries its lowest offered
 * price in the area; products with nothing offered there are left out.
 */
export async function productSummaries(
  db: Kysely<Database>,
  productIds: number[],
  locId: number,
  courierType?: SpeedValue,
): Promise<ProductSummary[]> {
  if (productIds.length === 0) return [];
  const [products, sizes] = await Promise.all([
    db
      .selectFrom('products')
      .leftJoin('product_images', (join) => join.onRef('product_images.product_id', '=', 'products.id').on('product_images.position', '=', 0))
      .select(['products.id', 'products.name', 'products.age_restricted', 'products.size_unit', 'products.sold_by_weight', 'product_images.url'])
      .where('products.id', 'in', productIds)
      .execute(),
    db
      .selectFrom('product_variants')
      .innerJoin('variant_offers', 'variant_offers.variant_id', 'product_variants.id')
      .select([
        'product_variants.product_id',
        'product_variants.id',
        'product_variants.bottle_size',
        (eb) => eb.fn.min('variant_offers.price_cents').as('price_cents'),
        (eb) => eb.fn.max('variant_offers.stock').as('max_stock'),
        sql<SpeedType[]>`array_agg(distinct variant_offers.speed)`.as('speeds'),
      ])
      .where('product_variants.product_id', 'in', productIds)
      .where(offeredInArea(locId, courierType))
      .groupBy(['product_variants.product_id', 'product_variants.id', 'product_variants.bottle_size'])
      .execute(),
  ]);

  const sizesByProduct = new Map<number, typeof sizes>();
  for (const size of sizes) {
    const list = sizesByProduct.get(size.product_id) ?? [];
    list.push(size);
    sizesByProduct.set(size.product_id, list);
  }
  const byId = new Map(products.map((p) => [p.id, p]));
  const summaries: ProductSummary[] = [];
  for (const id of productIds) {
    const product = byId.get(id);
    const productSizes = sizesByProduct.get(id);
    if (!product || !productSizes) continue;
    const speeds = new Set(productSizes.flatMap((s) => s.speeds));
    summaries.push({
      id: product.id,
      name: product.name,
      image: product.url ?? `/media/products/${product.id}/0.svg`,
      child: productSizes
        .sort((a, b) => a.bottle_size - b.bottle_size)
        .map((s) => ({ id: s.id, bottle_size: s.bottle_size, price: centsToDollars(Number(s.price_cents)) })),
      speed_types: speedOrder.filter((s) => speeds.has(s)),
      stock_status: productSizes.some((s) => Number(s.max_stock) > 0) ? 'in stock' : 'out of stock',
      age_restricted: product.age_restricted,
      size_unit: product.size_unit,
      sold_by_weight: product.sold_by_weight,
    });
  }
  return summaries;
}
