import { array, boolean, define, enums, literal, nullable, number, optional, string, type, union, type Infer } from 'superstruct';
import { coerce } from './coerce.ts';
import { substitutionPreferences, substitutionStates } from '../../rules/catch-weight.ts';
import { fulfilmentEvents, fulfilmentStates, sellerDays } from '../../rules/fulfilment.ts';
import { envelope } from './envelope.ts';
import { isMilligramPrecise } from '../../rules/weight-entry.ts';
import { blankIsMissing, callerFields, money, numericId, optionalId, ruleField } from './fields.ts';
import { orderNumberField, timelineStep } from './checkout.contract.ts';
import { sizeUnit } from './product-summary.contract.ts';

/**
 * The store's side (issue 24): the seller and staff consoles' calls and the shopper's cancel. The moves themselves
 * are the table of src/rules/fulfilment.ts; the server enforces it, these structs only check the shapes.
 */

/** The consoles (issue 24): a seller's own locations' orders, or every order for staff. */
export type ConsoleRole = 'seller' | 'staff';

export const fulfilmentStateField = enums(fulfilmentStates);
export const fulfilmentEventField = enums(fulfilmentEvents);

/** An order line as the seller packs it. */
export const consoleItem = type({
  id: number(),
  product_name: string(),
  qty: number(),
  bottle_size: number(),
  /** Sold by weight: the packing screen asks its weight. */
  by_weight: boolean(),
  /** The product's: what bottle_size counts ('g', 'ml'), and whether it is sold by weight (its size named in pounds, a substitute proposed or not). */
  size_unit: optional(sizeUnit),
  sold_by_weight: optional(boolean()),
  weighed_grams: nullable(number()),
  /** Redeemed from the customer's wallet (priced 0, not a weighed purchase): the card says so (QA walk 5). */
  wallet: optional(boolean()),
  /** Decision 039: the shopper's substitution preference, the seller's proposal and its answer. */
  substitution_pref: optional(enums(substitutionPreferences)),
  substitution_state: optional(nullable(enums(substitutionStates))),
  substitute_name: optional(nullable(string())),
  /** While picking: the substitutes the preference allows, in stock at the location. */
  substitutes: optional(array(type({ product_id: number(), name: string(), price: money }))),
});
export type ConsoleItem = Infer<typeof consoleItem>;

export const consoleOrder = type({
  order_number: string(),
  state: fulfilmentStateField,
  payment_status: string(),
  /** The payment in words ('Card authorized', 'Paid', 'Refunded', 'Pay at pick-up'): src/rules/payment-words.ts. */
  payment_words: string(),
  kind: enums(['delivery', 'pickup', 'dine_in'] as const),
  customer_name: string(),
  /** What the shopper asked to go with the order as a gift (null: not a gift): the seller packs it (walk 5). */
  gift_message: nullable(string()),
  loc_id: number(),
  vendor_name: string(),
  delivery_method: string(),
  delivery_date: nullable(string()),
  slot: nullable(string()),
  /**
   * The part's location's date and minutes since midnight when the list was read, by its own clock
   * (src/rules/local-day.ts), and the visit's (or slot's) time ('HH:MM'). Table ready, Picked up and Delivered are
   * offered from the part's day (delivery_date) on, Served from the table's time, as the server allows them
   * (fulfilment.ts tableDayRefusal).
   */
  table_today: optional(string()),
  table_time: optional(nullable(string())),
  table_minutes: optional(number()),
  /** The part's day was closed by its seller (or the store): only Refuse and Cancel are offered (fulfilment.ts closedDayRefusal). */
  day_closed: optional(boolean()),
  /** The asker's part: this seller's lines with their tax, delivery and packaging fees (never another seller's goods or the tip). */
  total: money,
  /**
   * What the part came to when nothing was charged for it after all (its order ended with the card hold released, or
   * never paid): `total` is then 0.00 and the card says 'Nothing charged (was …)' (QA walk 8 #6: '$88.90 · Card hold
   * released'). Absent while something is, or will be, charged.
   */
  was_total: optional(money),
  /** Staff only: the whole order's total. */
  grand_total: optional(money),
  /** Staff only: the order's final amount once packed (decision 039): shown instead of grand_total once known. */
  final_total: optional(nullable(money)),
  /** Staff only: the order's driver tip as it stands, in no seller's part (the parts and it add up to the order). */
  driver_tip: optional(money),
  placed_at: string(),
  late: boolean(),
  stuck: boolean(),
  /** The moves the asker may make now, in the table's order (a cancel only where every part allows it: order-parts.ts). */
  moves: array(fulfilmentEventField),
  /** The order's other sellers' parts (decision 081): a cancel ends them too, so the console offers it only where each allows it. */
  other_parts: array(type({ vendor_name: string(), state: fulfilmentStateField })),
  items: array(consoleItem),
  timeline: array(timelineStep),
});
export type ConsoleOrder = Infer<typeof consoleOrder>;

const isoDate = ruleField('date', (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? undefined : 'date must be a date (YYYY-MM-DD).'));
const lateFlag = coerce(boolean(), union([literal('true'), literal('false'), literal('1'), literal('0')]), (v) => v === 'true' || v === '1');

/** GET /api/seller/orders and /api/staff/orders: filters (a seller's location filter is within their own). */
export const consoleOrdersFilter = type({
  ...callerFields,
  date: optional(blankIsMissing(isoDate)),
  /**
   * A seller's Today, Tomorrow or The day after: counted from each location's own today (src/rules/fulfilment.ts
   * sellerListDates), not one date for all; staff's from the store's. Ignored when `date` is given.
   */
  day: optional(blankIsMissing(enums(sellerDays))),
  state: optional(blankIsMissing(fulfilmentStateField)),
  loc_id: optionalId('loc_id'),
  late: optional(blankIsMissing(lateFlag)),
});
export type ConsoleOrdersFilter = Infer<typeof consoleOrdersFilter>;
export const consoleOrdersReply = envelope(array(consoleOrder));
export type ConsoleOrdersReply = Infer<typeof consoleOrdersReply>;

/** A weighed line: grams as entered (to the milligram), 1 g to 100 kg (server/services/fulfilment maxWeighedGrams). */
const grams = define<number>(
  'grams',
  (v) =>
    (typeof v === 'number' && isMilligramPrecise(v) && v >= 1 && v <= 100_000) ||
    'grams must be a number from 1 to 100000 with at most three decimals.',
);

/** POST /api/seller/orders/move and /api/staff/orders/move: one move of one order, with its reason or weights. */
export const moveOrderBody = type({
  ...callerFields,
  order_id: orderNumberField,
  event: fulfilmentEventField,
  /** The seller location whose part moves (an order of several sellers); absent: the asker's own part, or the first that may move. */
  loc_id: optionalId('loc_id'),
  reason: optional(nullable(string())),
  weights: optional(array(type({ item_id: numericId('item_id'), grams }))),
  /**
   * The seller was asked about a weight far from its line's estimate and said it is right (console-confirm.ts
   * weightQuestion): without it the server refuses such a weight (400 on that weight, in the question's words).
   */
  weights_confirmed: optional(boolean()),
});
export type MoveOrderBody = Infer<typeof moveOrderBody>;
export const moveOrderReply = envelope(type({ order_id: string(), state: fulfilmentStateField }));
export type MoveOrderReply = Infer<typeof moveOrderReply>;

/** POST /api/account/order/cancel: the shopper cancels one of their orders before the cutoff. */
export const cancelOrderBody = type({ ...callerFields, order_id: orderNumberField, reason: optional(nullable(string())) });
export type CancelOrderBody = Infer<typeof cancelOrderBody>;

/** GET /api/console/me: who the console's user is. */
export const consoleMeReply = envelope(
  type({
    role: enums(['shopper', 'seller', 'staff'] as const),
    name: string(),
    loc_ids: array(number()),
    /** A seller's locations' own dates now (src/rules/local-day.ts): the console's Today and 'Your day' count from them. */
    loc_days: optional(array(type({ loc_id: number(), today: string() }))),
  }),
);
export type ConsoleMeReply = Infer<typeof consoleMeReply>;

/** POST /api/{seller|staff}/orders/substitute: propose a substitute (product_id) for a line, or mark it out (out: true). */
export const substituteBody = type({
  ...callerFields,
  order_id: orderNumberField,
  item_id: numericId('item_id'),
  product_id: optionalId('product_id'),
  out: optional(boolean()),
});
export type SubstituteBody = Infer<typeof substituteBody>;

/** POST /api/account/order/substitution: the shopper approves or refuses a proposed substitute. */
export const answerSubstitutionBody = type({ ...callerFields, order_id: orderNumberField, item_id: numericId('item_id'), approve: boolean() });
export type AnswerSubstitutionBody = Infer<typeof answerSubstitutionBody>;

export const substitutionReply = envelope(type({ order_id: string(), item_id: number() }));
export type SubstitutionReply = Infer<typeof substitutionReply>;
