/**
 * Place order's refusal as the summary keeps it next to PLACE ORDER (walk 3 #1, #2): the server's words without the
 * field name its 400 lists them under ('speed_id: This delivery speed is…'), and the checkout tab that can fix it.
 * Not in messages.ts: only the summary shows these, so the store's first load does not carry them.
 */

import { cartStockMessage, isLineOrderable, type StockedLine } from './cart-checkout.ts';
import { deliveryOptionMessages } from './messages.ts';

/**
 * Place order's refusal of a Dine-In group with no table it can be placed for (decision 086 left: it said only the
 * spec's words, and the checkout had no way on): the spec's words first, then where the table is chosen, the group's own
 * date and time in the cart (walk 6 #3), as a wallet group's refusal says (walletRefusals.visitRequired).
 */
export const tableRequiredRefusal = (restaurant: string) =>
  `${deliveryOptionMessages.visitTimeRequired}: choose your table's date and time under ${restaurant} in your cart.`;

/** The field place order names when a table's date and time is missing: the cart keeps it under this name. */
export const tableTimeField = 'dinein_time';

/**
 * The checkout tab a refusal sends the shopper back to, or the cart (a table's date and time is chosen on its group).
 * 'slot': a seller's delivery slot, chosen on the speed tab ('Choose Delivery Slots') beside its speed.
 */
export type RefusalFixTab = 'address' | 'speed' | 'slot' | 'card' | 'cart';

/** The checkout step each fix opens ('tab.select'); the cart is a page of its own. */
export const refusalStep: Readonly<Record<Exclude<RefusalFixTab, 'cart'>, 'address' | 'speed' | 'card'>> = {
  address: 'address',
  speed: 'speed',
  slot: 'speed',
  card: 'card',
};

export interface PlaceOrderRefusal {
  message: string;
  /** The tab whose choice the server refused; undefined when none can fix it (PLACE ORDER may be tried again). */
  fixAt: RefusalFixTab | undefined;
}

/** The place-order body's fields, by the tab that chooses them. */
const tabOfField: Readonly<Record<string, RefusalFixTab>> = {
  delivery_address_id: 'address',
  speed_id: 'speed',
  delivery_date: 'speed',
  timeslot: 'speed',
  pickup_date: 'speed',
  payment_mode: 'card',
  payment_method: 'card',
  card_id: 'card',
  upi_id: 'card',
  bank_name: 'card',
  routing_number: 'card',
  account_number: 'card',
  // A wallet or Dine-In group's table (decision 086 left): chosen beside the group in the cart.
  [tableTimeField]: 'cart',
};

/** What the link under the refusal says, by the tab it opens. */
export const refusalFixWords: Readonly<Record<RefusalFixTab, string>> = {
  address: 'Choose another address',
  speed: 'Choose another delivery speed',
  slot: 'Choose another delivery slot',
  card: 'Choose another way to pay',
  cart: 'Back to cart',
};

/** A refusal naming a field (a 400's first field error), in its own words, with the tab that chooses that field. */
export function fieldRefusal(errors: readonly { field: string; message: string }[], fallback: string): PlaceOrderRefusal {
  const first = errors[0];
  if (!first) return { message: withoutFieldName(fallback), fixAt: undefined };
  return { message: first.message, fixAt: tabOfField[first.field] };
}

/** 'speed_id: words' → 'words': a message a 400 built from its field errors reads without the field's name. */
export function withoutFieldName(message: string): string {
  return message.replace(/^[a-z][a-z0-9_.]*: /, '');
}

/**
 * Place order's refusal in its answer (code -1): its words, and the cart when it names cart lines (walk 9 #2: a line
 * out of stock, or more than is left, was refused with no way on; it is removed or lowered in the cart); the speed
 * tab's slots when it names a seller's group (decision 088 left: a delivery slot just taken, or its date gone, had no
 * way on; the slot is chosen again there). Others (a wallet entry used, a coupon gone) name no tab: PLACE ORDER may be
 * tried again.
 */
export function replyRefusal(
  reply:
    | {
        message?: string | undefined;
        problems?: readonly { cart_rid?: number | undefined; vendor_loc_id?: number | undefined; message: string }[] | undefined;
      }
    | undefined,
  fallback: string,
): PlaceOrderRefusal {
  const message = withoutFieldName(reply?.message || fallback);
  const problems = reply?.problems ?? [];
  if (problems.some((problem) => problem.cart_rid !== undefined)) return { message, fixAt: 'cart' };
  return { message, fixAt: problems.some((problem) => problem.vendor_loc_id !== undefined) ? 'slot' : undefined };
}

/**
 * What the Order Summary says beside PLACE ORDER while a line it lists sold out, or holds more than is left, since
 * CHECKOUT (decision 088 left: only PLACE ORDER's refusal said so): the cart's words by CHECKOUT, with the way back to
 * the cart, where the line is marked and removed or lowered. Undefined when every line can be ordered.
 */
export function summaryStockRefusal(lines: readonly StockedLine[]): PlaceOrderRefusal | undefined {
  return lines.every(isLineOrderable) ? undefined : { message: cartStockMessage, fixAt: 'cart' };
}
