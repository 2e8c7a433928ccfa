import { sql, type Kysely } from 'kysely';
import { walletRefusals, walletUnitsOf } from '../../../src/rules/wallet.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Redeeming the wallet when an order is placed, inside place order's transaction. Lock order, after the cart row
 * and the offers: the wallet entries by id. claimWalletLines reads the cart's wallet lines with their entries locked
 * and checks every entry still holds what its lines take; redeemWalletClaims (after the order row exists) takes the
 * units and records them. remaining never goes below zero (the CHECK, and the WHERE here): of two orders racing for
 * an entry's last unit, the second waits on the row lock and then finds it gone.
 */
export interface WalletClaim {
  entryId: number;
  /** The restaurant where it is redeemed (the cart line's wallet_loc_id). */
  locId: number;
  amount: number;
}

export type WalletClaimCheck = { ok: true; claims: WalletClaim[] } | { ok: false; message: string };

export async function claimWalletLines(trx: Kysely<Database>, cartId: string, customerId: number): Promise<WalletClaimCheck> {
  const lines = await trx
    .selectFrom('cart_items')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['cart_items.wallet_entry_id', 'cart_items.wallet_loc_id', 'cart_items.qty', 'product_variants.bottle_size', 'products.name'])
    .where('cart_items.cart_id', '=', cartId)
    .where('cart_items.wallet_entry_id', 'is not', null)
    .execute();
  if (lines.length === 0) return { ok: true, claims: [] };
  const entryIds = [...new Set(lines.flatMap((l) => (l.wallet_entry_id === null ? [] : [l.wallet_entry_id])))].sort((a, b) => a - b);
  const entries = await trx
    .selectFrom('wallet_entries')
    .select(['id', 'customer_id', 'unit', 'remaining', 'state', 'price_category'])
    .where('id', 'in', entryIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  const restaurants = await trx
    .selectFrom('vendor_locations')
    .select(['id', 'state', 'price_category'])
    .where(
      'id',
      'in',
      lines.map((l) => l.wallet_loc_id ?? 0),
    )
    .execute();
  const claims: WalletClaim[] = [];
  const taken = new Map<number, number>();
  for (const line of lines) {
    const entry = entries.find((e) => e.id === line.wallet_entry_id);
    const restaurant = restaurants.find((r) => r.id === line.wallet_loc_id);
    if (!entry || entry.customer_id !== customerId || !restaurant) return { ok: false, message: walletRefusals.usedUp(line.name) };
    if (restaurant.state !== entry.state || restaurant.price_category !== entry.price_category) {
      return { ok: false, message: walletRefusals.notRedeemableHere };
    }
    const amount = walletUnitsOf(entry.unit, line.bottle_size, line.qty);
    const total = (taken.get(entry.id) ?? 0) + amount;
    if (total > entry.remaining) return { ok: false, message: walletRefusals.usedUp(line.name) };
    taken.set(entry.id, total);
    claims.push({ entryId: entry.id, locId: restaurant.id, amount });
  }
  return { ok: true, claims };
}

/** Takes the claimed units from their (locked) entries and records them against the order. */
export async function redeemWalletClaims(trx: Kysely<Database>, orderId: number, claims: readonly WalletClaim[]): Promise<void> {
  for (const claim of claims) {
    const taken = await trx
      .updateTable('wallet_entries')
      .set((eb) => ({ remaining: eb('remaining', '-', claim.amount), consumed: eb('consumed', '+', claim.amount) }))
      .where('id', '=', claim.entryId)
      .where('remaining', '>=', claim.amount)
      .returning('id')
      .executeTakeFirst();
    // claimWalletLines checked it under the same lock: reaching this is a bug, and the transaction must not commit.
    if (!taken) throw new Error(`wallet entry ${claim.entryId} cannot cover ${claim.amount}`);
    await trx
      .insertInto('wallet_redemptions')
      .values({ entry_id: claim.entryId, order_id: orderId, loc_id: claim.locId, amount: claim.amount })
      .execute();
  }
}

/**
 * A redemption order whose payment failed: its units go back to their entries (the cart, reopened, still holds the
 * wallet lines, so paying again redeems them again). With `locId`, only what was redeemed at that restaurant (its part
 * of the order was refused). Returns the units given back.
 */
export async function giveBackRedemptions(trx: Kysely<Database>, orderId: number, locId?: number): Promise<number> {
  const redemptions = await trx
    .selectFrom('wallet_redemptions')
    .select(['id', 'entry_id', 'amount'])
    .where('order_id', '=', orderId)
    .$if(locId !== undefined, (q) => q.where('loc_id', '=', locId ?? 0))
    .orderBy('entry_id')
    .execute();
  let given = 0;
  for (const redemption of redemptions) {
    await trx
      .updateTable('wallet_entries')
      .set({ remaining: sql<number>`remaining + ${redemption.amount}`, consumed: sql<number>`consumed - ${redemption.amount}` })
      .where('id', '=', redemption.entry_id)
      .execute();
    given += redemption.amount;
  }
  await trx
    .deleteFrom('wallet_redemptions')
    .where('order_id', '=', orderId)
    .$if(locId !== undefined, (q) => q.where('loc_id', '=', locId ?? 0))
    .execute();
  return given;
}
