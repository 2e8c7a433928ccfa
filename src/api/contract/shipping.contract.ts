import { array, boolean, define, literal, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { coerce } from './coerce.ts';
import { isSpeedId, type SpeedId } from '../../rules/delivery-speeds.ts';
import { envelope } from './envelope.ts';
import { callerFields, cartIdField, money, optionalId, zipcodeField } from './fields.ts';
import { speedType } from './product-summary.contract.ts';
import { deliveryGroup, nextDeliveryDateEntry } from './cart-page.contract.ts';

/**
 * POST /api/shipping — the checkout's 'Choose Delivery Slots' screen (spec section 3 "Delivery speed option",
 * "Retailer", "Ship method"; DESIGN.md "Speeds"). Built from the caller's cart: its Same Day shops offer 1 Hour
 * Delivery (1), Store Pickup (2) and Dine-In (3); its courier and farm groups ship (10, 11) on their dates.
 */

/** The client's stored flags: 1 / '1' / true means set. */
const flag = optional(
  coerce(
    define<boolean>('flag', (v) => typeof v === 'boolean' || 'must be 0 or 1.'),
    union([literal(0), literal(1), literal('0'), literal('1'), literal(''), literal(null)]),
    (v) => v === 1 || v === '1',
  ),
);

/** A delivery speed option's id: 1, 2, 3, 10 or 11 (DESIGN.md "Speeds", src/rules/delivery-speeds.ts). */
export const speedId = define<SpeedId>('speed_id', (v) => isSpeedId(v) || 'speed_id must be 1, 2, 3, 10 or 11.');

export const shippingBody = type({
  cart_id: cartIdField,
  delivery_address_id: optionalId('delivery_address_id'),
  zipcode: optional(zipcodeField),
  delivery: flag,
  dineinpickup: flag,
  pickup: flag,
  ...callerFields,
});
export type ShippingBody = Infer<typeof shippingBody>;

/** The field a refused delivery address is named by: a gone address is a field error, not a missing cart. */
export const deliveryAddressField = 'delivery_address_id' satisfies keyof ShippingBody;

/** A shop that delivers the cart's Same Day items, or where they are picked up or eaten in. */
export const retailer = type({
  id: number(),
  name: string(),
  phone: string(),
  address: string(),
  /** The cart's items from this shop. */
  product_total: money,
  desc: string(),
  /** Miles from the delivery address (or the cart's zip) to the shop, one decimal; null when unknown. */
  distance: nullable(number()),
  /** 'YYYY-MM-DD': the group's chosen date, else the shop's next delivery date. */
  pickup_date: nullable(string()),
  /** 'HH:MM' start of the group's slot, else null. */
  ready_time: nullable(string()),
  delivery_fee: money,
  isPrimary: boolean(),
  index: number(),
});
export type Retailer = Infer<typeof retailer>;

/** One courier or farm group's shipment. */
export const shipMethod = type({
  /** '<speed>-<loc id>', e.g. 'courier-201'. */
  id: string(),
  method: string(),
  amount: money,
  fee: money,
  delivery_date: nullable(string()),
  pickup_date: nullable(string()),
  dropoff_eta: nullable(string()),
  duration: string(),
  type: speedType,
  vendor_loc_id: number(),
  isPrimary: boolean(),
});
export type ShipMethod = Infer<typeof shipMethod>;

export const speedOption = type({
  id: speedId,
  name: string(),
  description: string(),
  /** The spec's duration label: '~ 1 HOUR', 'READY IN 1 HOUR', '2 ~ 3 DAYS' (or ''). */
  duration: string(),
  retailers: array(retailer),
  ship_methods: array(shipMethod),
  isPrimary: boolean(),
  delivery_fee: money,
});
export type SpeedOption = Infer<typeof speedOption>;

/** code 1 with data.speed; code -1 with a message (empty cart, zip not matching the cart's). */
/**
 * delivery_groups and calendars (issue 23): each seller group's saved date and slot and its calendar, as the cart page
 * has them, so the speed step shows one date and time block per seller and lets the shopper change it there.
 */
export const shippingReply = envelope(
  type({ speed: array(speedOption), delivery_groups: optional(array(deliveryGroup)), calendars: optional(array(nextDeliveryDateEntry)) }),
);
export type ShippingReply = Infer<typeof shippingReply>;
