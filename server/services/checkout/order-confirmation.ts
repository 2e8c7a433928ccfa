import type { Kysely, Selectable } from 'kysely';
import { bankPaymentMode } from '../../../src/rules/bank-account.ts';
import { capRule, weighedAtWords, weightMarginPercent } from '../../../src/rules/catch-weight.ts';
import { giftMessageMax } from '../../../src/rules/gift-message.ts';
import { formatUsDate } from '../../../src/rules/delivery-dates.ts';
import { timeLabel } from '../../../src/rules/visit-time.ts';
import { handOverOf, payOnDeliveryWords } from '../../../src/rules/pay-on-delivery.ts';
import { centsToDollars, formatMoney } from '../../../src/rules/money.ts';
import { modeRowsOf } from '../../../src/rules/price-rows.ts';
import { shopperWalletLineWords } from '../../../src/rules/payment-words.ts';
import { formatSize, type SizeUnit } from '../../../src/rules/sizes.ts';
import type { MailMessage, MailSender } from '../../adapters/mail/mail-port.ts';
import type { Database, OrderDeliverablesTable, OrderItemsTable, OrdersTable } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { mailText } from '../platform/mail-text.ts';
import { followOrderLine, isGuestCustomer } from '../platform/order-link-lines.ts';

/** What the mail tells of an order's deliverables and lines: place order hands over the rows it just wrote. */
export const mailedDeliverableColumns = ['id', 'delivery_method', 'vendor_name', 'delivery_date', 'slot_start', 'slot_end'] as const;
export const mailedItemColumns = ['id', 'deliverable_id', 'qty', 'product_name', 'bottle_size', 'row_total_cents'] as const;
export interface MailedLines {
  /** In id order, as written. */
  deliverables: Pick<Selectable<OrderDeliverablesTable>, (typeof mailedDeliverableColumns)[number]>[];
  /**
   * With the product's size_unit (a line's size reads as the cart's: '1 kg', '750 ml', not '(1000 g)') and whether it
   * is weighed at packing (a wallet redemption never is): a pay-on-delivery total is then an estimate too.
   */
  items: (Pick<Selectable<OrderItemsTable>, (typeof mailedItemColumns)[number]> & { size_unit: SizeUnit; weighed: boolean; wallet?: boolean })[];
}

/**
 * The order as settled and the lines its request wrote: the mail is written from them without reading them back; with
 * whether its customer is a guest when the request knows it (its session), so the mail's last line reads nothing.
 */
export type PlacedOrder = { order: Selectable<OrdersTable>; guest?: boolean | undefined } & MailedLines;

/** The order's row and lines as they stand, for a mail sent by a request that did not write them. */
async function readPlacedOrder(db: Kysely<Database>, orderId: number): Promise<PlacedOrder> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const [deliverables, items] = await Promise.all([
    db.selectFrom('order_deliverables').select(mailedDeliverableColumns).where('order_id', '=', orderId).orderBy('id').execute(),
    db
      .selectFrom('order_items')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .select(mailedItemColumns.map((c) => `order_items.${c}` as const))
      .select(['products.size_unit', 'products.sold_by_weight', 'order_items.wallet_entry_id'])
      .where('order_items.order_id', '=', orderId)
      .orderBy('order_items.id')
      .execute(),
  ]);
  return {
    order,
    deliverables,
    items: items.map(({ sold_by_weight, wallet_entry_id, ...item }) => ({
      ...item,
      weighed: sold_by_weight && wallet_entry_id === null,
      wallet: wallet_entry_id !== null,
    })),
  };
}

/** The confirmation mail: what was ordered, when it comes and what was paid. Stored text goes through mailText. */
export function orderConfirmation({ order, deliverables, items }: PlacedOrder, appOrigin: string, guest = false): MailMessage {
  const lines: string[] = [`Thank you for your order ${order.increment_id}.`, ''];
  for (const deliverable of deliverables) {
    const when = deliverable.delivery_date ? ` on ${formatUsDate(deliverable.delivery_date)}` : '';
    // A delivery's slot, or a table's or a pick-up's time (stored as a start with no end: it had none in the mail).
    const slot = deliverable.slot_start
      ? deliverable.slot_end
        ? ` between ${timeLabel(deliverable.slot_start)} and ${timeLabel(deliverable.slot_end)}`
        : ` at ${timeLabel(deliverable.slot_start)}`
      : '';
    lines.push(`${mailText(deliverable.delivery_method)} from ${mailText(deliverable.vendor_name)}${when}${slot}:`);
    for (const item of items.filter((i) => i.deliverable_id === deliverable.id)) {
      const size = item.bottle_size > 0 ? ` (${formatSize(item.bottle_size, item.size_unit)})` : '';
      // A redemption says where it came from, as the order page and the console do (walk 6).
      const redeemed = item.wallet ? ` (${shopperWalletLineWords})` : '';
      lines.push(`  ${item.qty} × ${mailText(item.product_name)}${size}  ${formatMoney(centsToDollars(item.row_total_cents))}${redeemed}`);
    }
  }
  // The shopper checks what goes with the gift; the seller's console shows the same words.
  if (order.gift_message) lines.push('', `Gift message: ${mailText(order.gift_message, giftMessageMax)}`);
  lines.push('', `Subtotal: ${formatMoney(centsToDollars(order.subtotal_cents))}`);
  if (order.discount_cents > 0) lines.push(`Discount: -${formatMoney(centsToDollars(order.discount_cents))}`);
  const handOver = handOverOf(order.speed_id);
  // The rows the order's speed can have, as its pages list them: a pick-up or a table is not delivered, and only a
  // 1 Hour Delivery has a driver to tip. Like the discount and the fees, a tip is listed when there is one.
  const applies = modeRowsOf(order.speed_id);
  if (applies.deliveryFee) lines.push(`Delivery: ${formatMoney(centsToDollars(order.delivery_fee_cents))}`);
  if (order.fee_cents > 0) lines.push(`Fees: ${formatMoney(centsToDollars(order.fee_cents))}`);
  lines.push(`Taxes: ${formatMoney(centsToDollars(order.taxes_cents))}`);
  if (applies.driverTip && order.tip_cents > 0) lines.push(`Driver tip: ${formatMoney(centsToDollars(order.tip_cents))}`);
  // Weighed lines (decision 039): the total is an estimate, and the payment covers it plus the margin, as the order
  // page says: a card is only held, and charged after weighing; a payment taken now gives back what weighing leaves.
  // Pay on delivery holds nothing: the door collects what the items weigh (walk 6: a weighed salmon's POD mail said
  // 'Total' with no word of the weighing).
  const held = order.authorised_cents !== null && order.payment_mode !== 4;
  const weighedAtDoor = order.payment_mode === 4 && items.some((item) => item.weighed);
  lines.push(`${held || weighedAtDoor ? 'Estimated total' : 'Total'}: ${formatMoney(centsToDollars(order.grand_total_cents))}`);
  const paid = held
    ? weighedPaymentText(order, handOver)
    : weighedAtDoor
      ? `${payOnDeliveryWords[handOver].paid} ${weighedAtDoorText(handOver)}`
      : paidText(order, handOver);
  // The order's page for everyone; a customer's account too, never a guest's, who has none (QA walk 7 #3).
  const follow = followOrderLine({ orderNumber: order.increment_id, guest: true }, appOrigin);
  const yours = followOrderLine({ orderNumber: order.increment_id, guest }, appOrigin, 'link');
  lines.push(paid, '', follow, ...(yours === follow ? [] : [yours]));
  return { to: order.email, subject: `Your order ${order.increment_id} is placed`, text: lines.join('\n') };
}

/** Pay on delivery (or at the counter) with weighed lines: what is collected, weighed in the hand-over's words. */
export function weighedAtDoorText(handOver: ReturnType<typeof handOverOf>): string {
  return `Items sold by weight are weighed when ${weighedAtWords[handOver].weight}, and you pay what they weigh. ${capRule}`;
}

/** The placed mail's payment line for an order of wallet redemptions only. */
export const walletOnlyPlacedText = 'Nothing to pay: everything in it is redeemed from your wallet.';

/** How an order with nothing to weigh was paid. */
function paidText(order: Selectable<OrdersTable>, handOver: ReturnType<typeof handOverOf>): string {
  if (order.payment_mode === 4) return payOnDeliveryWords[handOver].paid;
  // Wallet redemptions only: nothing was paid (QA walk 5: 'Paid.' for a $0.00 order).
  if (order.grand_total_cents === 0) return walletOnlyPlacedText;
  return `Paid${paidWith(order)}.`;
}

/**
 * What paid, after 'Paid': the bank account by its bank and last four (the order keeps them in card_brand and
 * card_last4; QA walk 9 #2: a Chase account was 'the card ending in 6789'), UPI by its id, a card by its last four.
 */
export function paidWith(order: Pick<Selectable<OrdersTable>, 'payment_mode' | 'card_brand' | 'card_last4' | 'upi_id'>): string {
  if (order.payment_mode === bankPaymentMode) {
    const account = order.card_brand ? `${mailText(order.card_brand, 60)} account` : 'bank account';
    return order.card_last4 ? ` from your ${account} ending in ${order.card_last4}` : ` from your ${account}`;
  }
  if (order.upi_id) return ` with UPI (${mailText(order.upi_id)})`;
  return order.card_last4 ? ` with the card ending in ${order.card_last4}` : '';
}

/** How an order with weighed lines is paid: held (a card) or taken (UPI, bank) for the estimate plus the margin. */
function weighedPaymentText(order: Selectable<OrdersTable>, handOver: ReturnType<typeof handOverOf>): string {
  const amount = formatMoney(centsToDollars(order.authorised_cents ?? order.grand_total_cents));
  const margin = `the estimate plus ${weightMarginPercent}% on items sold by weight`;
  if (order.capture_state === 'held') {
    const card = order.card_last4 ? `the card ending in ${order.card_last4}` : 'your card';
    return `We hold ${amount} on ${card}: ${margin}. It is charged after weighing, only for what your items weigh. ${capRule}`;
  }
  const method = paidWith(order);
  // Refunded when the weight is taken, in the hand-over's words (walk 7 #8: a Dine-In meal was 'refunded after packing').
  return `Paid ${amount}${method}: ${margin}. What weighing leaves over is refunded ${weighedAtWords[handOver].refunded}. ${capRule}`;
}

/**
 * Sends the order's confirmation without waiting for it: the order stands whether or not the mail server answers,
 * and a failure is logged. Place order, confirm and the payment sweep call it from whichever settled the order; place
 * order hands over the order it settled and the lines it wrote (decision 065: three reads fewer per checkout).
 */
export function sendOrderConfirmation(
  deps: { db: Kysely<Database>; mail: MailSender; config: { appOrigin: string } },
  orderId: number,
  log: Log,
  placed?: PlacedOrder,
): void {
  (placed ? Promise.resolve(placed) : readPlacedOrder(deps.db, orderId))
    .then(async (known) =>
      deps.mail.send(orderConfirmation(known, deps.config.appOrigin, known.guest ?? (await isGuestCustomer(deps.db, known.order.customer_id)))),
    )
    .catch((error: unknown) => log.error({ err: error, orderId }, 'order confirmation mail not sent'));
}
