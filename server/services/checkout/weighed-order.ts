import type { Kysely } from 'kysely';
import { authorisedCents, defaultSubstitutionPreference, type SubstitutionPreference } from '../../../src/rules/catch-weight.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

/** The shopper's substitution choice per cart line (cart_items.id), from the review step. */
export type SubstitutionChoices = ReadonlyMap<number, SubstitutionPreference>;

/**
 * Place order, after the lines are written (decision 039): each line's substitution preference (the shopper's, or
 * 'similar'), then the payment to take. With lines sold by weight the payment covers the estimate plus the margin on
 * them: a card is only authorised for it (capture_state 'held', captured at packing), UPI and bank debits collect it
 * and the difference is refunded at packing; pay on delivery collects the final amount at the door.
 */
export async function prepareWeighedOrder(
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  lineIds: ReadonlyMap<number, number>,
  choices: SubstitutionChoices,
): Promise<Selectable<OrdersTable>> {
  for (const [cartRid, preference] of choices) {
    const itemId = lineIds.get(cartRid);
    if (itemId === undefined || preference === defaultSubstitutionPreference) continue;
    await trx.updateTable('order_items').set({ substitution_pref: preference }).where('id', '=', itemId).where('order_id', '=', order.id).execute();
  }
  const weighed = await trx
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('order_items.row_total_cents'), eb.lit(0)).as('cents'))
    .where('order_items.order_id', '=', order.id)
    .where('products.sold_by_weight', '=', true)
    .where('order_items.wallet_entry_id', 'is', null)
    .executeTakeFirstOrThrow();
  const estimate = Number(weighed.cents);
  if (estimate === 0 || order.payment_mode === 4 || order.grand_total_cents === 0) return order;
  return trx
    .updateTable('orders')
    .set({ authorised_cents: authorisedCents(order.grand_total_cents, estimate), capture_state: order.payment_mode === 2 ? 'held' : null })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
