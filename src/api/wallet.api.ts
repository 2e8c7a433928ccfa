import {
  walletAddToCartReply,
  walletIndexReply,
  walletProductsReply,
  walletVendorsReply,
  walletVisitReply,
  type WalletAddToCartBody,
  type WalletAddToCartResult,
  type WalletIndexReply,
  type WalletProductsReply,
  type WalletVendorsBody,
  type WalletVendorsReply,
  type WalletVisitBody,
  type WalletVisitReply,
} from './contract/wallet.contract.ts';
import { call, type Sent } from './http.ts';

/** /wallet/wallet/index (the spec leaves the method open; POST here): the Dine-In panel's wallet rows. */
export function walletDetails(customerId: number): Promise<WalletIndexReply> {
  return call('/wallet/wallet/index', walletIndexReply, { method: 'POST', body: { customer_id: customerId } });
}

/** POST /api/vendorsbyproduct/applyproducts: the partner restaurants that redeem the wallet's rows of a state and category. */
export function walletVendors(body: Sent<WalletVendorsBody>): Promise<WalletVendorsReply> {
  return call('/api/vendorsbyproduct/applyproducts', walletVendorsReply, { method: 'POST', body: { ...body } });
}

/** POST /api/walletproductlst/walletProducts: what the wallet holds, and what one restaurant redeems of it. */
export function walletProducts(vendorId: number, customerId: number): Promise<WalletProductsReply> {
  return call('/api/walletproductlst/walletProducts', walletProductsReply, {
    method: 'POST',
    body: { vendor_id: vendorId, customer_id: customerId },
  });
}

/** POST /wallet/wallet/walletAddToCart: the reply is a bare list; its first item is the result. */
export async function walletAddToCart(body: Sent<WalletAddToCartBody>): Promise<WalletAddToCartResult> {
  const reply = await call('/wallet/wallet/walletAddToCart', walletAddToCartReply, { method: 'POST', body: { ...body, qty: '1', wallet: 1 } });
  const first = reply[0];
  if (!first) throw new Error('walletAddToCart answered an empty list');
  return first;
}

/** POST /wallet/wallet/walletVisit: when the cart's wallet redemptions at a restaurant are eaten (none kept yet). */
export function keepWalletVisit(body: Sent<WalletVisitBody>): Promise<WalletVisitReply> {
  return call('/wallet/wallet/walletVisit', walletVisitReply, { method: 'POST', body: { ...body } });
}
