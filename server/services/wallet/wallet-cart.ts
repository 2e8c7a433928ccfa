import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { maxQuantity } from '../../../src/rules/quantity.ts';
import { deliveryOptionMessages } from '../../../src/rules/messages.ts';
import { walletRefusals, walletUnitsOf, walletVisitTimes } from '../../../src/rules/wallet.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../platform/caller.ts';
import { addToCartMessages } from '../cart/add-to-cart.ts';
import { lockOwnCart } from '../cart/carts.ts';
import { notServedMessage } from '../catalogue/catalogue-cache.ts';
import { newSecret } from '../platform/tokens.ts';
import { findRestaurant } from './wallet-reads.ts';
import { cartBadgeQty } from '../cart/cart-badge.ts';

/**
 * /wallet/wallet/walletAddToCart: one size of a product the caller holds from one past order, to be redeemed at one
 * partner restaurant, as a cart line priced 0. The line draws on the order's entry for that product (for food, that
 * size) redeemable at the restaurant; what the cart's wallet lines already take of it counts, so the cart never asks
 * for more than the entry holds. Place order checks again under the entry's row lock.
 */
export interface WalletAddRequest {
  cartId: string | undefined;
  zipcode: string;
  variantId: number;
  size: number;
  restaurantLocId: number;
  orderNumber: string;
  /** The visit chosen on the wallet product list: kept on the cart's wallet lines at this restaurant. */
  visitAt?: { date: string; time: string } | undefined;
}

export type WalletAddOutcome =
  | { kind: 'added'; cartId: string; totalQty: number }
  | { kind: 'refused'; message: string; cartId?: string | undefined }
  | { kind: 'not-found'; what: string };

export const walletCartMessages = {
  added: 'Added to cart from your wallet.',
  orderNotFound: 'Order not found',
  restaurantNotFound: 'Restaurant not found',
  visitKept: 'Your date and time are kept.',
} as const;

export async function walletAddToCart(db: Kysely<Database>, caller: Caller, request: WalletAddRequest): Promise<WalletAddOutcome> {
  return db.transaction().execute(async (trx): Promise<WalletAddOutcome> => {
    let cart: { id: string; loc_id: number; zipcode: string } | undefined;
    if (request.cartId !== undefined) {
      cart = await lockOwnCart(trx, request.cartId, caller);
      if (!cart) return { kind: 'not-found', what: 'Cart not found' };
    }
    const order = await trx
      .selectFrom('orders')
      .select('id')
      .where('increment_id', '=', request.orderNumber)
      .where('customer_id', '=', caller.customerId)
      .executeTakeFirst();
    if (!order) return { kind: 'not-found', what: walletCartMessages.orderNotFound };
    const restaurant = await findRestaurant(trx, request.restaurantLocId);
    if (!restaurant) return { kind: 'not-found', what: walletCartMessages.restaurantNotFound };
    const refuse = (message: string): WalletAddOutcome => ({ kind: 'refused', message, cartId: cart?.id });

    const variant = await trx
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'bottle_size'])
      .where('id', '=', request.variantId)
      .executeTakeFirst();
    if (!variant) return refuse(addToCartMessages.productNotFound);
    if (variant.bottle_size !== request.size) return refuse(walletRefusals.sizeMismatch);

    const area = await trx.selectFrom('service_areas').select('loc_id').where('zipcode', '=', request.zipcode).executeTakeFirst();
    if (!area) return refuse(notServedMessage);

    const entries = await trx
      .selectFrom('wallet_entries')
      .innerJoin('order_items', 'order_items.id', 'wallet_entries.order_item_id')
      .select([
        'wallet_entries.id',
        'wallet_entries.unit',
        'wallet_entries.variant_id',
        'wallet_entries.remaining',
        'wallet_entries.state',
        'wallet_entries.price_category',
        'order_items.offer_id',
      ])
      .where('wallet_entries.customer_id', '=', caller.customerId)
      .where('wallet_entries.order_id', '=', order.id)
      .where('wallet_entries.product_id', '=', variant.product_id)
      .orderBy('wallet_entries.id')
      .execute();
    const redeemable = entries.filter(
      (e) => e.state === restaurant.state && e.price_category === restaurant.price_category && (e.unit === 'ml' || e.variant_id === variant.id),
    );
    if (redeemable.length === 0) return refuse(entries.length === 0 ? walletRefusals.notEnoughLeft : walletRefusals.notRedeemableHere);

    const inCart = cart
      ? await trx
          .selectFrom('cart_items')
          .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
          .select(['cart_items.wallet_entry_id', 'cart_items.qty', 'product_variants.bottle_size', 'cart_items.variant_id', 'cart_items.offer_id'])
          .where('cart_items.cart_id', '=', cart.id)
          .where('cart_items.wallet_entry_id', 'is not', null)
          .execute()
      : [];
    const need = walletUnitsOf(redeemable[0]?.unit ?? 'portion', variant.bottle_size, 1);
    const entry = redeemable.find((e) => {
      const taken = inCart.filter((l) => l.wallet_entry_id === e.id).reduce((sum, l) => sum + walletUnitsOf(e.unit, l.bottle_size, l.qty), 0);
      return e.remaining - taken >= need;
    });
    if (!entry) return refuse(walletRefusals.notEnoughLeft);
    const line = inCart.find((l) => l.wallet_entry_id === entry.id && l.variant_id === variant.id && l.offer_id === entry.offer_id);
    const qty = (line?.qty ?? 0) + 1;
    if (qty > maxQuantity) return refuse(addToCartMessages.tooMany(line?.qty ?? 0));

    if (cart && cart.zipcode !== request.zipcode) {
      const other = await trx.selectFrom('cart_items').select('id').where('cart_id', '=', cart.id).limit(1).executeTakeFirst();
      if (other) return refuse(addToCartMessages.otherArea);
      await trx
        .updateTable('carts')
        .set({ zipcode: request.zipcode, loc_id: area.loc_id, updated_at: new Date() })
        .where('id', '=', cart.id)
        .execute();
    }
    const cartId = cart?.id ?? newSecret();
    if (!cart) {
      await trx
        .insertInto('carts')
        .values({ id: cartId, customer_id: caller.customerId, zipcode: request.zipcode, loc_id: area.loc_id, coupon_code: null })
        .execute();
    } else {
      // A bare guest cart the customer holds becomes theirs: wallet lines are never in a guest's cart.
      await trx.updateTable('carts').set({ customer_id: caller.customerId, updated_at: new Date() }).where('id', '=', cartId).execute();
    }
    await trx
      .insertInto('cart_items')
      .values({
        cart_id: cartId,
        variant_id: variant.id,
        offer_id: entry.offer_id,
        qty,
        delivery_date: request.visitAt?.date ?? null,
        timeslot: request.visitAt?.time ?? null,
        wallet_entry_id: entry.id,
        wallet_loc_id: restaurant.id,
      })
      .onConflict((oc) => oc.constraint('cart_items_line_unique').doUpdateSet({ qty, wallet_loc_id: restaurant.id }))
      .execute();
    if (request.visitAt) await keepWalletVisit(trx, cartId, restaurant.id, request.visitAt);
    const totalQty = await cartBadgeQty(trx, cartId);
    return { kind: 'added', cartId, totalQty };
  });
}

/**
 * The table a cart's wallet redemptions and dine-in lines at a restaurant are eaten at, kept on their lines
 * (delivery_date, timeslot 'HH:MM'): one table, so the latest choice holds for every such line there. Place order reads
 * it from the cart, so it survives another browser and a cart with delivery lines (walk 5 #1, walk 6 #3).
 */
export async function keepWalletVisit(
  db: Kysely<Database>,
  cartId: string,
  restaurantLocId: number,
  visit: { date: string; time: string },
): Promise<void> {
  await db
    .updateTable('cart_items')
    .set({ delivery_date: visit.date, timeslot: visit.time })
    .where('cart_id', '=', cartId)
    .where((eb) =>
      eb.or([
        eb.and([eb('wallet_loc_id', '=', restaurantLocId), eb('wallet_entry_id', 'is not', null)]),
        eb.and([eb('wallet_entry_id', 'is', null), eb('offer_id', 'in', dineInOffersAt(eb, restaurantLocId))]),
      ]),
    )
    .execute();
}

/** The restaurant's dine-in offers (a paid dine-in line's offer is one of them). */
function dineInOffersAt(eb: ExpressionBuilder<Database, 'cart_items'>, locId: number) {
  return eb
    .selectFrom('variant_offers')
    .select('variant_offers.id')
    .where('variant_offers.loc_id', '=', locId)
    .where('variant_offers.speed', '=', 'dine-in');
}

export type WalletVisitOutcome = { kind: 'kept' } | { kind: 'refused'; message: string } | { kind: 'not-found'; what: string };

/**
 * The cart page's choice of when its wallet redemptions and paid dine-in lines at a restaurant are eaten, for a group
 * with no table kept (lines redeemed before the cart kept a visit, walk 5 #1; dine-in lines from another browser, or
 * whose browser lost its stored visit, walk 6 #3): a time the restaurant seats guests on that date, by the wallet
 * product list's own rule (walletVisitTimes, the one place order checks), kept as their ADD TO CART keeps it.
 */
export async function chooseWalletVisit(
  db: Kysely<Database>,
  caller: Caller,
  request: { cartId: string; restaurantLocId: number; visitAt: { date: string; time: string } },
  now: Date,
): Promise<WalletVisitOutcome> {
  return db.transaction().execute(async (trx): Promise<WalletVisitOutcome> => {
    const cart = await lockOwnCart(trx, request.cartId, caller);
    if (!cart) return { kind: 'not-found', what: 'Cart not found' };
    const restaurant = await trx
      .selectFrom('cart_items')
      .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
      .innerJoin('vendor_locations', (join) => join.on(sql<boolean>`vendor_locations.id = coalesce(cart_items.wallet_loc_id, variant_offers.loc_id)`))
      .select(['vendor_locations.opens_at', 'vendor_locations.closes_at'])
      .where('cart_items.cart_id', '=', cart.id)
      .where('vendor_locations.id', '=', request.restaurantLocId)
      .where((eb) => eb.or([eb('cart_items.wallet_entry_id', 'is not', null), eb('variant_offers.speed', '=', 'dine-in')]))
      .limit(1)
      .executeTakeFirst();
    if (!restaurant) return { kind: 'not-found', what: walletCartMessages.restaurantNotFound };
    const { opens_at, closes_at } = restaurant;
    const hours = opens_at && closes_at ? { opens_at, closes_at } : undefined;
    if (!walletVisitTimes(hours, request.visitAt.date, now).includes(request.visitAt.time)) {
      return { kind: 'refused', message: deliveryOptionMessages.visitTimeRequired };
    }
    await keepWalletVisit(trx, cart.id, request.restaurantLocId, request.visitAt);
    return { kind: 'kept' };
  });
}
