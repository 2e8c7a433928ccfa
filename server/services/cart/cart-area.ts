import type { Kysely } from 'kysely';
import type { AreaLine, MoveAreaData } from '../../../src/api/contract/cart-area.contract.ts';
import { formatSize } from '../../../src/rules/sizes.ts';
import { catalogueSpeeds, type SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../platform/caller.ts';
import { findOwnCart, lockOwnCart } from './carts.ts';

export interface MoveAreaRequest {
  cartId: string;
  zipcode: string;
  /** The delivery option's courier type: dine-in and pick-up narrow what can be sold; undefined is delivery. */
  courierType?: SpeedValue | undefined;
  /** Move the cart there (taking off what the area cannot sell), not only answer. */
  apply: boolean;
}

export type MoveAreaOutcome = { kind: 'answered'; data: MoveAreaData } | { kind: 'not-served' } | { kind: 'cart-not-found' };

/**
 * Which lines of the caller's cart another pincode (and delivery option) can sell: the catalogue's own rule
 * (offeredInArea), line by line — the line's own seller's offer is sold in that area at a speed the option shows.
 * Nothing is re-priced or swapped to another seller: a line stays exactly as chosen, or is listed for the shopper.
 * With apply, one transaction with the cart locked takes the listed lines off and moves the cart to the area.
 */
export async function moveCartToArea(db: Kysely<Database>, caller: Caller | undefined, request: MoveAreaRequest): Promise<MoveAreaOutcome> {
  return db.transaction().execute(async (trx): Promise<MoveAreaOutcome> => {
    const area = await trx.selectFrom('service_areas').select(['zipcode', 'loc_id']).where('zipcode', '=', request.zipcode).executeTakeFirst();
    if (!area) return { kind: 'not-served' };
    const cart = request.apply ? await lockOwnCart(trx, request.cartId, caller) : await findOwnCart(trx, request.cartId, caller);
    if (!cart) return { kind: 'cart-not-found' };

    const speeds = catalogueSpeeds(request.courierType);
    const rows = await trx
      .selectFrom('cart_items')
      .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
      .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select([
        'cart_items.id as cart_rid',
        'products.name',
        'product_variants.bottle_size',
        'products.size_unit',
        'cart_items.qty',
        'variant_offers.area_loc_id',
        'variant_offers.speed',
      ])
      .where('cart_items.cart_id', '=', cart.id)
      .orderBy('cart_items.id')
      .execute();
    const keep: AreaLine[] = [];
    const drop: AreaLine[] = [];
    for (const row of rows) {
      const line = { cart_rid: row.cart_rid, name: row.name, size: formatSize(row.bottle_size, row.size_unit), qty: row.qty };
      const sold = (row.area_loc_id === null || row.area_loc_id === area.loc_id) && speeds.includes(row.speed);
      (sold ? keep : drop).push(line);
    }
    const data: MoveAreaData = { zipcode: area.zipcode, loc_id: area.loc_id, keep, drop };
    if (!request.apply) return { kind: 'answered', data };

    if (drop.length > 0) {
      await trx
        .deleteFrom('cart_items')
        .where('cart_id', '=', cart.id)
        .where(
          'id',
          'in',
          drop.map((line) => line.cart_rid),
        )
        .execute();
    }
    await trx.updateTable('carts').set({ zipcode: area.zipcode, loc_id: area.loc_id, updated_at: new Date() }).where('id', '=', cart.id).execute();
    const total = await trx
      .selectFrom('cart_items')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('qty'), eb.lit(0)).as('qty'))
      .where('cart_id', '=', cart.id)
      .executeTakeFirstOrThrow();
    return { kind: 'answered', data: { ...data, total_products_in_cart: Number(total.qty) } };
  });
}
