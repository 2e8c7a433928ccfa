import type { Transaction } from 'kysely';
import { formatSize } from '../../../src/rules/sizes.ts';
import type { Database } from '../../db/schema.ts';
import { joinLines, linesOf, type CartMergeChange, type JoinRule } from './cart-merge.ts';
import { keepLinesIn, stillKept } from './kept-lines.ts';

/**
 * A bank debit that fails days after its order stood (decision 081: the cart's kept lines moved on to the shopper's
 * next cart then): the order's lines go back to the customer's one cart of now, never to a second open cart. A
 * guest is a customer row of their own once they check out (the ordered cart and any next cart made for them carry
 * it); a cart with no customer is never chosen, as only its id proves whose it is.
 */

/** The customer's open cart other than the ordered one, locked before the order gives its stock back (place order
 * locks a cart before its offers, so this keeps the same order). */
export async function lockOpenCart(
  trx: Transaction<Database>,
  order: { cart_id: string; customer_id: number },
): Promise<{ id: string; loc_id: number } | undefined> {
  return trx
    .selectFrom('carts')
    .select(['id', 'loc_id'])
    .where('customer_id', '=', order.customer_id)
    .where('status', '=', 'open')
    .where('id', '!=', order.cart_id)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** Where the failed order's lines went, for the mail that tells the shopper. */
export interface LinesBack {
  /** The cart that holds them now: the customer's open cart, or the order's own cart reopened. */
  cartId: string;
  reopened: boolean;
  /** Lines not back as they were: capped at the stock (or 24), or not back at all (qty 0). */
  changes: CartMergeChange[];
  /** Lines of another area than the open cart's: kept aside there for their zip (cart_kept_lines, decision 041). */
  keptFor: { name: string; size: string; qty: number; zipcode: string }[];
}

/** Quantities add up to what the stock allows; the order's date and slot, days old, are chosen again at checkout. */
const restoreJoin: JoinRule = { keepOne: false, withDates: false };

/**
 * The failed order's lines (its stock already given back) into the open cart: added to its lines when it is for the
 * same area, else kept aside in it for the ordered cart's zip; the ordered cart keeps nothing, and stays 'ordered' so
 * a tab still holding it is sent to the cart of now. Without an open cart, the ordered cart reopens as it was.
 */
export async function bringLinesBack(
  trx: Transaction<Database>,
  orderedCartId: string,
  open: { id: string; loc_id: number } | undefined,
): Promise<LinesBack> {
  if (!open) {
    await trx
      .updateTable('carts')
      .set({ status: 'open', updated_at: new Date() })
      .where('id', '=', orderedCartId)
      .where('status', '=', 'ordered')
      .execute();
    return { cartId: orderedCartId, reopened: true, changes: [], keptFor: [] };
  }
  const ordered = await trx.selectFrom('carts').select(['zipcode', 'loc_id']).where('id', '=', orderedCartId).executeTakeFirstOrThrow();
  const lines = await linesOf(trx, orderedCartId);
  const back: LinesBack = { cartId: open.id, reopened: false, changes: [], keptFor: [] };
  if (open.loc_id === ordered.loc_id) {
    back.changes = await joinLines(trx, open.id, await linesOf(trx, open.id), lines, restoreJoin);
  } else {
    // A wallet line is a redemption at its restaurant: it cannot wait for a zip, and its units are back in the wallet.
    const paid = lines.filter((line) => line.wallet_entry_id === null);
    const now = new Date();
    await keepLinesIn(
      trx,
      open.id,
      paid.map((line) => ({ zipcode: ordered.zipcode, variant_id: line.variant_id, offer_id: line.offer_id, qty: line.qty, created_at: now })),
    );
    const named = (line: (typeof lines)[number]) => ({ name: line.name, size: formatSize(line.bottle_size, line.size_unit) });
    back.keptFor = paid.map((line) => ({ ...named(line), qty: line.qty, zipcode: ordered.zipcode }));
    back.changes = lines.filter((line) => line.wallet_entry_id !== null).map((line) => ({ ...named(line), wanted: line.qty, qty: 0 }));
  }
  // Lines the ordered cart still kept aside (none once the order stood, unless that move failed) go along.
  const kept = await trx
    .deleteFrom('cart_kept_lines')
    .where('cart_id', '=', orderedCartId)
    .returning(['zipcode', 'variant_id', 'offer_id', 'qty', 'created_at', stillKept.as('still_kept')])
    .execute();
  await keepLinesIn(
    trx,
    open.id,
    kept.filter((line) => line.still_kept),
  );
  await trx.deleteFrom('cart_items').where('cart_id', '=', orderedCartId).execute();
  await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', open.id).execute();
  return back;
}
