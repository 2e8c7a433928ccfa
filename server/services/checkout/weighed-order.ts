import type { Kysely } from 'kysely';
import { authorisedCents, defaultSubstitutionPreference, type SubstitutionPreference } from '../../../src/rules/catch-weight.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

/** The shopper's substitution choice per cart line (cart_items.id), from the review step. */
export type SubstitutionChoices = ReadonlyMap<number, SubstitutionPreference>;

/**
 * Place order, after the lines are written (decision 039): each line's substitution preference (the shopper's, or
 * 'similar'), then the payment to take. With lines sold by weight (estimate: their row totals, wallet lines left out)
 * the payment covers the estimate plus the margin on them: a card is only authorised for it (capture_state 'held',
 * captured at packing), UPI and bank debits collect it and the difference is refunded at packing; pay on delivery
 * collects the final amount at the door.
 */
export async function prepareWeighedOrder(
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  lineIds: ReadonlyMap<number, number>,
  choices: SubstitutionChoices,
  estimate: number,
): Promise<Selectable<OrdersTable>> {
  for (const [cartRid, preference] of choices) {
    const itemId = lineIds.get(cartRid);
    if (itemId === undefined || preference === defaultSubstitutionPreference) continue;
    await trx.updateTable('order_items').set({ substitution_pref: preference }).where('id', '=', itemId).where('order_id', '=', order.id).execute();
  }
  if (estimate === 0 || order.payment_mode === 4 || order.grand_total_cents === 0) return order;
  return trx
    .updateTable('orders')
    .set({ authorised_cents: authorisedCents(order.grand_total_cents, estimate), capture_state: order.payment_mode === 2 ? 'held' : null })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
