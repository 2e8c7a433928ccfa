import { array, define, enums, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import { coerce } from './coerce.ts';
import { isPriceCategory, walletUnits, type PriceCategory } from '../../rules/wallet.ts';
import { codeAndMessage, replyCode, envelope } from './envelope.ts';
import { blankIsMissing, callerFields, cartIdField, money, numericId, zipcodeField } from './fields.ts';
import { sizeUnit } from './product-summary.contract.ts';
import { parseDineinTime } from '../../rules/visit-time.ts';

/**
 * The prepaid wallet's calls (cart-checkout-account spec section 7: Wallet details, Wallet vendors, Wallet products,
 * Wallet add to cart). Each answers only for the signed-in caller: customer_id must be the bearer token's customer,
 * and an order number (pastorderid) or a wallet entry of anyone else's is a 404, like one that does not exist.
 */

const customerIdField = numericId('customer_id');

/** Two capital letters: a USPS state code ('NY'). */
export const stateCodeField = define<string>(
  'state',
  (v) => (typeof v === 'string' && /^[A-Z]{2}$/.test(v)) || 'state must be a two-letter state code.',
);

/** 0 (All) or 1 to 5 stars; the query string sends text. */
export const priceCategoryField = coerce(
  define<PriceCategory>('price_category', (v) => isPriceCategory(v) || 'price_category must be 0 (All) or 1 to 5.'),
  string(),
  (text) => (/^\d$/.test(text.trim()) ? Number(text.trim()) : text),
);

/** A visit's date and time, 'YYYY-MM-DD HH:MM'. */
const dineinTimeField = define<string>(
  'dinein_time',
  (v) => (typeof v === 'string' && parseDineinTime(v) !== undefined) || 'dinein_time must be YYYY-MM-DD HH:MM.',
);

/** An order number as shoppers see it ('100000123'). */
export const orderNumberField = define<string>(
  'pastorderid',
  (v) => (typeof v === 'string' && /^\d{1,20}$/.test(v)) || 'pastorderid must be an order number.',
);

/** GET or POST /wallet/wallet/index (the spec leaves the method open). */
export const walletIndexBody = object({ customer_id: customerIdField, ...callerFields });
export type WalletIndexBody = Infer<typeof walletIndexBody>;

/** The spec's wallet entry, in the product's unit (ml for drinks, portions for food); retailer is where it was bought. */
export const walletEntry = type({
  id: number(),
  itemName: string(),
  orderNo: string(),
  ordered: number(),
  consumed: number(),
  remaining: number(),
  unit: enums(walletUnits),
  price_category: number(),
  state: string(),
  retailer: string(),
});
export type WalletEntry = Infer<typeof walletEntry>;
export const walletIndexReply = envelope(array(walletEntry));
export type WalletIndexReply = Infer<typeof walletIndexReply>;

/** POST /api/vendorsbyproduct/applyproducts */
export const walletVendorsBody = object({
  customer_id: customerIdField,
  state: stateCodeField,
  price_category: priceCategoryField,
  ...callerFields,
});
export type WalletVendorsBody = Infer<typeof walletVendorsBody>;

/**
 * The spec's retailer location, plus its star category and street for the list, and its opening hours ('HH:MM',
 * every day; like Delivery Options' restaurants): the visit's times are the dine-in tables within them.
 */
export const walletRetailer = type({
  location_id: number(),
  vendor_name: string(),
  vendor_id: number(),
  price_category: number(),
  address: string(),
  opens_at: string(),
  closes_at: string(),
});
export type WalletRetailer = Infer<typeof walletRetailer>;
export const walletVendorsReply = envelope(array(walletRetailer));
export type WalletVendorsReply = Infer<typeof walletVendorsReply>;

/** POST /api/walletproductlst/walletProducts */
export const walletProductsBody = object({
  vendor_id: numericId('vendor_id'),
  customer_id: customerIdField,
  ...callerFields,
});
export type WalletProductsBody = Infer<typeof walletProductsBody>;

/**
 * A size that can be redeemed here, and the past order it would be drawn from. price is what the customer paid for
 * that much of it (their order line's price and tax), not the catalogue's list price: redeeming it costs nothing.
 */
export const walletSize = type({ id: number(), bottle_size: number(), price: money, pastorderid: string() });
export type WalletSize = Infer<typeof walletSize>;

/**
 * The spec's wallet product; available_wallet and redeamable_here are in unit; wallet_worth is what all of it still
 * held cost this customer.
 */
export const walletProduct = type({
  prod_id: number(),
  prod_name: string(),
  image: string(),
  size_unit: sizeUnit,
  unit: enums(walletUnits),
  child: array(walletSize),
  available_wallet: number(),
  redeamable_here: number(),
  wallet_worth: money,
});
export type WalletProduct = Infer<typeof walletProduct>;
export const walletProductsReply = envelope(array(walletProduct));
export type WalletProductsReply = Infer<typeof walletProductsReply>;

/**
 * POST /wallet/wallet/walletAddToCart. product_id is the size (variant) id and size its bottle_size; qty is fixed at
 * 1 and wallet at 1; vendor_loc_id is the restaurant where it is redeemed; pastorderid the order it was bought with.
 * Without cart_id a new cart is made.
 */
export const walletAddToCartBody = object({
  cart_id: blankIsMissing(optional(nullable(cartIdField))),
  zipcode: zipcodeField,
  product_id: numericId('product_id'),
  qty: coerce(
    define<'1'>('qty', (v) => v === '1' || 'qty must be 1: the wallet redeems one at a time.'),
    number(),
    (n) => String(n),
  ),
  size: coerce(
    define<number>('size', (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0) || 'size must be a whole number.'),
    string(),
    (text) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : text),
  ),
  vendor_loc_id: numericId('vendor_loc_id'),
  pastorderid: orderNumberField,
  /**
   * The visit the redemption is eaten at, 'YYYY-MM-DD HH:MM' (the wallet product list's date and time): kept with the
   * cart's wallet lines at this restaurant, so place order reads it from the cart in any browser (walk 5 #1).
   */
  dinein_time: optional(dineinTimeField),
  wallet: coerce(
    define<1>('wallet', (v) => v === 1 || 'wallet must be 1.'),
    string(),
    (text) => (text.trim() === '1' ? 1 : text),
  ),
  ...callerFields,
});
export type WalletAddToCartBody = Infer<typeof walletAddToCartBody>;

/** The spec reads [0].code and cart_id; a refusal carries the reason in message. */
export const walletAddToCartResult = type({
  code: replyCode,
  message: string(),
  cart_id: optional(string()),
  total_products_in_cart: optional(number()),
});
export type WalletAddToCartResult = Infer<typeof walletAddToCartResult>;
export const walletAddToCartReply = size(array(walletAddToCartResult), 1, Number.POSITIVE_INFINITY);
export type WalletAddToCartReply = Infer<typeof walletAddToCartReply>;

/**
 * POST /wallet/wallet/walletVisit (ours; the spec has no call for it): when the cart's wallet redemptions and paid
 * dine-in lines at a restaurant are eaten, for a group with no table kept (walk 5 #1, walk 6 #3), chosen on the cart
 * page by the wallet's own rule (walletVisitTimes).
 */
export const walletVisitBody = object({
  cart_id: cartIdField,
  vendor_loc_id: numericId('vendor_loc_id'),
  dinein_time: dineinTimeField,
  ...callerFields,
});
export type WalletVisitBody = Infer<typeof walletVisitBody>;
export const walletVisitReply = codeAndMessage;
export type WalletVisitReply = Infer<typeof walletVisitReply>;
