import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Partner restaurants and bars are the vendor locations of vendors of the 'restaurant' kind (issue 12, migration 010
 * and the seed). The wallet reads only this one fact about them, here.
 */
export const restaurantKind = 'restaurant';

/** For a query joined to vendors: the vendor is a partner restaurant (kind compared as text, whatever the schema's type). */
export function isRestaurantVendor(): Expression<SqlBool> {
  return sql<SqlBool>`vendors.kind::text = ${restaurantKind}`;
}

/**
 * For a query joined to vendors and vendor_locations: the seller's name as the shopper met it. A restaurant is the
 * location chosen on Delivery Options ('The Oyster Room — Chelsea', as the header, the wallet and the partner list
 * name it; walk 8: the cart, the order and its mails said 'The Oyster Room'); a shop is its vendor's name.
 */
export function sellerName(): RawBuilder<string> {
  return sql<string>`case when vendors.kind::text = ${restaurantKind} then vendor_locations.name else vendors.name end`;
}
