import type { Kysely } from 'kysely';
import { orderedCartField } from '../../../src/api/contract/checkout.contract.ts';
import { cartNotFoundMessage, cartOrderedMessage } from '../../../src/rules/messages.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../platform/caller.ts';

/**
 * A cart the caller may touch: a customer's cart only with that customer's token; a guest cart (no customer)
 * by its unguessable id alone. Anything else is "not found", never "forbidden".
 */
export async function findOwnCart(db: Kysely<Database>, cartId: string, caller: Caller | undefined) {
  const cart = await db.selectFrom('carts').selectAll().where('id', '=', cartId).where('status', '=', 'open').executeTakeFirst();
  if (!cart) return undefined;
  if (cart.customer_id !== null && cart.customer_id !== caller?.customerId) return undefined;
  return cart;
}

/** Empties the cart and closes it; returns false when it is not the caller's (or does not exist). */
export async function clearCart(db: Kysely<Database>, cartId: string, caller: Caller | undefined): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const cart = await findOwnCart(trx, cartId, caller);
    if (!cart) return false;
    await trx.deleteFrom('cart_items').where('cart_id', '=', cart.id).execute();
    await trx.updateTable('carts').set({ status: 'cleared', updated_at: new Date() }).where('id', '=', cart.id).execute();
    return true;
  });
}

/** findOwnCart with the cart row locked until the transaction ends: changes to one cart run one at a time. */
export async function lockOwnCart(trx: Kysely<Database>, cartId: string, caller: Caller | undefined) {
  const cart = await trx.selectFrom('carts').selectAll().where('id', '=', cartId).where('status', '=', 'open').forUpdate().executeTakeFirst();
  if (!cart) return undefined;
  if (cart.customer_id !== null && cart.customer_id !== caller?.customerId) return undefined;
  return cart;
}

/**
 * A signed-in customer's current cart (their most recently used open one), locked until the transaction ends: the one
 * cart every browser they are signed in on adds to, so a browser that holds no cart (or one ordered elsewhere) does
 * not start a second one beside it.
 */
export async function lockCurrentCart(trx: Kysely<Database>, customerId: number) {
  return trx
    .selectFrom('carts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '=', 'open')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The caller's cart whatever its status (an ordered or cleared cart is still theirs to be told about), or
 * undefined when it does not exist or is someone else's.
 */
export async function findCallersCart(db: Kysely<Database>, cartId: string, caller: Caller | undefined) {
  const cart = await db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirst();
  if (!cart) return undefined;
  if (cart.customer_id !== null && cart.customer_id !== caller?.customerId) return undefined;
  return cart;
}

/**
 * A checkout call's 404 for a cart that is not open: the caller's own cart that was ordered meanwhile (another tab) is
 * named (cart_id, with words saying so), so the checkout goes back to the cart instead of offering a retry that fails
 * the same way; anything else is 'Cart not found', as ever. Read only once the cart was found not open.
 */
export async function closedCartNotFound(
  db: Kysely<Database>,
  cartId: string,
  caller: Caller | undefined,
): Promise<{ what: string; field?: string }> {
  const cart = await findCallersCart(db, cartId, caller);
  return cart?.status === 'ordered' ? { what: cartOrderedMessage, field: orderedCartField } : { what: cartNotFoundMessage };
}
