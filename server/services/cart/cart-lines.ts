import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { walletRefusals } from '../../../src/rules/wallet.ts';
import { addToCartMessages } from './add-to-cart.ts';
import { lockOwnCart } from './carts.ts';
import { itemSubtotalCents, loadCartLines } from './cart-view.ts';
import { revalidateCoupon } from './coupons.ts';
import type { Caller } from '../platform/caller.ts';
import { releaseSlot } from './slots.ts';

export type LineOutcome =
  /** couponMessage: the cart's coupon no longer applied after the change and was taken off. */
  | { kind: 'changed'; couponMessage?: string | undefined }
  | { kind: 'refused'; message: string }
  /** The cart or the line is not the caller's (or does not exist): a 404, and nothing changed. */
  | { kind: 'not-found' };

export interface LineRef {
  cartId: string;
  cartRid: number;
  /** When sent, the line must be of this size too. */
  variantId?: number | undefined;
}

/** Sets a line's quantity (0 removes it) if the seller has that many; one transaction with the cart row locked. */
export async function updateLineQty(db: Kysely<Database>, caller: Caller | undefined, ref: LineRef, qty: number, now: Date): Promise<LineOutcome> {
  return db.transaction().execute(async (trx): Promise<LineOutcome> => {
    const cart = await lockOwnCart(trx, ref.cartId, caller);
    if (!cart) return { kind: 'not-found' };
    const line = await findLine(trx, cart.id, ref);
    if (!line) return { kind: 'not-found' };
    if (qty === 0) {
      await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
    } else {
      // A wallet line only goes up through wallet add to cart, which checks what the wallet still holds; lowering is fine.
      if (line.wallet_entry_id !== null && qty > line.qty) return { kind: 'refused', message: walletRefusals.qtyFixed };
      // Stock is checked, not reserved (it is taken when the order is placed), as add to cart does.
      if (qty > line.stock)
        return { kind: 'refused', message: line.stock === 0 ? addToCartMessages.outOfStock : addToCartMessages.onlyLeft(line.stock) };
      await trx.updateTable('cart_items').set({ qty }).where('id', '=', line.id).execute();
    }
    return afterChange(trx, cart, line.loc_id, now);
  });
}

export async function deleteLine(db: Kysely<Database>, caller: Caller | undefined, ref: LineRef, now: Date): Promise<LineOutcome> {
  return db.transaction().execute(async (trx): Promise<LineOutcome> => {
    const cart = await lockOwnCart(trx, ref.cartId, caller);
    if (!cart) return { kind: 'not-found' };
    const line = await findLine(trx, cart.id, ref);
    if (!line) return { kind: 'not-found' };
    await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
    return afterChange(trx, cart, line.loc_id, now);
  });
}

/** The line only if it is in this cart: a line id of another cart is "not found", like an unknown one. */
async function findLine(trx: Kysely<Database>, cartId: string, ref: LineRef) {
  const line = await trx
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .select([
      'cart_items.id',
      'cart_items.variant_id',
      'cart_items.qty',
      'cart_items.wallet_entry_id',
      'variant_offers.stock',
      'variant_offers.loc_id',
    ])
    .where('cart_items.id', '=', ref.cartRid)
    .where('cart_items.cart_id', '=', cartId)
    .executeTakeFirst();
  if (!line || (ref.variantId !== undefined && ref.variantId !== line.variant_id)) return undefined;
  return line;
}

/** A group left without lines loses its date and seat; the coupon is checked against the new subtotal. */
async function afterChange(trx: Kysely<Database>, cart: { id: string; coupon_code: string | null }, locId: number, now: Date): Promise<LineOutcome> {
  const lines = await loadCartLines(trx, cart.id);
  if (!lines.some((l) => l.loc_id === locId)) {
    await releaseSlot(trx, cart.id, locId);
    await trx.deleteFrom('cart_deliveries').where('cart_id', '=', cart.id).where('loc_id', '=', locId).execute();
  }
  await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cart.id).execute();
  const coupon = await revalidateCoupon(trx, cart, itemSubtotalCents(lines), now);
  return { kind: 'changed', couponMessage: coupon.kind === 'dropped' ? coupon.message : undefined };
}
