import { addToCartReply, type AddToCartBody, type AddToCartResult } from './contract/add-to-cart.contract.ts';
import { call } from './http.ts';

/** POST /api/cart/addtocart: the reply is the spec's bare list; its first item is the result. */
export async function addToCart(body: AddToCartBody): Promise<AddToCartResult> {
  const reply = await call('/api/cart/addtocart', addToCartReply, { method: 'POST', body: { ...body, wallet: 0 } });
  const first = reply[0];
  if (!first) throw new Error('addtocart answered an empty list');
  return first;
}
