import { array, literal, number, object, optional, string, type Infer } from 'superstruct';
import { envelope } from './envelope.ts';
import { blankIsMissing, callerFields, cartIdField, money, numericId, speedField, zipcodeField } from './fields.ts';

/**
 * POST /api/cart/movearea — which lines of the caller's cart another pincode (and delivery option) can still sell
 * (issue 23: nothing the shopper chose disappears silently). Without apply it only answers; with apply: 1 it moves the
 * cart there, taking off the lines listed in drop. A bad zipcode is a 400 naming it; an unserved one too.
 */
export const moveAreaBody = object({
  cart_id: cartIdField,
  zipcode: zipcodeField,
  /** The delivery option's courier type to check against (dine-in or pickup narrow the speeds); blank: delivery. */
  courier_type: speedField('courier_type'),
  /**
   * With dine-in or pickup: the restaurant chosen on /ship/options. A line it sells (the same size) stays, moved to
   * its offer at its price; only what it does not sell is listed in drop. Ignored for a delivery speed, where a
   * restaurant's line, or another area's delivery line, whose size is sold for delivery in the area moves to that offer
   * (what the area cannot deliver is in drop).
   */
  vendor_location_id: blankIsMissing(optional(numericId('vendor_location_id'))),
  apply: optional(literal(1)),
  /** With apply: the lines listed in drop are kept for the cart's old zip (back when the cart returns there), not removed. */
  keep_old: optional(literal(1)),
  ...callerFields,
});
export type MoveAreaBody = Infer<typeof moveAreaBody>;

/** A cart line as the question lists it: enough for the shopper to recognise it, and what it costs. */
export const areaLine = object({
  cart_rid: number(),
  name: string(),
  size: string(),
  qty: number(),
  /** Its price now, in dollars (a wallet redemption: 0.00). */
  price: optional(money),
  /** A kept line moved to another seller's offer (a chosen restaurant's, or Delivery's): its price there, in dollars. */
  new_price: optional(money),
  /**
   * A line moving to another offer with less in stock than its qty (or more than 24 with what the cart holds of it):
   * the quantity it moves with. 0 (in drop): none is left, so it cannot move. Absent: it moves whole.
   */
  new_qty: optional(number()),
  /** A kept line moved to another seller: that seller's name (its delivery date and time are chosen again). */
  new_seller: optional(string()),
});
export type AreaLine = Infer<typeof areaLine>;

export const moveAreaData = object({
  zipcode: string(),
  loc_id: number(),
  /**
   * Lines the new area sells: they stay (for a chosen restaurant, moved to its offer when they were another's; for
   * Delivery, a restaurant's line moved to the size's delivery offer), a moved one with its new_price.
   */
  keep: array(areaLine),
  /** Lines it does not: listed for the shopper, and taken off only when the move is applied. */
  drop: array(areaLine),
  /** Lines kept earlier for this zip that this area and option sell: they come back into the cart. */
  restore: optional(array(areaLine)),
  /**
   * With lines in drop: the delivery option their offers were bought for, as the cart's kept section will name them
   * ('Dine-In at The Oyster Room — Chelsea', 'Delivery'; two options joined by 'and'). The switch question's third
   * answer says it ('keep 2 items for …'), not the option this tab remembered (another browser may have changed it).
   */
  kept_for: optional(string()),
  /** After apply: the cart's item count (the header badge). */
  total_products_in_cart: optional(number()),
});
export type MoveAreaData = Infer<typeof moveAreaData>;
export const moveAreaReply = envelope(moveAreaData);
export type MoveAreaReply = Infer<typeof moveAreaReply>;
