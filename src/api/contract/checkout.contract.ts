import {
  array,
  assign,
  boolean,
  define,
  enums,
  literal,
  nullable,
  number,
  optional,
  size,
  string,
  type,
  union,
  unknown,
  type Infer,
} from 'superstruct';
import { coerce } from './coerce.ts';
import { substitutionPreferences, substitutionStates } from '../../rules/catch-weight.ts';
import { giftMessageProblem } from '../../rules/gift-message.ts';
import { partMoneyOutcomes } from '../../rules/order-refunds.ts';
import { isTipPercent, type TipPercent } from '../../rules/tips.ts';
import { parseDineinTime } from '../../rules/visit-time.ts';
import { walletUnits } from '../../rules/wallet.ts';
import { cartData, currentCart } from './cart-page.contract.ts';
import { envelope, replyCode } from './envelope.ts';
import { gatewayKind } from './payment.contract.ts';
import { callerFields, callerOnlyBody, cartIdField, money, numericId, optionalId, ruleField } from './fields.ts';
import { speedId } from './shipping.contract.ts';

/**
 * Order review and place order (spec section 7; DESIGN.md "Security": place order is one transaction). The request
 * carries the cart flow's choices only: every figure (subtotal, discount, taxes, fees, tip, grand total) is computed
 * by the server, and figures a client sends (taxes, delivery_fee, grandtotal ...) are accepted and ignored. Both
 * bodies are open structs for that reason: the old client sends the whole cart flow record.
 */

/** The cart flow's selectedAddress: an address id, or the UI's address object with its id. */
const addressRef = optional(
  coerce(
    optional(numericId('selectedAddress')),
    union([literal(''), literal(null), type({ id: unknown() }), type({ address_id: unknown() })]),
    (value) => {
      if (value === '' || value === null) return undefined;
      const id: unknown = Reflect.get(value, 'id') ?? Reflect.get(value, 'address_id');
      return typeof id === 'number' || typeof id === 'string' ? id : undefined;
    },
  ),
);

/** A speed id (shipping.contract.ts), as a number or numeric text. */
export const speedIdField = coerce(speedId, string(), (text) => (/^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : text));

/** A dine-in or pick-up visit: 'YYYY-MM-DD HH:MM'. */
const visitTimeField = define<string>(
  'pickup_date',
  (v) => (typeof v === 'string' && parseDineinTime(v) !== undefined) || 'pickup_date must be YYYY-MM-DD HH:MM.',
);

/** The driver tip percent: 0, 5, 10, 15 or 20 ('' and null mean 0). */
export const tipField = coerce(
  define<TipPercent>('driver_tip', (v) => isTipPercent(v) || 'driver_tip must be 0, 5, 10, 15 or 20 (percent).'),
  union([string(), literal(null)]),
  (text) => (text === null || text.trim() === '' ? 0 : /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : text),
);

/** Over-long is refused with the field's own words (it was 'missing or has the wrong type'), never cut. */
const giftMessage = optional(
  nullable(
    define<string>('gift_message', (v) => {
      if (typeof v !== 'string') return 'gift_message is missing or has the wrong type.';
      return giftMessageProblem(v) ?? true;
    }),
  ),
);

/** The cart flow's checkout choices, shared by order review and place order. */
const checkoutChoices = {
  cart_id: cartIdField,
  delivery_address_id: optionalId('delivery_address_id'),
  selectedAddress: addressRef,
  speed_id: optional(speedIdField),
  selectedSpeedID: optional(speedIdField),
  retailer_id: optionalId('retailer_id'),
  selectedRetailerID: optionalId('selectedRetailerID'),
  shipping_method_id: optional(nullable(string())),
  selectedShippingMethodID: optional(nullable(string())),
  driver_tip: optional(tipField),
  gift_message: giftMessage,
  ...callerFields,
};

/** POST /api/checkout/orderreview */
export const orderReviewBody = type(checkoutChoices);
export type OrderReviewBody = Infer<typeof orderReviewBody>;

/**
 * The order summary: the cart as the cart page sends it (items, groups, totals) with the chosen speed's fees, plus
 * the speed, the tip and the gift message.
 */
export const orderReviewData = assign(
  cartData,
  type({
    speed_id: number(),
    driver_tip_percent: number(),
    driver_tip: money,
    gift_message: nullable(string()),
  }),
);
export type OrderReviewData = Infer<typeof orderReviewData>;
/** code 1 with the summary; code -1 with a message (empty cart, speed not for this cart, tip without a driver). */
export const orderReviewReply = envelope(orderReviewData);
export type OrderReviewReply = Infer<typeof orderReviewReply>;

/** The spec's payment options: 2 cards, 3 UPI, 4 Payment on Delivery; 1 pays by bank (US ACH debit, the bank list). */
export const paymentMode = union([literal(1), literal(2), literal(3), literal(4)]);
export type PaymentMode = Infer<typeof paymentMode>;

/** A payment mode as a number or numeric text. */
export const paymentModeField = coerce(paymentMode, string(), (text) => (/^\d$/.test(text.trim()) ? Number(text.trim()) : text));

/**
 * POST /api/placeorder/placeorder — a card is a saved card_id (ours, from paymentmethods) or a fresh card_token;
 * UPI needs the verified upi_id (or the cart flow's upi_address).
 */
export const placeOrderBody = type({
  ...checkoutChoices,
  /** Dine-in and pick-up: the visit, 'YYYY-MM-DD HH:MM' (the session's dineinTime); '' and null mean none. */
  pickup_date: optional(coerce(optional(visitTimeField), union([literal(''), literal(null)]), () => undefined)),
  payment_mode: optional(paymentModeField),
  card_id: optionalId('card_id'),
  card_token: optional(nullable(size(string(), 0, 255))),
  upi_id: optional(nullable(size(string(), 0, 300))),
  upi_address: optional(nullable(size(string(), 0, 300))),
  /** Pay by bank (payment_mode 1): one of the seven banks, the account's routing and account numbers. */
  bank_name: optional(nullable(size(string(), 0, 60))),
  routing_number: optional(nullable(size(string(), 0, 40))),
  account_number: optional(nullable(size(string(), 0, 40))),
  /** Decision 039: the review step's substitution preference per cart line (absent: 'similar'). */
  substitutions: optional(array(type({ cart_rid: numericId('cart_rid'), preference: enums(substitutionPreferences) }))),
  /**
   * Walk 5 #3: the grand total the Order Summary showed. The server places the order only if its own total of the cart
   * is the same, else a 400 naming this field says the cart changed and its new total. Absent: not compared.
   */
  shown_grandtotal: optional(money),
});
export type PlaceOrderBody = Infer<typeof placeOrderBody>;

/** The field a summary the cart no longer matches (changed in another tab) is refused under. */
export const shownTotalField = 'shown_grandtotal' satisfies keyof PlaceOrderBody;

/** The field a saved card no longer the caller's is named by: the checkout asks for another card, not a retry. */
export const cardIdField = 'card_id' satisfies keyof PlaceOrderBody;

/**
 * The field a cart of the caller's that was ordered meanwhile (another tab) is named by, in every checkout call's 404:
 * the checkout goes back to the cart, which opens the shopper's cart of now.
 */
export const orderedCartField = 'cart_id' satisfies keyof PlaceOrderBody;

/** What is wrong with one cart line or vendor group when the order cannot be placed (stock, slot, date). */
export const orderProblem = type({
  cart_rid: optional(number()),
  vendor_loc_id: optional(number()),
  message: string(),
});
export type OrderProblem = Infer<typeof orderProblem>;

/**
 * code 1 'Order Placed.' with order_id (the increment id, e.g. '100000123'); code -1 with a message: a refusal
 * before payment (problems says which lines), or a declined payment (order_id set: the client goes to
 * /payment/fail?orderId=); code 2 when the payment is still being confirmed.
 */
export const placeOrderReply = type({
  code: replyCode,
  message: optional(string()),
  order_id: optional(string()),
  status: optional(string()),
  problems: optional(array(orderProblem)),
  /** With code 2: the shopper's bank wants a check (3-D Secure) before the payment completes. */
  authentication: optional(type({ client_secret: string(), gateway: gatewayKind })),
  /**
   * With code 1, when the shopper goes on with a cart: the one the lines kept aside (for another zip or delivery
   * option) moved to, or (answering an order placed before) their cart of now. Absent: no cart (cart_id is cleared).
   */
  next_cart: optional(
    assign(
      currentCart,
      type({
        /** Lines kept aside that came back capped at their offer's stock (or 24): what she wanted, what the cart holds. */
        cart_changes: optional(array(type({ name: string(), size: string(), wanted: number(), qty: number() }))),
      }),
    ),
  ),
});
export type PlaceOrderReply = Infer<typeof placeOrderReply>;

/**
 * What one wallet redemption line took from the wallet (QA walk 5): a cancel or a refusal gives it back, and the
 * confirm step, the order page and the mails say so (src/rules/cancel-words.ts).
 */
export const walletBackLine = type({ product_name: string(), amount: number(), unit: enums(walletUnits) });

/** A whole order's cancel facts (reschedule options' cancel): how it was paid, what it cost, what goes back to the wallet. */
/**
 * What a cancel does (or did) with the payment: refund a payment taken, release a card's hold, nothing was taken, or
 * a bank debit still on its way, refunded once it clears (src/rules/cancel-words.ts CancelPayment).
 */
const cancelPayment = enums(['refund', 'release', 'none', 'debit-pending'] as const);

export const cancelFactsStruct = type({
  payment: cancelPayment,
  total_cents: number(),
  wallet_back: array(walletBackLine),
});

/** The spec's order item, with where it goes. */
export const orderItem = type({
  product_name: string(),
  product_qty: number(),
  bottle_size: number(),
  price: money,
  row_total: money,
  tax: money,
  status: string(),
  delivery_method: string(),
  vendor_name: string(),
  delivery_date: nullable(string()),
  time_slot: nullable(string()),
  /**
   * Its seller's part's step (order_deliverables.fulfilment_state): a line of a two-seller order is where its own
   * seller is; 'refused' while the rest of the order went on, its lines not charged.
   */
  fulfilment_state: optional(string()),
  /**
   * A line whose part was refused or canceled: whether its money was refunded (a payment taken gave it back) or never
   * charged (src/rules/order-refunds.ts endedPartMoney), from the order's payment record. Absent on a part that goes on.
   */
  part_money: optional(enums(partMoneyOutcomes)),
  /** Decision 039: the line's id (to answer a substitute), its catch-weight and substitution facts. */
  item_id: optional(number()),
  sold_by_weight: optional(boolean()),
  weighed_grams: optional(nullable(number())),
  /** The line's goods after weighing or substitution (null until packed or answered). */
  final_row_total: optional(nullable(money)),
  capped: optional(boolean()),
  substitution_pref: optional(enums(substitutionPreferences)),
  substitution_state: optional(nullable(enums(substitutionStates))),
  substitute_name: optional(nullable(string())),
  substitute_price: optional(nullable(money)),
  /** Redeemed from the wallet (priced 0): refused, it goes back to the wallet, not 'not charged' (QA walk 5). */
  wallet: optional(boolean()),
});
export type OrderItem = Infer<typeof orderItem>;

/** One step of an order's fulfilment timeline (issue 24): the state it entered, when, by whom (role only) and why. */
export const timelineStep = type({
  state: string(),
  at: string(),
  actor: string(),
  reason: nullable(string()),
  /** The seller whose part of the order the step moved (an order with several sellers); absent for the whole order. */
  seller: optional(string()),
});
export type TimelineStep = Infer<typeof timelineStep>;

/** The spec's order: items also grouped under local_delivery_items, courier_delivery_items, farm_direct_delivery_items. */
export const orderSummary = type({
  increment_id: string(),
  status: string(),
  created_at: string(),
  delivery_method: string(),
  subtotal: money,
  delivery_fee: money,
  /** Every fee that is not delivery (packaging of shipped groups), the cart's 'Fees': part of grand_total. */
  fee_amount: money,
  tax: money,
  driver_tip: money,
  discount: money,
  grand_total: money,
  /** What checkout showed: grand_total less a part refused later is the order as it stands, this never changes. */
  checkout_total: optional(money),
  payment_method: string(),
  gift_message: nullable(string()),
  /** The checkout's speed id it was placed at (1, 2 Store Pickup, 3 Dine-In, 10, 11): which price rows can apply to it. */
  speed_id: optional(number()),
  items: array(orderItem),
  local_delivery_items: array(orderItem),
  pickup_items: array(orderItem),
  dine_in_items: array(orderItem),
  courier_delivery_items: array(orderItem),
  farm_direct_delivery_items: array(orderItem),
  /** Issue 24: where the order is after payment (src/rules/fulfilment.ts), and each step so far with its time. */
  fulfilment_state: optional(string()),
  timeline: optional(array(timelineStep)),
  /** Whether the shopper may still cancel it (before picking and the cutoff). */
  can_cancel: optional(boolean()),
  /**
   * Whether one of its deliveries may still move though the order is being prepared: a part on a day its seller closed
   * that its own seller has not started (src/rules/fulfilment.ts partMoveRefusal); the order page then shows its panel.
   */
  can_move: optional(boolean()),
  /**
   * Why its change panel would offer nothing (no delivery may move, the order may not be canceled: past the cutoff,
   * being prepared), or null while it offers something: the page then says this instead of offering the panel.
   */
  change_refusal: optional(nullable(string())),
  /** Decision 039: what the payment holds or took (estimate + margin), the final amount once packed, the cap rule. */
  authorised_total: optional(nullable(money)),
  final_total: optional(nullable(money)),
  /** Once packed, the final figures that add up to final_total (fees and tip stay as placed): src/rules/catch-weight.ts finalAmounts. */
  final_subtotal: optional(nullable(money)),
  final_discount: optional(nullable(money)),
  final_tax: optional(nullable(money)),
  cap_rule: optional(nullable(string())),
  /**
   * The parts their sellers refused while the rest went on, and what each took off (src/rules/refused-parts.ts): the
   * figures above (subtotal to grand_total) are the order without them.
   */
  refused_parts: optional(array(type({ vendor_name: string(), total: money }))),
  /** The refunds made on it (src/rules/order-refunds.ts), each with what it was for: the mails say each as it happens. */
  refunds: optional(array(type({ amount: money, what: string() }))),
  /** Its wallet redemption lines, what each took from the wallet: given back when the order ended (QA walk 5). */
  wallet_back: optional(array(walletBackLine)),
  /**
   * An ended order (status canceled): what became of its payment, as its cancel confirm and mail said it (QA walk 6):
   * refunded, a card's hold released, or nothing taken (pay on delivery, nothing to pay).
   */
  ended_payment: optional(cancelPayment),
});
export type OrderSummary = Infer<typeof orderSummary>;

/** The order number as the shopper sees it ('100000123'): digits only. */
export const orderNumberField = ruleField('order_id', (value) => (/^\d{1,20}$/.test(value.trim()) ? undefined : 'order_id must be an order number.'));

/** The most orders one myorders reply holds (the spec's call returned them all; 100 was its silent cap). */
export const myOrdersPageMax = 100;

/** A page size from 1 to myOrdersPageMax; query text ('20') is read as a number. */
const myOrdersLimit = coerce(
  define<number>(
    'limit',
    (v) =>
      (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= myOrdersPageMax) ||
      `limit must be a whole number from 1 to ${myOrdersPageMax}.`,
  ),
  string(),
  (text) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : text),
);

/**
 * GET or POST api/account/myorders — the caller's orders, newest first: the spec's call (api_token only) answers the
 * newest myOrdersPageMax. Paging, optional so the spec's call is unchanged: `before` an order number (the last one
 * shown) answers the orders older than it, `limit` how many; has_more says whether older orders remain.
 */
export const myOrdersBody = type({
  ...callerOnlyBody.schema,
  before: optional(ruleField('before', (value) => (/^\d{1,20}$/.test(value.trim()) ? undefined : 'before must be an order number.'))),
  limit: optional(myOrdersLimit),
});
export type MyOrdersBody = Infer<typeof myOrdersBody>;
export const myOrdersReply = type({ ...envelope(array(orderSummary)).schema, has_more: optional(boolean()) });
export type MyOrdersReply = Infer<typeof myOrdersReply>;

/** A body naming one of the caller's orders. */
const orderNumberBody = type({ order_id: orderNumberField, ...callerFields });

/**
 * POST /api/placeorder/confirm — after the bank check (3-D Secure) of one of the caller's orders: the server reads the
 * payment's status and answers as place order does (1 placed, -1 failed, 2 still waiting or still confirming).
 */
export const confirmOrderBody = orderNumberBody;
export type ConfirmOrderBody = Infer<typeof confirmOrderBody>;

/** GET /api/account/orderstatus?order_id= (or POST) — one of the caller's orders, whatever its status; 404 if not theirs. */
export const orderStatusBody = orderNumberBody;
export type OrderStatusBody = Infer<typeof orderStatusBody>;
/**
 * current_cart: for an order whose payment failed, the cart its items went back to (the customer's open cart) and how
 * many it holds, so the page's cart link and the header's badge read the cart of now.
 */
export const orderStatusReply = type({ ...envelope(orderSummary).schema, current_cart: optional(currentCart) });
export type OrderStatusReply = Infer<typeof orderStatusReply>;
