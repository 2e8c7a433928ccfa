import type { Kysely } from 'kysely';
import { guestAgeRestrictedRefusal } from '../../../src/rules/age-restricted-product.ts';
import { maxQuantity } from '../../../src/rules/quantity.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { findCallersCart, lockCurrentCart, lockOwnCart } from './carts.ts';
import { notServedMessage } from '../catalogue/catalogue-cache.ts';
import { newCartWithLine, servedOfferShape } from './add-to-cart-statements.ts';
import type { Caller } from '../platform/caller.ts';
import { newSecret } from '../platform/tokens.ts';
import { cartBadgeQty } from './cart-badge.ts';

export interface AddToCartRequest {
  /** The size (variant) id: the spec's product_id. */
  variantId: number;
  qty: number;
  cartId?: string | undefined;
  zipcode: string;
  locId: number;
  speed: SpeedValue;
  /** A particular seller; without it the cheapest in-stock offer of the speed in the area is taken. */
  vendorLocId?: number | undefined;
}

export type AddToCartOutcome =
  /** totalQty is what the cart badge shows: the units of the lines the cart's totals count (cartBadgeQty). */
  | { kind: 'added'; cartId: string; totalQty: number; lineQty: number }
  | { kind: 'refused'; message: string; cartId?: string | undefined }
  | { kind: 'cart-not-found' };

export const addToCartMessages = {
  added: 'Product added to cart successfully.',
  productNotFound: 'Product not found',
  notAtSpeed: 'This size is not available at this speed in your area.',
  outOfStock: 'This size is out of stock.',
  onlyLeft: (stock: number) => `Only ${stock} left in stock.`,
  tooMany: (inCart: number) => `You can have at most ${maxQuantity} of this item in your cart (you have ${inCart}).`,
  otherArea: 'Your cart holds items for another pincode. Clear the cart to shop in this area.',
} as const;

/**
 * Adds qty of one size, at one speed, to the caller's cart (creating the cart when none is given), or says why not.
 * The same size, speed and seller again adds to the existing line. Stock is checked, not reserved: it is taken
 * when the order is placed. One transaction, with the cart row locked, so two quick clicks cannot exceed the limits.
 */
export async function addToCart(db: Kysely<Database>, caller: Caller | undefined, request: AddToCartRequest): Promise<AddToCartOutcome> {
  // A signed-in customer has one current cart wherever they are signed in: a browser that holds none (or one ordered
  // in another browser) adds to the account's open cart, never to a second one beside it.
  const account = caller !== undefined && !caller.isGuest ? caller.customerId : undefined;
  // A guest's new cart locks nothing and writes once (the cart and its line are one statement), so it needs no
  // transaction: its BEGIN and COMMIT were two round trips of every first add (decision 072). A cart is locked first.
  const run = <T>(body: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
    request.cartId === undefined && account === undefined ? body(db) : db.transaction().execute(body);
  return run(async (trx): Promise<AddToCartOutcome> => {
    let cart: { id: string; loc_id: number } | undefined;
    if (request.cartId !== undefined) {
      cart = await lockOwnCart(trx, request.cartId, caller);
      // Not open: the customer's own cart ordered (or cleared) meanwhile goes on with their cart of now; anything else is not found.
      if (!cart && (account === undefined || !(await findCallersCart(trx, request.cartId, caller)))) return { kind: 'cart-not-found' };
    }
    if (!cart && account !== undefined) cart = await lockCurrentCart(trx, account);
    const refuse = (message: string): AddToCartOutcome => ({ kind: 'refused', message, cartId: cart?.id });

    // Whether the area is served, the size with its age restriction and the offer the line would take, in one
    // statement (decisions 068, 084): keyed reads, their refusals given in this order.
    const found = await servedOfferShape(request.speed, request.vendorLocId !== undefined).first(trx, {
      zipcode: request.zipcode,
      locId: request.locId,
      variantId: request.variantId,
      speed: request.speed,
      vendorLocId: request.vendorLocId ?? 0,
    });
    if (!found) throw new Error('The served, variant and offer read returned no row');
    if (!found.served) return refuse(notServedMessage);
    const variant = found.age_restricted === null ? undefined : { id: request.variantId, age_restricted: found.age_restricted };
    if (!variant) return refuse(addToCartMessages.productNotFound);
    // Only an account can verify its identity: a guest cart (no token, or an email-only guest) never takes a restricted item.
    if (variant.age_restricted && (!caller || caller.isGuest)) return refuse(guestAgeRestrictedRefusal);

    const offer = found.offer_id === null || found.offer_stock === null ? undefined : { id: found.offer_id, stock: found.offer_stock };
    if (!offer) return refuse(addToCartMessages.notAtSpeed);

    if (cart && cart.loc_id !== request.locId) {
      const other = await trx.selectFrom('cart_items').select('id').where('cart_id', '=', cart.id).limit(1).executeTakeFirst();
      if (other) return refuse(addToCartMessages.otherArea);
      // An empty cart simply follows the shopper to the new pincode.
      await trx
        .updateTable('carts')
        .set({ zipcode: request.zipcode, loc_id: request.locId, updated_at: new Date() })
        .where('id', '=', cart.id)
        .execute();
    }

    const line = cart
      ? await trx
          .selectFrom('cart_items')
          .select('qty')
          .where('cart_id', '=', cart.id)
          .where('offer_id', '=', offer.id)
          .where('wallet_entry_id', 'is', null)
          .executeTakeFirst()
      : undefined;
    const inCart = line?.qty ?? 0;
    const lineQty = inCart + request.qty;
    if (lineQty > maxQuantity) return refuse(addToCartMessages.tooMany(inCart));
    if (offer.stock < lineQty) {
      return refuse(offer.stock === 0 ? addToCartMessages.outOfStock : addToCartMessages.onlyLeft(offer.stock));
    }

    const cartId = cart?.id ?? newSecret();
    const newLine = { cart_id: cartId, variant_id: variant.id, offer_id: offer.id, qty: lineQty, delivery_date: null, timeslot: null };
    if (!cart) {
      // A new cart: its row and its only line, so the badge shows this line's quantity (one statement).
      await newCartWithLine.execute(trx, {
        cartId,
        customerId: caller?.customerId ?? null,
        zipcode: request.zipcode,
        locId: request.locId,
        variantId: variant.id,
        offerId: offer.id,
        qty: lineQty,
      });
      return { kind: 'added', cartId, totalQty: lineQty, lineQty };
    }
    await trx
      .insertInto('cart_items')
      .values(newLine)
      // The cart row is locked, so lineQty already counts what the line held.
      .onConflict((oc) => oc.constraint('cart_items_line_unique').doUpdateSet({ qty: lineQty }))
      .execute();
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute();

    const totalQty = await cartBadgeQty(trx, cartId);
    return { kind: 'added', cartId, totalQty, lineQty };
  });
}
