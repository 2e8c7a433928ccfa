import { sql, type Kysely } from 'kysely';
import { speedIds } from '../../../src/rules/delivery-speeds.ts';
import { walletUnitOf, walletUnitsOf } from '../../../src/rules/wallet.ts';
import { isRestaurantVendor } from './partner-restaurants.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

/**
 * The wallet's side of an order. A dine-in order (speed 3 at a partner restaurant, orders.retailer_loc_id) that is
 * served (the fulfilment's serve move, issue 24: not at payment) puts what it bought into its customer's wallet, one
 * entry per item, in the product's unit; a refund takes back what is still unconsumed. Both run inside the
 * transaction that moves the order, so an order is never served without its wallet, nor refunded with it.
 */
type OrderRow = Selectable<OrdersTable>;

/** Entries for a dine-in order just served; nothing for any other order, and nothing twice (order_item_id is unique). */
export async function creditDineInWallet(trx: Kysely<Database>, order: OrderRow): Promise<number> {
  if (order.speed_id !== speedIds.dineIn || order.retailer_loc_id === null) return 0;
  // Only a partner restaurant's dine-in fills the wallet (a Same Day shop's Dine-In speed does not).
  const restaurant = await trx
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select(['vendor_locations.id', 'vendor_locations.state', 'vendor_locations.price_category'])
    .where('vendor_locations.id', '=', order.retailer_loc_id)
    .where(isRestaurantVendor())
    .executeTakeFirst();
  if (!restaurant) return 0;
  // What the restaurant served: a line marked out (or whose substitute was refused) is not charged and holds nothing;
  // an approved substitute is held as itself, at its size (lineFinalCents prices the lines the same way).
  const items = await trx
    .selectFrom('order_items')
    .innerJoin('product_variants as served', (join) =>
      join.on(
        sql<boolean>`served.id = case when order_items.substitution_state = 'approved' then order_items.substitute_variant_id else order_items.variant_id end`,
      ),
    )
    .innerJoin('products', 'products.id', 'served.product_id')
    .select(['order_items.id', 'served.product_id', 'served.id as variant_id', 'served.bottle_size', 'order_items.qty', 'products.size_unit'])
    .where('order_items.order_id', '=', order.id)
    // A redeemed line is the wallet's own: it does not go back in.
    .where('order_items.wallet_entry_id', 'is', null)
    .where((eb) => eb.or([eb('order_items.substitution_state', 'is', null), eb('order_items.substitution_state', 'not in', ['out', 'refused'])]))
    .orderBy('order_items.id')
    .execute();
  let credited = 0;
  for (const item of items) {
    const unit = walletUnitOf(item.size_unit);
    const ordered = walletUnitsOf(unit, item.bottle_size, item.qty);
    if (ordered <= 0) continue;
    const inserted = await trx
      .insertInto('wallet_entries')
      .values({
        customer_id: order.customer_id,
        order_id: order.id,
        order_item_id: item.id,
        product_id: item.product_id,
        variant_id: item.variant_id,
        loc_id: restaurant.id,
        unit,
        ordered,
        remaining: ordered,
        price_category: restaurant.price_category,
        state: restaurant.state,
      })
      .onConflict((oc) => oc.column('order_item_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) credited += 1;
  }
  return credited;
}

/**
 * A refund of a dine-in order: what its entries still hold is withdrawn (remaining → withdrawn); what was already
 * consumed stays consumed. Returns the units withdrawn. Entries are locked first, so a redemption racing the refund
 * either finishes before (and its units stay consumed) or finds nothing left.
 */
export async function withdrawOrderWallet(trx: Kysely<Database>, orderId: number): Promise<number> {
  const entries = await trx
    .selectFrom('wallet_entries')
    .select(['id', 'remaining'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .forUpdate()
    .execute();
  let withdrawn = 0;
  for (const entry of entries) {
    if (entry.remaining === 0) continue;
    await trx
      .updateTable('wallet_entries')
      .set((eb) => ({ withdrawn: eb('withdrawn', '+', entry.remaining), remaining: 0 }))
      .where('id', '=', entry.id)
      .execute();
    withdrawn += entry.remaining;
  }
  return withdrawn;
}
