import { array, define, literal, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import { coerce } from './coerce.ts';
import { isQuantity, quantityMessage } from '../../rules/quantity.ts';
import { replyCode } from './envelope.ts';
import { blankIsMissing, cartIdField, ignoredApiToken, numericId, speedValueField, storeField, zipcodeField } from './fields.ts';

const qtyField = coerce(
  define<number>('qty', (v) => isQuantity(v) || quantityMessage),
  string(),
  (text) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : text),
);

/**
 * POST /api/cart/addtocart. product_id is the size (variant) id. Without cart_id a new cart is made. Without
 * vendor_loc_id the cheapest in-stock offer of that speed in the area is taken. api_token is accepted for the
 * old client and ignored: the caller comes from the Authorization header only, so tokens stay out of bodies and logs.
 */
export const addToCartBody = object({
  product_id: numericId('product_id'),
  qty: qtyField,
  cart_id: blankIsMissing(optional(nullable(cartIdField))),
  zipcode: zipcodeField,
  loc_id: numericId('loc_id'),
  /** Always 0 here: wallet redemptions have their own call. */
  wallet: optional(coerce(literal(0), literal('0'), () => 0)),
  speed_id: speedValueField('speed_id'),
  vendor_loc_id: blankIsMissing(optional(nullable(numericId('vendor_loc_id')))),
  ...storeField,
  api_token: ignoredApiToken,
});
export type AddToCartBody = Infer<typeof addToCartBody>;

/**
 * The spec's reply is a bare list whose first item carries the result (no envelope around it).
 * code 1: cart_id (new or the same) and total_products_in_cart, the badge: the units of the lines the cart's totals count.
 * code -1: message says why (not sold at this speed here, only N left in stock, ...); cart_id is sent when a cart exists.
 * 400 malformed body, 401 a bad token, 404 a cart that is not the caller's.
 */
export const addToCartResult = type({
  code: replyCode,
  message: string(),
  cart_id: optional(string()),
  total_products_in_cart: optional(number()),
});
export type AddToCartResult = Infer<typeof addToCartResult>;
export const addToCartReply = size(array(addToCartResult), 1, Number.POSITIVE_INFINITY);
export type AddToCartReply = Infer<typeof addToCartReply>;
