import { create } from 'superstruct';
import { cartReply } from '../../../src/api/contract/cart-page.contract.ts';
import { getAddressesReply } from '../../../src/api/contract/address.contract.ts';
import { placeOrderReply } from '../../../src/api/contract/checkout.contract.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { addDays, storeToday } from '../../../src/rules/delivery-dates.ts';
import { speedIds } from '../../../src/rules/delivery-speeds.ts';
import { payingCardToken, saveHomeThroughApi, scheduleGroupThroughApi } from '../journeys/checkout-shoppers.ts';
import { addToCartThroughApi, newCustomer, postJson } from '../journeys/shoppers.ts';
import { apiPost } from '../steps.ts';

/**
 * A Same Day order placed through the API, as checkout would place it (the checkout journeys test the screens): a
 * ribeye delivered a week or more ahead, so the seller's cutoff is still ahead and the order may change.
 */
export interface PlacedOrder {
  session: SessionValues;
  orderId: string;
  /** The shopper's email (where the store's mails about the order go). */
  email: string;
  /** The seller location that delivers it, its name, and the delivery date ('YYYY-MM-DD'). */
  vendorLocId: number;
  vendorName: string;
  deliveryDate: string;
}

export async function sameDayOrderThroughApi(prefix: string, bankAccount?: string): Promise<PlacedOrder> {
  const { session: customer, email } = await newCustomer(prefix);
  const token = customer.Token ?? '';
  const session = await addToCartThroughApi(customer, 'ribeye', 'USDA Prime Ribeye Steak');
  const cartId = session.cart_id ?? '';
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: cartId }, token), cartReply);
  const group = cart.data?.delivery_groups[0];
  if (!group) throw new Error('the cart has no delivery group');
  // The first day from a week ahead with a seat left (other tests hold the first slots).
  const scheduled = await scheduleGroupThroughApi(session, group, addDays(storeToday(new Date()), 7), 14);
  if (scheduled === undefined) throw new Error('no free Same Day slot in the next three weeks');
  await saveHomeThroughApi(session);
  const addresses = create(
    await postJson(`/connect/customer/getaddresses?customerid=${session.CustomerId}&address_type=shipping`, {}, token),
    getAddressesReply,
  );
  const address = addresses.data?.[0];
  if (!address) throw new Error('no saved address');
  // bankAccount: paid from Chase (a week ahead is past the 4 business days a debit takes); else by a test card.
  const payment =
    bankAccount === undefined
      ? { payment_mode: 2, card_token: await payingCardToken() }
      : { payment_mode: 1, bank_name: 'Chase', routing_number: '110000000', account_number: bankAccount };
  const placed = create(
    await apiPost(
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: address.address_id, speed_id: speedIds.oneHour, ...payment },
      token,
    ),
    placeOrderReply,
  );
  if (placed.code !== 1 || !placed.order_id) throw new Error(`the order was refused: ${placed.message} ${JSON.stringify(placed.problems)}`);
  return {
    session: { ...session, cart_id: undefined, total_products_in_cart: 0 },
    orderId: placed.order_id,
    email,
    vendorLocId: group.vendor_loc_id,
    vendorName: group.vendor_name,
    deliveryDate: scheduled,
  };
}
