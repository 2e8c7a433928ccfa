import { isPayOnDeliveryStatus } from './pay-on-delivery.ts';

/** What the shopper's panel offers an order: a delivery to move or cancel, or a restaurant visit to cancel. */
export type OrderChangeKind = 'delivery' | 'visit';

interface ChangeableOrder {
  fulfilment_state?: string | undefined;
  status: string;
  items: readonly { delivery_date: string | null; delivery_method: string }[];
}

const visitMethods: readonly string[] = ['Dine-in', 'Pickup'];

/**
 * What an order's panel offers (issue 24 item 6), or undefined when it shows none: an order not yet being picked,
 * with a delivery to move or cancel, else a restaurant visit (pick-up, dine-in) to cancel (a walk found no way to
 * cancel a pick-up for tomorrow). Past the cutoff the panel still opens, to say why it can no longer change.
 */
export function orderChangeKind(order: ChangeableOrder): OrderChangeKind | undefined {
  // The order's status as the shopper's reply labels it (orders.ts statusLabels): paid, or pay on delivery.
  const placed = order.status === 'processing' || isPayOnDeliveryStatus(order.status);
  const state = order.fulfilment_state ?? 'placed';
  if (!placed || (state !== 'placed' && state !== 'accepted')) return undefined;
  const dated = order.items.filter((i) => i.delivery_date !== null);
  if (dated.some((i) => !visitMethods.includes(i.delivery_method))) return 'delivery';
  return dated.length > 0 ? 'visit' : undefined;
}

/** Whether an order shows its panel at all. */
export function changeableOrder(order: ChangeableOrder): boolean {
  return orderChangeKind(order) !== undefined;
}
