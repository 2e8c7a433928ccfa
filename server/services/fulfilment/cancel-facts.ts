import type { Kysely, Selectable } from 'kysely';
import type { CancelFacts, WalletBack } from '../../../src/rules/cancel-words.ts';
import { cancelStandingOf } from '../../../src/rules/fulfilment.ts';
import { walletUnitsOf } from '../../../src/rules/wallet.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { cancelPaymentOf } from './rest-of-order.ts';

type OrderRow = Selectable<OrdersTable>;

/**
 * The order's wallet redemption lines (order_items.wallet_entry_id), each with what it took from its entry: what a
 * cancel or a refusal gives back to the wallet (giveBackRedemptions). Read from the lines, which stay after the order
 * ended, so the order page still says it once the redemptions were given back.
 */
export async function walletBackOf(db: Kysely<Database>, orderId: number): Promise<WalletBack[]> {
  const lines = await db
    .selectFrom('order_items')
    .innerJoin('wallet_entries', 'wallet_entries.id', 'order_items.wallet_entry_id')
    .select(['order_items.product_name', 'order_items.bottle_size', 'order_items.qty', 'wallet_entries.unit'])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
  return lines.map((l) => ({ productName: l.product_name, amount: walletUnitsOf(l.unit, l.bottle_size, l.qty), unit: l.unit }));
}

/** What a cancel of the whole order would do (src/rules/cancel-words.ts words it): read before the cancel moves it. */
export async function cancelFactsOf(db: Kysely<Database>, order: OrderRow): Promise<CancelFacts> {
  // A bank debit on its way comes in whatever the cancel: it is refunded once it clears (payment-reconciler.ts).
  const payment = cancelStandingOf(order) === 'debit-pending' ? 'debit-pending' : cancelPaymentOf(order);
  return { payment, totalCents: order.grand_total_cents, walletBack: await walletBackOf(db, order.id) };
}

/** The cancel facts as the shopper's change panel reads them (reschedule options' cancel). */
export function cancelFactsReply(facts: CancelFacts) {
  return {
    payment: facts.payment,
    total_cents: facts.totalCents,
    wallet_back: facts.walletBack.map((w) => ({ product_name: w.productName, amount: w.amount, unit: w.unit })),
  };
}
