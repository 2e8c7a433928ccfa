import { sql } from 'kysely';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import { statementShape } from '../../db/statement-shapes.ts';
import { offeredInArea } from '../catalogue/product-summaries.ts';

/**
 * Add to cart's statements, each built once (issue 27: every first add of every shopper built and compiled them).
 */

type ServedOfferParams = { zipcode: string; locId: number; variantId: number; speed: SpeedValue; vendorLocId: number };

/**
 * Whether the area is served, the size with its age restriction (decision 068) and the offer a line would take (in
 * stock first, then the cheapest), in one statement (decision 084: two before). The offer is asked beside the checks,
 * so it is read even when a check refuses; the refusals are still given in the checks' order. One shape per speed
 * (the area's speeds are literals of the text, offeredInArea) and per whether a seller is named.
 */
function servedOfferStatement(speed: SpeedValue, namedSeller: boolean) {
  return statementShape<ServedOfferParams>()((db, value) => {
    const offers = db
      .selectFrom('variant_offers')
      .select(['variant_offers.id', 'variant_offers.stock'])
      .where('variant_offers.variant_id', '=', value('variantId'))
      .where('variant_offers.speed', '=', value('speed'))
      .where(offeredInArea(value('locId'), speed));
    const offer = (namedSeller ? offers.where('variant_offers.loc_id', '=', value('vendorLocId')) : offers)
      .orderBy(sql`variant_offers.stock > 0`, 'desc')
      .orderBy('variant_offers.price_cents')
      .orderBy('variant_offers.id')
      .limit(1);
    const checks = db.selectNoFrom((eb) => [
      eb
        .exists(eb.selectFrom('service_areas').select('loc_id').where('zipcode', '=', value('zipcode')).where('loc_id', '=', value('locId')))
        .as('served'),
      eb
        .selectFrom('product_variants')
        .innerJoin('products', 'products.id', 'product_variants.product_id')
        .select('products.age_restricted')
        .where('product_variants.id', '=', value('variantId'))
        .as('age_restricted'),
    ]);
    return db
      .selectFrom(checks.as('checks'))
      .leftJoinLateral(offer.as('offer'), (join) => join.onTrue())
      .select(['checks.served', 'checks.age_restricted', 'offer.id as offer_id', 'offer.stock as offer_stock']);
  });
}

const servedOfferStatements = new Map<string, ReturnType<typeof servedOfferStatement>>();

/** The shape for this speed and seller choice (at most 2 × the speeds). */
export function servedOfferShape(speed: SpeedValue, namedSeller: boolean): ReturnType<typeof servedOfferStatement> {
  const key = `${speed}:${namedSeller}`;
  let shape = servedOfferStatements.get(key);
  if (shape === undefined) {
    shape = servedOfferStatement(speed, namedSeller);
    servedOfferStatements.set(key, shape);
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
