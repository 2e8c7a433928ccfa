import type { Kysely, Selectable } from 'kysely';
import type { OrderItem, OrderSummary } from '../../../src/api/contract/checkout.contract.ts';
import { formatUsDate } from '../../../src/rules/delivery-dates.ts';
import { speedIds } from '../../../src/rules/delivery-speeds.ts';
import { centsToDollars, formatMoney } from '../../../src/rules/money.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';

/** The spec's delivery groups: Dine-in, Pickup, Local Delivery, Courier Delivery, Farm Direct. */
export function deliveryMethodOf(speed: SpeedValue, speedId: number): string {
  if (speed === 'courier') return 'Courier Delivery';
  if (speed === 'farm-direct') return 'Farm Direct';
  if (speedId === speedIds.storePickup) return 'Pickup';
  if (speedId === speedIds.dineIn) return 'Dine-in';
  return 'Local Delivery';
}

/** Statuses shoppers see (the spec shows them capitalised). */
const statusLabels: Readonly<Record<Selectable<OrdersTable>['status'], string>> = {
  pending_payment: 'pending payment',
  processing: 'processing',
  pending_payment_on_delivery: 'pay on delivery',
  payment_failed: 'payment failed',
  complete: 'complete',
  canceled: 'canceled',
};

export function statusLabel(status: Selectable<OrdersTable>['status']): string {
  return statusLabels[status];
}

/** The caller's orders with their items, newest first, grouped as the Orders tab reads them. */
export async function listOrders(db: Kysely<Database>, customerId: number): Promise<OrderSummary[]> {
  // A declined attempt is not an order the shopper has: the cart was given back to pay again.
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '<>', 'payment_failed')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return summarize(db, orders);
}

/** One of the caller's orders by its number, whatever its status (the order status page); undefined if not theirs. */
export async function findOrder(db: Kysely<Database>, customerId: number, incrementId: string): Promise<OrderSummary | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('increment_id', '=', incrementId).executeTakeFirst();
  if (!order) return undefined;
  const [summary] = await summarize(db, [order]);
  return summary;
}

async function summarize(db: Kysely<Database>, orders: Selectable<OrdersTable>[]): Promise<OrderSummary[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [deliverables, items] = await Promise.all([
    db.selectFrom('order_deliverables').selectAll().where('order_id', 'in', ids).execute(),
    db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
  ]);
  return orders.map((order) => {
    const label = statusLabel(order.status);
    const own = items
      .filter((i) => i.order_id === order.id)
      .map((item) => {
        const deliverable = deliverables.find((d) => d.id === item.deliverable_id);
        const entry: OrderItem & { speed: SpeedValue } = {
          product_name: item.product_name,
          product_qty: item.qty,
          bottle_size: item.bottle_size,
          price: centsToDollars(item.price_cents),
          row_total: centsToDollars(item.row_total_cents),
          tax: centsToDollars(item.tax_cents),
          status: label,
          delivery_method: deliverable?.delivery_method ?? 'Local Delivery',
          vendor_name: deliverable?.vendor_name ?? '',
          delivery_date: deliverable?.delivery_date ?? null,
          time_slot: deliverable?.slot_start && deliverable.slot_end ? `${deliverable.slot_start}–${deliverable.slot_end}` : null,
          speed: deliverable?.speed ?? 'local',
        };
        return entry;
      });
    const strip = ({ speed: _speed, ...item }: OrderItem & { speed: SpeedValue }): OrderItem => item;
    const byMethod = (method: string) => own.filter((i) => i.delivery_method === method).map(strip);
    return {
      increment_id: order.increment_id,
      status: label,
      created_at: order.created_at.toISOString(),
      delivery_method: own[0]?.delivery_method ?? 'Local Delivery',
      subtotal: centsToDollars(order.subtotal_cents),
      delivery_fee: centsToDollars(order.delivery_fee_cents),
      tax: centsToDollars(order.taxes_cents),
      driver_tip: centsToDollars(order.tip_cents),
      discount: centsToDollars(order.discount_cents),
      grand_total: centsToDollars(order.grand_total_cents),
      payment_method: order.payment_method,
      gift_message: order.gift_message,
      items: own.map(strip),
      local_delivery_items: byMethod('Local Delivery'),
      pickup_items: byMethod('Pickup'),
      dine_in_items: byMethod('Dine-in'),
      courier_delivery_items: byMethod('Courier Delivery'),
      farm_direct_delivery_items: byMethod('Farm Direct'),
    };
  });
}

/** The confirmation mail: what was ordered, when it comes and what was paid. */
export async function orderConfirmation(db: Kysely<Database>, orderId: number, appOrigin: string): Promise<MailMessage> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const [deliverables, items] = await Promise.all([
    db.selectFrom('order_deliverables').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
  ]);
  const lines: string[] = [`Thank you for your order ${order.increment_id}.`, ''];
  for (const deliverable of deliverables) {
    const when = deliverable.delivery_date ? ` on ${formatUsDate(deliverable.delivery_date)}` : '';
    const slot = deliverable.slot_start && deliverable.slot_end ? ` between ${deliverable.slot_start} and ${deliverable.slot_end}` : '';
    lines.push(`${deliverable.delivery_method} from ${deliverable.vendor_name}${when}${slot}:`);
    for (const item of items.filter((i) => i.deliverable_id === deliverable.id)) {
      const size = item.bottle_size > 0 ? ` (${item.bottle_size} g)` : '';
      lines.push(`  ${item.qty} × ${item.product_name}${size}  ${formatMoney(centsToDollars(item.row_total_cents))}`);
    }
  }
  lines.push('', `Subtotal: ${formatMoney(centsToDollars(order.subtotal_cents))}`);
  if (order.discount_cents > 0) lines.push(`Discount: -${formatMoney(centsToDollars(order.discount_cents))}`);
  lines.push(`Delivery: ${formatMoney(centsToDollars(order.delivery_fee_cents))}`);
  if (order.fee_cents > 0) lines.push(`Fees: ${formatMoney(centsToDollars(order.fee_cents))}`);
  lines.push(`Taxes: ${formatMoney(centsToDollars(order.taxes_cents))}`);
  if (order.tip_cents > 0) lines.push(`Driver tip: ${formatMoney(centsToDollars(order.tip_cents))}`);
  lines.push(`Total: ${formatMoney(centsToDollars(order.grand_total_cents))}`);
  const paid =
    order.payment_mode === 4
      ? 'You pay on delivery.'
      : order.card_last4
        ? `Paid with the card ending in ${order.card_last4}.`
        : order.upi_id
          ? `Paid with UPI (${order.upi_id}).`
          : 'Paid.';
  lines.push(paid, '', `Follow your order: ${appOrigin}/order/status?orderId=${order.increment_id}`, `Your orders: ${appOrigin}/setting/order`);
  return { to: order.email, subject: `Your order ${order.increment_id} is placed`, text: lines.join('\n') };
}
