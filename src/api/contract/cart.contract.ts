import { object, optional, string, type Infer } from 'superstruct';
import { envelope } from './envelope.ts';
import { callerFields, numericId } from './fields.ts';

/**
 * POST api/cart/clearCart?quote_id=&cus_id= — empties the caller's own cart.
 * The spec also lists api_token in the query; we take the token from the Authorization header only,
 * so it never lands in URLs or access logs.
 */
export const clearCartQuery = object({
  quote_id: string(),
  cus_id: optional(numericId('cus_id')),
  ...callerFields,
});
export type ClearCartQuery = Infer<typeof clearCartQuery>;
export const clearCartReply = envelope(object({}));
export type ClearCartReply = Infer<typeof clearCartReply>;
