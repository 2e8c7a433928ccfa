import { sql } from 'kysely';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import { statementShape } from '../../db/statement-shapes.ts';
import { offeredInArea } from '../catalogue/product-summaries.ts';

/**
 * Add to cart's statements, each built once (issue 27: every first add of every shopper built and compiled them).
 */

/** Whether the area is served and the size with its age restriction, in one statement (decision 068). */
export const servedAndVariant = statementShape<{ zipcode: string; locId: number; variantId: number }>()((db, value) =>
  db.selectNoFrom((eb) => [
    eb
      .exists(eb.selectFrom('service_areas').select('loc_id').where('zipcode', '=', value('zipcode')).where('loc_id', '=', value('locId')))
      .as('served'),
    eb
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select('products.age_restricted')
      .where('product_variants.id', '=', value('variantId'))
      .as('age_restricted'),
  ]),
);

type OfferParams = { variantId: number; speed: SpeedValue; locId: number; vendorLocId: number };

/**
 * The offer a line takes: in stock first, then the cheapest. One shape per speed (the area's speeds are literals of
 * the text, offeredInArea) and per whether a seller is named.
 */
function offerStatement(speed: SpeedValue, namedSeller: boolean) {
  return statementShape<OfferParams>()((db, value) => {
    const offers = db
      .selectFrom('variant_offers')
      .select(['id', 'stock'])
      .where('variant_id', '=', value('variantId'))
      .where('speed', '=', value('speed'))
      .where(offeredInArea(value('locId'), speed));
    return (namedSeller ? offers.where('loc_id', '=', value('vendorLocId')) : offers)
      .orderBy(sql`stock > 0`, 'desc')
      .orderBy('price_cents')
      .orderBy('id')
      .limit(1);
  });
}

const offerStatements = new Map<string, ReturnType<typeof offerStatement>>();

/** The shape for this speed and seller choice (at most 2 × the speeds). */
export function offerShape(speed: SpeedValue, namedSeller: boolean): ReturnType<typeof offerStatement> {
  const key = `${speed}:${namedSeller}`;
  let shape = offerStatements.get(key);
  if (shape === undefined) {
    shape = offerStatement(speed, namedSeller);
    offerStatements.set(key, shape);
  }
  return shape;
}

/**
 * A new cart (updated now by default) and its only line in one statement (a data-modifying CTE; the line's foreign
 * key is checked at the statement's end), not two (decision 065).
 */
export const newCartWithLine = statementShape<{
  cartId: string;
  customerId: number | null;
  zipcode: string;
  locId: number;
  variantId: number;
  offerId: number;
  qty: number;
}>()((db, value) =>
  db
    .with('cart', (cte) =>
      cte
        .insertInto('carts')
        .values({ id: value('cartId'), customer_id: value('customerId'), zipcode: value('zipcode'), loc_id: value('locId'), coupon_code: null }),
    )
    .insertInto('cart_items')
    .values({
      cart_id: value('cartId'),
      variant_id: value('variantId'),
      offer_id: value('offerId'),
      qty: value('qty'),
      delivery_date: null,
      timeslot: null,
    }),
);
