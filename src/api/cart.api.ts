import { clearCartReply, type ClearCartReply } from './contract/cart.contract.ts';
import { call } from './http.ts';

/** Empties the caller's server cart (the bearer token proves a customer's cart is theirs). */
export function clearCart(cartId: string, customerId?: number): Promise<ClearCartReply> {
  return call('/api/cart/clearCart', clearCartReply, { method: 'POST', query: { quote_id: cartId, cus_id: customerId } });
}
