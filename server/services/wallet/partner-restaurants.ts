import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Partner restaurants and bars are the vendor locations of vendors of the 'restaurant' kind (issue 12, migration 010
 * and the seed). The wallet reads only this one fact about them, here.
 */
export const restaurantKind = 'restaurant';

/** For a query joined to vendors: the vendor is a partner restaurant (kind compared as text, whatever the schema's type). */
export function isRestaurantVendor(): Expression<SqlBool> {
  return sql<SqlBool>`vendors.kind::text = ${restaurantKind}`;
}
