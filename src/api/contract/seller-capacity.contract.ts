import { array, boolean, define, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { isoDate } from './cart-page.contract.ts';
import { envelope } from './envelope.ts';
import { callerFields, numericId } from './fields.ts';

/**
 * Issue 24 item 3: a seller's day in the console (server/services/fulfilment/seller-capacity.ts): close or reopen a
 * date, change a slot's seats for that date, set a product's stock. The storefront's calendars and the cart read the
 * same rows, so they obey at once.
 */

/** The most seats one slot may be given, and the most stock one offer: a typo's extra zeros stop here. */
export const maxSlotSeats = 999;
export const maxOfferStock = 100_000;

function wholeNumber(label: string, max: number) {
  return define<number>(
    label,
    (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max) || `${label} must be a whole number from 0 to ${max}.`,
  );
}

/** GET /api/seller/capacity (and /api/staff/capacity): one location's day. */
export const capacityQuery = type({ ...callerFields, loc_id: numericId('loc_id'), date: isoDate });
export type CapacityQuery = Infer<typeof capacityQuery>;

export const capacitySlot = type({
  slot_id: number(),
  start: string(),
  end: string(),
  /** This date's seats (the seller's, else the usual). */
  seats: number(),
  usual_seats: number(),
  booked: number(),
  held: number(),
});
export type CapacitySlot = Infer<typeof capacitySlot>;

/** A product's offer at the location: its size as shoppers read it (null: no size), its speed's value ('local'). */
export const capacityProduct = type({
  offer_id: number(),
  product_name: string(),
  speed: string(),
  stock: number(),
  size: optional(nullable(string())),
});
export type CapacityProduct = Infer<typeof capacityProduct>;

export const capacityDay = type({
  loc_id: number(),
  vendor_name: string(),
  date: string(),
  /** Why the day is closed ('Closed by the seller', a holiday's name, 'closed on Sundays'), or null when open. */
  closed: nullable(string()),
  /** Whether a seller closed it (and so may reopen it). */
  reopenable: boolean(),
  /** Orders booked with the seller for the date and not yet handed over: closing the day asks first when there are any. */
  booked_orders: optional(number()),
  /**
   * Of those, the ones already being prepared (picking started): their shoppers could neither move nor cancel them, so
   * the day does not close until the store cancels them (QA walk 6); the question says so first. Absent: none.
   */
  preparing_orders: optional(number()),
  slots: array(capacitySlot),
  products: array(capacityProduct),
});
export type CapacityDay = Infer<typeof capacityDay>;
export const capacityDayReply = envelope(capacityDay);
export type CapacityDayReply = Infer<typeof capacityDayReply>;

/** POST …/capacity/day: close (true) or reopen (false) a date. */
/** Why a change is made (decision 044): staff must give one, a seller may; kept with the change. */
export const capacityReason = optional(nullable(string()));

export const closeDayBody = type({ ...callerFields, loc_id: numericId('loc_id'), date: isoDate, closed: boolean(), reason: capacityReason });
export type CloseDayBody = Infer<typeof closeDayBody>;

/** POST …/capacity/slot: a slot's seats on a date. */
export const slotSeatsBody = type({
  ...callerFields,
  loc_id: numericId('loc_id'),
  date: isoDate,
  slot_id: numericId('slot_id'),
  seats: wholeNumber('seats', maxSlotSeats),
  reason: capacityReason,
});
export type SlotSeatsBody = Infer<typeof slotSeatsBody>;

/** POST …/stock: an offer's stock. */
export const offerStockBody = type({
  ...callerFields,
  offer_id: numericId('offer_id'),
  stock: wholeNumber('stock', maxOfferStock),
  reason: capacityReason,
});
export type OfferStockBody = Infer<typeof offerStockBody>;
