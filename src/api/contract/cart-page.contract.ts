import { array, boolean, define, integer, min, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { maxQuantity } from '../../rules/quantity.ts';
import { envelope } from './envelope.ts';
import { blankIsMissing, callerFields, cartIdField, money, numericId, optionalId, speedField, storeField, zipcodeField } from './fields.ts';
import { sizeUnit, speedType } from './product-summary.contract.ts';

/**
 * The cart page's calls (spec "Cart page", "Cart checkout", section 7). Every call is scoped to the caller's own cart:
 * a customer's cart needs that customer's bearer token, a guest cart is reached by its unguessable id alone; anything
 * else is a 404. Money is dollars with two decimals; the server computes every figure.
 */

/** 'YYYY-MM-DD', a real calendar date. */
export const isoDate = define<string>('date', (v) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'Dates must be written YYYY-MM-DD.';
  const parsed = new Date(`${v}T00:00:00Z`);
  return (!Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(v)) || 'Dates must be written YYYY-MM-DD.';
});

/** 0 removes the line; maxQuantity (24) is the most of one line. */
export const lineQty = define<number>(
  'qty',
  (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= maxQuantity) || `qty must be a whole number from 0 to ${maxQuantity}.`,
);

/** A driver slot of one vendor location on one date; start and end are 'HH:MM' in the store's time zone. */
export const timeSlot = type({ slot_id: number(), start: string(), end: string() });
export type TimeSlot = Infer<typeof timeSlot>;

/** The spec's cart item, plus the line's delivery choice and how many the seller can still sell. */
export const cartLine = type({
  cart_rid: number(),
  /** The size (variant) id, as add to cart takes it. */
  product_id: number(),
  /** The product page this line came from. */
  parent_id: number(),
  name: string(),
  bottle_size: number(),
  /** What bottle_size counts: 'g' for food, 'ml' for drinks (formatSize in src/rules/sizes.ts). */
  size_unit: sizeUnit,
  /** Only a verified customer over 21 with a fresh face check may order it (issue 11): the checkout's face step follows it. */
  age_restricted: boolean(),
  /** Priced at its nominal weight (bottle_size) and charged at the weight packed, at most +10 % (decision 039). */
  sold_by_weight: optional(boolean()),
  image: string(),
  qty: number(),
  product_price: money,
  row_total: money,
  /** The speed: local (Same Day), courier (Next Day), farm-direct. */
  type: speedType,
  speed_id: speedType,
  vendor_id: number(),
  vendor_name: string(),
  vendor_loc_id: number(),
  shipping_amount: money,
  delivery_date: nullable(string()),
  timeslot: nullable(timeSlot),
  stock: number(),
  /** Redeemed from the shopper's prepaid wallet (issue 12): priced 0, quantity fixed. */
  wallet: optional(boolean()),
  /** The product's top-level category: the seller's "Shop more from" link opens its listing, filtered by the seller. */
  category_id: optional(number()),
  category_name: optional(string()),
});
export type CartLine = Infer<typeof cartLine>;

/** One vendor group (one vendor location, so one speed): its fee and the delivery it is promised. */
export const deliveryGroup = type({
  vendor_loc_id: number(),
  vendor_id: number(),
  vendor_name: string(),
  type: speedType,
  delivery_fee: money,
  delivery_date: nullable(string()),
  timeslot: nullable(timeSlot),
  /** When the held slot seat is released unless the order is placed (ISO 8601), or null. */
  hold_expires_at: nullable(string()),
  /** Only wallet redemptions at this restaurant (issue 12): nothing to deliver, so no date or slot to choose. */
  wallet: optional(boolean()),
  /**
   * A wallet or dine-in group's table as the wallet ADD TO CART or the cart page kept it, 'YYYY-MM-DD HH:MM'; null or
   * absent: none kept.
   */
  dinein_time: optional(nullable(string())),
  /** A wallet or dine-in group's restaurant hours ('HH:MM'): the cart page offers its table's times by the wallet's rule. */
  visit_hours: optional(type({ opens_at: string(), closes_at: string() })),
});
export type DeliveryGroup = Infer<typeof deliveryGroup>;

/**
 * The cart's money totals in dollars, every figure computed by the server. Declared once: the cart page shows them,
 * and order review (checkout.contract.ts) sends the same figures for the chosen speed, plus the tip.
 */
export const moneyTotals = type({
  subtotal: money,
  discount: money,
  subtotal_discount: money,
  delivery_fee: money,
  delivery_charges: money,
  taxes: money,
  fee_amount: money,
  gst_on_fee: money,
  processing_fee: money,
  packaging_fee: money,
  bank_charges: money,
  grandtotal: money,
});
export type MoneyTotals = Infer<typeof moneyTotals>;

/** A line kept for another zip (decision 041), shown in its own section of the cart until it expires (decision 047). */
export const keptLine = type({
  kept_id: number(),
  /** The zip it waits for: choosing it again puts the line back. */
  zipcode: string(),
  name: string(),
  size: string(),
  qty: number(),
  /** When it goes (ISO 8601). */
  expires_at: string(),
  /** false: its offer has none in stock now (it cannot come back until restocked; the cart names it). */
  in_stock: optional(boolean()),
  /** The delivery option its offer is sold for: 'Delivery', 'Dine-In at Gramercy Chop House' (keptOptionLabel). */
  option: optional(string()),
});
export type KeptLine = Infer<typeof keptLine>;

/** The spec's cart: its lines, its vendor groups and its totals. */
export const cartData = type({
  cart_id: string(),
  result: array(cartLine),
  delivery_groups: array(deliveryGroup),
  ...moneyTotals.schema,
  /** e.g. 'NY: groceries are exempt from sales tax' — the tax table's own words for the shopper's state. */
  tax_note: string(),
  coupon_code: nullable(string()),
  /** The header's badge: the units of the lines the totals count (a line sold out or short since it was added is not). */
  total_items_count: number(),
  /** Lines kept for other zips, not in the cart's figures. */
  kept_lines: optional(array(keptLine)),
});
export type CartData = Infer<typeof cartData>;

/**
 * The shopper's cart of now, answered (by showcart) for a cart of theirs that was ordered meanwhile (in another tab),
 * and to a signed-in customer's browser that holds no cart (their account's cart, filled in another browser):
 * cart_id '' when they have no open cart.
 */
export const currentCart = type({ cart_id: string(), total_items_count: number() });
export type CurrentCart = Infer<typeof currentCart>;

/**
 * code 1: the cart. code 2: the cart plus a message to show (a coupon refused: unknown, expired, used up, below its
 * minimum, or a second coupon). code -1: no open cart ('Your cart is empty.'); for a cart of the caller's that was
 * ordered, the message says so and current_cart names the cart they go on with.
 */
export const cartReply = type({
  ...envelope(cartData).schema,
  current_cart: optional(currentCart),
  /** Walk 4: the caller's identity check refused them as 21 or under (the server's record): the checkout says so. */
  identity_under_21: optional(boolean()),
  /**
   * Walk 4 #3: the caller's open unpaid orders that spend their own Payment on Delivery allowance (theirs and their
   * email's, payOnDeliveryOpenOrdersRefusal): the payment tab says the limit before PLACE ORDER meets it.
   */
  pay_on_delivery_open_orders: optional(min(integer(), 0)),
  /**
   * Walk 4: for a customer's cart with a drink, the application that made them verified as the database holds it now
   * ('' when none): sign-in's copy goes stale when they verify in another browser. Absent otherwise.
   */
  identity_verification_id: optional(string()),
});
export type CartReply = Infer<typeof cartReply>;

/**
 * POST /api/cart/showcart — coupon_code applies a coupon; remove_coupon: 1 takes it off; neither keeps it. Without
 * cart_id (a browser that holds no cart): code -1, with current_cart for a signed-in customer (their account's cart).
 */
export const showCartBody = object({
  cart_id: optional(cartIdField),
  coupon_code: optional(string()),
  remove_coupon: optional(number()),
  /**
   * The delivery option the shopper is on ('local' for Delivery; dine-in or pickup with vendor_location_id): lines
   * kept for the cart's zip that it sells come back, as far as their stock allows (QA walk 3). Absent: none do.
   */
  courier_type: speedField('courier_type'),
  vendor_location_id: blankIsMissing(optional(numericId('vendor_location_id'))),
  ...callerFields,
});
export type ShowCartBody = Infer<typeof showCartBody>;

/**
 * POST /api/cart/updateitem — sets a line's quantity (0 removes it). Answers with the whole cart; a refusal
 * (stock) is code -1 with the message and the cart as it stands, so the line returns to the server's quantity.
 */
export const updateItemBody = object({
  cart_id: cartIdField,
  cart_rid: numericId('cart_rid'),
  qty: lineQty,
  product_id: optional(numericId('product_id')),
  ...callerFields,
});
export type UpdateItemBody = Infer<typeof updateItemBody>;

/** POST /api/cart/removekept — takes a line kept for another zip away for good; answers with the whole cart. */
export const removeKeptBody = object({
  cart_id: cartIdField,
  kept_id: numericId('kept_id'),
  ...callerFields,
});
export type RemoveKeptBody = Infer<typeof removeKeptBody>;

/** POST /api/cart/deleteitem — answers with the whole cart. */
export const deleteItemBody = object({
  cart_id: cartIdField,
  cart_rid: numericId('cart_rid'),
  ...callerFields,
});
export type DeleteItemBody = Infer<typeof deleteItemBody>;

/**
 * POST /connect/delivery/nextDeliveryDate — the spec's "array of vendor_id, delivery_type": the bare array as the
 * spec sends it, or (this client) under `vendors` beside the store (nextDeliveryDateRequest reads either). An entry
 * may name a shop by vendor_loc_id instead (the delivery options page knows only the area's shop); one is needed.
 */
export const nextDeliveryDateVendor = object({
  vendor_id: optionalId('vendor_id'),
  vendor_loc_id: optionalId('vendor_loc_id'),
  delivery_type: speedType,
});
export const nextDeliveryDateBody = object({
  vendors: array(nextDeliveryDateVendor),
  ...storeField,
});
export type NextDeliveryDateBody = Infer<typeof nextDeliveryDateBody>;
/** A bare array is the spec's body: read as `{ vendors: [...] }`, so one struct checks both and names the same fields. */
export function nextDeliveryDateRequest(body: unknown): unknown {
  return Array.isArray(body) ? { vendors: body } : body;
}

/** A date the vendor does not deliver and why, in the words the date check refuses it with. */
export const closedDay = type({ date: string(), reason: string() });
export type ClosedDay = Infer<typeof closedDay>;

export const nextDeliveryDateEntry = type({
  vendor_id: number(),
  delivery_type: speedType,
  /** The earliest date this vendor can deliver at this speed, after today's cutoff. */
  delivery_date: string(),
  /** Dates the vendor does not deliver (holidays and closed days) over the next 60 days. */
  holidays: array(string()),
  /** The same dates, each with why ('… is closed on Sundays.'): a picker tells closed from full (issue 23). */
  closed: optional(array(closedDay)),
  /** The shop asked about, when the entry was asked by vendor_loc_id. */
  vendor_loc_id: optional(number()),
  /** Today's order cutoff (ISO 8601) while it is still ahead, else null: 'orders after 3pm EST move to the next day'. */
  cutoff: nullable(string()),
});
export type NextDeliveryDateEntry = Infer<typeof nextDeliveryDateEntry>;
export const nextDeliveryDateReply = type({ status: number(), response: array(nextDeliveryDateEntry) });
export type NextDeliveryDateReply = Infer<typeof nextDeliveryDateReply>;

/**
 * POST /connect/driverslot/getslot — Same Day slots of a vendor location on a date for a zip. The storefront's shape
 * (storefront.md: order_date, vendor_id) is taken too: the vendor's shop that sells in the zip's area, or, without a
 * zip, its first local shop. One of vendor_loc_id and vendor_id is needed (a 400 names vendor_id).
 */
export const getSlotBody = object({
  order_date: isoDate,
  zipcode: optional(zipcodeField),
  vendor_loc_id: optionalId('vendor_loc_id'),
  vendor_id: optionalId('vendor_id'),
  cart_id: optional(cartIdField),
  ...storeField,
});
export type GetSlotBody = Infer<typeof getSlotBody>;

/** A slot with the seats left for this cart (its own hold counts as available). */
export const slotOffer = type({ ...timeSlot.schema, available: number() });
export type SlotOffer = Infer<typeof slotOffer>;
/** code 1 with the slots that still have a seat; code -1 'No Slots are available!' when none is left. */
export const getSlotReply = envelope(array(slotOffer));
export type GetSlotReply = Infer<typeof getSlotReply>;

/**
 * POST /api/cart/deliveryschedule — our addition: saves a vendor group's delivery date (and, for Same Day, its slot,
 * holding one seat for this cart for 15 minutes). The server checks the date against the vendor's next delivery date,
 * holidays and closed days, and the slot against its vendor, date, capacity and expiry. Answers with the whole cart;
 * a refusal is code -1 with a message and the cart unchanged.
 */
export const deliveryScheduleBody = object({
  cart_id: cartIdField,
  vendor_loc_id: numericId('vendor_loc_id'),
  delivery_date: isoDate,
  slot_id: optional(nullable(numericId('slot_id'))),
  ...callerFields,
});
export type DeliveryScheduleBody = Infer<typeof deliveryScheduleBody>;
