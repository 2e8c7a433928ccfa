import type {
  CartData,
  CartLine,
  CartReply,
  DeliveryGroup,
  GetSlotReply,
  NextDeliveryDateEntry,
  NextDeliveryDateReply,
  TimeSlot,
} from '../../src/api/contract/cart-page.contract.ts';

/** A cart with a Same Day butcher (two lines) and a Next Day courier (one line), as the server answers it. */
export function line(overrides: Partial<CartLine> & Pick<CartLine, 'cart_rid' | 'name'>): CartLine {
  return {
    product_id: overrides.cart_rid * 10,
    parent_id: overrides.cart_rid * 100,
    bottle_size: 500,
    size_unit: 'g',
    age_restricted: false,
    image: `/media/${overrides.cart_rid}.jpg`,
    qty: 1,
    product_price: '10.00',
    row_total: '10.00',
    type: 'local',
    speed_id: 'local',
    vendor_id: 1,
    vendor_name: 'Hudson Street Butchers',
    vendor_loc_id: 101,
    shipping_amount: '0.00',
    delivery_date: null,
    timeslot: null,
    stock: 10,
    ...overrides,
  };
}

export const ribeye = line({
  cart_rid: 1,
  name: 'Ribeye Steak',
  qty: 2,
  product_price: '20.00',
  row_total: '40.00',
  category_id: 1002,
  category_name: 'Beef',
});
export const chicken = line({ cart_rid: 2, name: 'Chicken Thighs', qty: 1, product_price: '8.50', row_total: '8.50' });
export const salmon = line({
  cart_rid: 3,
  name: 'Salmon Fillet',
  qty: 1,
  product_price: '30.00',
  row_total: '30.00',
  type: 'courier',
  speed_id: 'courier',
  vendor_id: 9,
  vendor_name: 'ColdChain Express',
  vendor_loc_id: 201,
});

export const slotMorning: TimeSlot = { slot_id: 7, start: '10:00', end: '12:00' };

export function group(overrides: Partial<DeliveryGroup> & Pick<DeliveryGroup, 'vendor_loc_id'>): DeliveryGroup {
  return {
    vendor_id: 1,
    vendor_name: 'Hudson Street Butchers',
    type: 'local',
    delivery_fee: '5.00',
    delivery_date: null,
    timeslot: null,
    hold_expires_at: null,
    ...overrides,
  };
}

export const butcherGroup = group({ vendor_loc_id: 101 });
export const courierGroup = group({ vendor_loc_id: 201, vendor_id: 9, vendor_name: 'ColdChain Express', type: 'courier', delivery_fee: '9.00' });

export function cart(lines: CartLine[], overrides: Partial<CartData> = {}): CartData {
  const locs = new Set(lines.map((l) => l.vendor_loc_id));
  return {
    cart_id: 'cart-abc',
    result: lines,
    delivery_groups: [butcherGroup, courierGroup].filter((g) => locs.has(g.vendor_loc_id)),
    subtotal: '78.50',
    discount: '0.00',
    subtotal_discount: '78.50',
    delivery_fee: '14.00',
    delivery_charges: '14.00',
    taxes: '0.00',
    tax_note: 'NY: groceries are exempt from sales tax',
    fee_amount: '1.50',
    gst_on_fee: '0.00',
    processing_fee: '1.50',
    packaging_fee: '0.00',
    bank_charges: '0.00',
    grandtotal: '94.00',
    coupon_code: null,
    total_items_count: lines.reduce((n, l) => n + l.qty, 0),
    ...overrides,
  };
}

export const baseCart = cart([ribeye, chicken, salmon]);
export const ok = (data: CartData, message?: string): CartReply => ({ code: 1, data, ...(message ? { message } : {}) });

export const scheduledCart: CartData = {
  ...baseCart,
  delivery_groups: [
    { ...butcherGroup, delivery_date: '2030-06-04', timeslot: slotMorning },
    { ...courierGroup, delivery_date: '2030-06-05' },
  ],
};

export const butcherEntry: NextDeliveryDateEntry = {
  vendor_id: 1,
  delivery_type: 'local',
  delivery_date: '2030-06-04',
  holidays: ['2030-06-09'],
  cutoff: null,
};
export const courierEntry: NextDeliveryDateEntry = {
  vendor_id: 9,
  delivery_type: 'courier',
  delivery_date: '2030-06-05',
  holidays: [],
  cutoff: null,
};
export const calendarReply: NextDeliveryDateReply = { status: 1, response: [butcherEntry, courierEntry] };

export const slotsReply: GetSlotReply = {
  code: 1,
  data: [
    { ...slotMorning, available: 3 },
    { slot_id: 8, start: '12:00', end: '14:00', available: 1 },
  ],
};
export const noSlotsReply: GetSlotReply = { code: -1, message: 'No Slots are available!' };
