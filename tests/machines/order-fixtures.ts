import type { OrderItem, OrderSummary } from '../../src/api/contract/checkout.contract.ts';

function item(delivery_method: string): OrderItem {
  return {
    product_name: 'Ribeye',
    product_qty: 1,
    bottle_size: 500,
    price: '25.00',
    row_total: '25.00',
    tax: '0.00',
    status: 'processing',
    delivery_method,
    vendor_name: 'Chelsea Butcher',
    delivery_date: '2026-12-01',
    time_slot: '12:00–14:00',
  };
}

/** An order of one item as api/account/myorders answers it, delivered by `method`. */
export function order(id: string, method: string): OrderSummary {
  const items = [item(method)];
  return {
    increment_id: id,
    status: 'processing',
    created_at: '2026-12-01T14:00:00.000Z',
    delivery_method: method,
    subtotal: '25.00',
    delivery_fee: '0.00',
    fee_amount: '0.00',
    tax: '2.22',
    driver_tip: '0.00',
    discount: '0.00',
    grand_total: '27.22',
    payment_method: 'cashondelivery',
    gift_message: null,
    items,
    local_delivery_items: [],
    pickup_items: [],
    dine_in_items: [],
    courier_delivery_items: [],
    farm_direct_delivery_items: [],
  };
}
