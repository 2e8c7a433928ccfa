import { fromPromise } from 'xstate';
import type { AreaLine, MoveAreaBody, MoveAreaReply } from '../../api/contract/cart-area.contract.ts';
import { ApiError, type Sent } from '../../api/http.ts';

/**
 * The cart's move to another pincode or delivery option (issue 23: nothing the shopper chose disappears silently),
 * one rule for both machines that ask it: the pincode dialog (entry/pincode.machine.ts) and the delivery options
 * (store/delivery-options.machine.ts). Each asks POST /api/cart/movearea what stays, shows the answer (the same
 * AreaChangeQuestionView) and moves the cart only with the shopper's consent: removing the lines the new choice
 * cannot sell, or keeping them for the old zip (keep_old).
 */

/** What the shopper is asked about: the lines that stay, those the new choice cannot sell, those that come back. */
export interface CartCheck {
  keep: AreaLine[];
  drop: AreaLine[];
  restore: AreaLine[];
  /** The option the lines in drop were bought for (the server's kept_for): what 'keep … for' names. */
  keptFor?: string | undefined;
}

/** The shopper's answer once the move is applied: remove the lines it cannot sell, or keep them for the old zip. */
export type CartMoveAnswer = 'remove' | 'keepOld';

/** The movearea call as an actor: both machines invoke it as 'checkCart' (asking) and 'moveCart' (applying). */
export const moveCartActor = fromPromise<MoveAreaReply, Sent<MoveAreaBody>>(async ({ input }) =>
  // Loaded when first used: the pincode dialog is in the store's first load, the call's structs need not be.
  (await import('../../api/cart.api.ts')).moveCartArea(input),
);

export function cartCheckOf(reply: MoveAreaReply): CartCheck {
  return { keep: reply.data?.keep ?? [], drop: reply.data?.drop ?? [], restore: reply.data?.restore ?? [], keptFor: reply.data?.kept_for };
}

/** Nothing in the cart: nothing to lose, it simply follows the shopper (lines kept for the zip come back). */
export function isEmptyCartReply(reply: MoveAreaReply): boolean {
  return !reply.data || reply.data.keep.length + reply.data.drop.length === 0;
}

/** Nothing would change: every line stays as it is (no other offer, seller or quantity), none dropped, none restored. */
export function isUnchangedCartReply(reply: MoveAreaReply): boolean {
  const data = reply.data;
  if (!data || data.drop.length > 0 || (data.restore?.length ?? 0) > 0) return false;
  return data.keep.every((line) => line.new_seller === undefined && line.new_price === undefined && line.new_qty === undefined);
}

/** A cart id the server no longer knows (ordered, cleared, from another session): nothing left to lose. */
export function isCartGoneError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The cart's item count after the move (the header badge). */
export function movedTotalOf(reply: MoveAreaReply): number {
  return reply.data?.total_products_in_cart ?? 0;
}

/** The movearea body: asking (apply false) or applying the shopper's answer. */
export function moveBody(
  target: {
    cartId: string;
    zipcode: string;
    courierType: Sent<MoveAreaBody>['courier_type'];
    /** Dine-In or Pick-Up: the chosen restaurant, whose offers the lines move to when it sells them. */
    restaurantLocId?: number | undefined;
  },
  apply: false | CartMoveAnswer,
): Sent<MoveAreaBody> {
  return {
    cart_id: target.cartId,
    zipcode: target.zipcode,
    courier_type: target.courierType,
    ...(target.restaurantLocId === undefined ? {} : { vendor_location_id: target.restaurantLocId }),
    ...(apply ? { apply: 1 as const } : {}),
    ...(apply === 'keepOld' ? { keep_old: 1 as const } : {}),
  };
}
