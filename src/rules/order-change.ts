import type { OrderSummary } from '../api/contract/checkout.contract.ts';

/**
 * Whether an order shows 'Change delivery or cancel' (issue 24 item 6): one not yet being picked, with a delivery
 * (a restaurant visit has none to move). Past the cutoff the panel still opens, to say why it can no longer change.
 */
export function changeableOrder(order: Pick<OrderSummary, 'fulfilment_state' | 'status' | 'items'>): boolean {
  // The order's status as the shopper's reply labels it (orders.ts statusLabels): paid, or pay on delivery.
  const placed = order.status === 'processing' || order.status === 'pay on delivery';
  const state = order.fulfilment_state ?? 'placed';
  return (
    placed &&
    (state === 'placed' || state === 'accepted') &&
    order.items.some((i) => i.delivery_date !== null && i.delivery_method !== 'Dine-in' && i.delivery_method !== 'Pickup')
  );
}
