import { array, boolean, enums, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { isoDate, slotOffer } from './cart-page.contract.ts';
import { cancelFactsStruct, orderNumberField } from './checkout.contract.ts';
import { envelope } from './envelope.ts';
import { blankIsMissing, callerFields, money, numericId, optionalId } from './fields.ts';
import { speedType } from './product-summary.contract.ts';

/**
 * Issue 24 item 6: the shopper moves an order's delivery to another date and slot, until the seller's cutoff for it
 * (server/services/fulfilment/reschedule.ts). The calendar and slots are the cart's: the same closed days, the same
 * seats (an order's own seat counts as taken until it moves).
 */

/** GET /api/account/order/reschedule: what the order may be moved to; `date` asks for that day's slots. */
export const rescheduleOptionsQuery = type({
  ...callerFields,
  order_id: orderNumberField,
  vendor_loc_id: optionalId('vendor_loc_id'),
  date: optional(blankIsMissing(isoDate)),
});
export type RescheduleOptionsQuery = Infer<typeof rescheduleOptionsQuery>;

export const rescheduleOptions = type({
  order_id: string(),
  vendor_loc_id: number(),
  vendor_name: string(),
  speed: speedType,
  /** Where the delivery is now. */
  delivery_date: string(),
  slot_id: nullable(number()),
  time_slot: nullable(string()),
  /**
   * Every delivery of the order still going (a multi-seller order has one per seller, each with its own date): the
   * panel lets the shopper choose which one moves (QA walk 3 item 5), and says the others stay.
   */
  parts: optional(
    array(type({ vendor_loc_id: number(), vendor_name: string(), speed: speedType, delivery_date: string(), time_slot: nullable(string()) })),
  ),
  /** The date the change cutoff counts from: the earliest delivery still going (3 pm Eastern the day before it). */
  cutoff_date: optional(nullable(string())),
  /**
   * The seller (or the store) closed the day this delivery or visit is booked on: no cutoff holds for it (QA walk 6),
   * and the panel says so (src/rules/order-change.ts changeCutoffText). Absent: an open day.
   */
  day_closed: optional(boolean()),
  /** Whether it may still be moved or canceled; when not, `refusal` says why in plain words. */
  can_change: boolean(),
  refusal: nullable(string()),
  /**
   * Why the whole order may not be canceled though this delivery may move (its seller closed its day, another seller's
   * delivery is past its cutoff): the server's cancel's own rule (src/rules/fulfilment.ts orderCancelRefusal), so the
   * panel offers Cancel order only when the cancel would be taken. Null: it may; absent: an older server.
   */
  cancel_refusal: optional(nullable(string())),
  /** The calendar: the earliest date it may move to, and the closed days over the next 60. */
  earliest: nullable(string()),
  holidays: array(string()),
  /** The date asked about (or the current one): why it cannot be chosen (closed), or its slots with a seat left. */
  date: string(),
  date_refusal: nullable(string()),
  slots: array(slotOffer),
  /**
   * When a seller refused their part while the rest went on: what a cancel of the rest gives back (src/rules/
   * rest-cancel.ts words the confirm step by it) and each refused part's share, given back or never charged then.
   */
  /** A cancel of the whole order: how it was paid and what goes back to the wallet (src/rules/cancel-words.ts words it). */
  cancel: optional(cancelFactsStruct),
  rest_of_order: optional(
    type({
      payment: enums(['refund', 'release', 'none'] as const),
      rest_total: money,
      refused: array(type({ vendor_name: string(), total: money })),
      /**
       * The driver tip given back (or never charged) with the refused parts, as the order's totals take it off
       * (src/rules/refused-parts.ts driverTipOff): the confirm names it, as the cancel's mail does. Absent: none.
       */
      tip: optional(money),
    }),
  ),
});
export type RescheduleOptions = Infer<typeof rescheduleOptions>;
export const rescheduleOptionsReply = envelope(rescheduleOptions);
export type RescheduleOptionsReply = Infer<typeof rescheduleOptionsReply>;

/** POST /api/account/order/reschedule: the new date and, for Same Day, the slot. */
export const rescheduleBody = type({
  ...callerFields,
  order_id: orderNumberField,
  vendor_loc_id: optionalId('vendor_loc_id'),
  delivery_date: isoDate,
  slot_id: optional(nullable(numericId('slot_id'))),
});
export type RescheduleBody = Infer<typeof rescheduleBody>;

/** What moved: the date and slot, and whose delivery it was (one of several sellers' deliveries moves alone). */
export const rescheduleReply = envelope(
  type({
    order_id: string(),
    delivery_date: string(),
    time_slot: nullable(string()),
    vendor_loc_id: optional(number()),
    vendor_name: optional(string()),
  }),
);
export type RescheduleReply = Infer<typeof rescheduleReply>;
