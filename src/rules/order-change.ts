import { isPayOnDeliveryStatus } from './pay-on-delivery.ts';

/**
 * Whether an order shows 'Change delivery or cancel' (issue 24 item 6): one not yet being picked, with a delivery
 * (a restaurant visit has none to move). Past the cutoff the panel still opens, to say why it can no longer change.
 */
export function changeableOrder(order: {
  fulfilment_state?: string | undefined;
  status: string;
  items: readonly { delivery_date: string | null; delivery_method: string }[];
}): boolean {
  // The order's status as the shopper's reply labels it (orders.ts statusLabels): paid, or pay on delivery.
  const placed = order.status === 'processing' || isPayOnDeliveryStatus(order.status);
  const state = order.fulfilment_state ?? 'placed';
  const delivered = order.items.some((i) => i.delivery_date !== null && i.delivery_method !== 'Dine-in' && i.delivery_method !== 'Pickup');
  return placed && (state === 'placed' || state === 'accepted') && delivered;
}
