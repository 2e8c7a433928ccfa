import type { AddressValues } from '../../src/rules/address-validation.ts';
import type { AddAddressReply, GetAddressesReply, ServerAddress } from '../../src/api/contract/address.contract.ts';
import type { OrderReviewData, OrderReviewReply, PlaceOrderReply } from '../../src/api/contract/checkout.contract.ts';
import type { ZipLookupReply } from '../../src/api/contract/location.contract.ts';
import type { ShippingReply, SpeedOption } from '../../src/api/contract/shipping.contract.ts';
import type { SavedPaymentMethod } from '../../src/api/contract/payment.contract.ts';
import type { CartFlow, CardStepChoice } from '../../src/machines/checkout/checkout-flow.types.ts';
import { emptyFlow } from '../../src/machines/checkout/checkout.setup.ts';
import { shippingAddressesOf } from '../../src/rules/checkout-flow.ts';
import { baseCart } from './cart-fixtures.ts';

export function address(overrides: Partial<ServerAddress> & Pick<ServerAddress, 'address_id'>): ServerAddress {
  return {
    address_nickname: 'Home',
    name: 'Ada Lovelace',
    firstname: 'Ada',
    lastname: 'Lovelace',
    street1: '350 5th Ave',
    street2: '',
    city: 'New York',
    state: 'NY',
    country: 'US',
    zipcode: '10001',
    telephone: '2125550123',
    default_address: '0',
    address_type: 'shipping',
    ...overrides,
  };
}

export const home = address({ address_id: 11, default_address: '1' });
export const office = address({ address_id: 12, address_nickname: 'Office', street1: '1 Main St' });
export const away = address({ address_id: 13, address_nickname: 'Away', zipcode: '94103', city: 'San Francisco', state: 'CA' });
export const billing = address({ address_id: 14, address_type: 'billing' });

export const retailerA = {
  id: 101,
  name: 'Hudson Street Butchers',
  phone: '2125550100',
  address: '10 Hudson St',
  product_total: '48.50',
  desc: '',
  distance: 1.2,
  pickup_date: '2026-11-23',
  ready_time: '10:00',
  delivery_fee: '5.99',
  isPrimary: true,
  index: 0,
};
export const retailerB = { ...retailerA, id: 102, name: 'Chelsea Fish', isPrimary: false, index: 1 };

const shipMethod = (id: string, date: string, primary: boolean) => ({
  id,
  method: 'Courier',
  amount: '9.00',
  fee: '9.00',
  delivery_date: date,
  pickup_date: null,
  dropoff_eta: null,
  duration: '2 ~ 3 DAYS',
  type: 'courier' as const,
  vendor_loc_id: 201,
  isPrimary: primary,
});

export const speeds: SpeedOption[] = [
  {
    id: 2,
    name: 'Store Pickup',
    description: '',
    duration: 'READY IN 1 HOUR',
    retailers: [retailerA, retailerB],
    ship_methods: [],
    isPrimary: false,
    delivery_fee: '0.00',
  },
  {
    id: 1,
    name: '1 Hour Delivery',
    description: '',
    duration: '~ 1 HOUR',
    retailers: [retailerA, retailerB],
    ship_methods: [],
    isPrimary: true,
    delivery_fee: '5.99',
  },
  {
    id: 10,
    name: 'Courier Delivery',
    description: '',
    duration: '2 ~ 3 DAYS',
    retailers: [],
    ship_methods: [shipMethod('courier-201', '2026-11-25', true), shipMethod('courier-201-b', '2026-11-26', false)],
    isPrimary: false,
    delivery_fee: '0.00',
  },
];
export const shippingOk: ShippingReply = { code: 1, data: { speed: speeds } };

export const review: OrderReviewData = {
  cart_id: baseCart.cart_id,
  speed_id: 1,
  result: baseCart.result,
  delivery_groups: baseCart.delivery_groups,
  subtotal: '48.50',
  discount: '0.00',
  subtotal_discount: '48.50',
  delivery_fee: '5.99',
  delivery_charges: '0.00',
  taxes: '4.30',
  tax_note: '',
  fee_amount: '0.00',
  gst_on_fee: '0.00',
  processing_fee: '0.00',
  packaging_fee: '0.00',
  bank_charges: '0.00',
  driver_tip_percent: 0,
  driver_tip: '0.00',
  grandtotal: '58.79',
  coupon_code: null,
  total_items_count: 3,
  gift_message: null,
};
export const reviewOk: OrderReviewReply = { code: 1, data: review };

// ---------------------------------------------------------------- step answers shared by the checkout machine tests

export const addressesReply: GetAddressesReply = { code: 1, data: [office, home, away, billing] };
export const zipFound: ZipLookupReply = { code: 1, data: [{ zipcode: '10001', city: 'New York', state: 'NY', loc_id: 1 }] };
export const savedAddressReply: AddAddressReply = { code: 1, address_id: 12 };
/** A valid New York address as the address form holds it (zip 10001, the one zipFound answers for). */
export const newYorkValues: AddressValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '350 5th Ave',
  address2: '',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  addressNickname: 'Home',
  phone: '2125550123',
};

export const placedReply: PlaceOrderReply = { code: 1, message: 'Order Placed.', order_id: '100000123' };
export const declinedReply: PlaceOrderReply = { code: -1, message: 'Your card was declined.', order_id: '100000124' };
/** Code 2: the shopper's bank checks the payment first (3-D Secure). */
export function checkReply(gateway: 'test' | 'stripe'): PlaceOrderReply {
  return {
    code: 2,
    message: 'Please confirm this payment with your bank.',
    order_id: '100000125',
    status: 'pending_payment',
    authentication: { client_secret: 'pi_1_secret_2', gateway },
  };
}

export const savedCardChoice: CardStepChoice = { payment_mode: 2, card_id: 5, customer_stripe_id: 'cus_1', card_info: 'Visa ending in 4242' };

/** The cart flow as the summary receives it: the primary address, 1 Hour Delivery from the first shop, a saved card. */
export const flowAtSummary: CartFlow = {
  ...emptyFlow,
  selectedAddress: shippingAddressesOf([home])[0],
  selectedSpeedID: 1,
  selectedRetailerID: retailerA.id,
  deliveryFee: retailerA.delivery_fee,
  deliveryDate: retailerA.pickup_date,
  pickup_date: retailerA.pickup_date,
  payment_mode: 2,
  card_id: 5,
  card_token: '',
};

// ---------------------------------------------------------------- saved cards

export const visa: SavedPaymentMethod = {
  id: 1,
  customer_stripe_id: 'cus_test_1',
  card_info: 'Visa ending in 4242',
  card_no: '4242',
  brand: 'visa',
  name: 'Ada Lovelace',
  card_exp_month: 12,
  card_exp_year: 2030,
  address: { billing_address_id: 77 },
};
export const mastercard: SavedPaymentMethod = {
  ...visa,
  id: 2,
  card_info: 'Mastercard ending in 4444',
  card_no: '4444',
  brand: 'mastercard',
  card_exp_month: 3,
  card_exp_year: 2031,
  address: { billing_address_id: null },
};
