import { describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  checkoutSteps,
  flagsOnEntering,
  noTabs,
  keptBackCappedMessage,
  placeOrderOutcome,
  shippingAddressesOf,
  tabOfStep,
  tipAmount,
  driverSubtotal,
  driverTipNote,
} from '../../src/rules/checkout-flow.ts';
import { away, billing, home, office } from '../machines/checkout-fixtures.ts';

describe('the driver tip of a mixed cart: over the items the driver brings (walk 3 defect 9)', () => {
  const ribeye = { type: 'local', row_total: '36.59', qty: 1, stock: 9 };
  const chicken = { type: 'farm-direct', row_total: '7.69', qty: 1, stock: 9 };
  const shrimp = { type: 'courier', row_total: '17.89', qty: 1, stock: 9 };
  it('takes the Same Day lines only: 10 % of $36.59, not of $44.28', () => {
    expect(driverSubtotal([ribeye, chicken])).toBe('36.59');
    expect(tipAmount(driverSubtotal([ribeye, chicken]), 10, 1)).toBe('3.66');
    expect(driverSubtotal([ribeye, shrimp, { ...ribeye, row_total: '20.46' }])).toBe('57.05');
    // A wallet redemption is not brought by a driver.
    expect(driverSubtotal([ribeye, { ...ribeye, row_total: '0.00', wallet: true }])).toBe('36.59');
    // A line sold out since CHECKOUT is out of the server's totals, and so of the tip (decision 088 left).
    expect(driverSubtotal([ribeye, { ...ribeye, row_total: '20.46', stock: 0 }])).toBe('36.59');
  });
  it('says which items a mixed cart tips, and nothing for a cart the driver brings whole', () => {
    expect(driverTipNote([ribeye, chicken], '44.28')).toBe('A percentage of the items the driver brings ($36.59).');
    expect(driverTipNote([ribeye], '36.59')).toBeUndefined();
  });
});

describe('tipAmount', () => {
  it('is the percent of the subtotal to the cent, for 1 Hour Delivery only', () => {
    expect(tipAmount('48.50', 0, 1)).toBe('0.00');
    expect(tipAmount('48.50', 5, 1)).toBe('2.43');
    expect(tipAmount('48.50', 10, 1)).toBe('4.85');
    expect(tipAmount('19.99', 15, 1)).toBe('3.00');
    expect(tipAmount('48.50', 20, 1)).toBe('9.70');
    expect(tipAmount('48.50', 20, 2)).toBe('0.00');
    expect(tipAmount('48.50', 20, undefined)).toBe('0.00');
    expect(tipAmount('oops', 20, 1)).toBe('0.00');
  });
});

describe('tab flags', () => {
  it('entering a step opens it and closes every later one', () => {
    const atSummary = flagsOnEntering(flagsOnEntering(flagsOnEntering(flagsOnEntering(noTabs, 'address'), 'speed'), 'card'), 'checkout');
    expect(atSummary).toEqual({ isAddressTab: true, isSpeedTab: true, isCardTab: true, isFaceTab: false, isSummaryTab: true });
    expect(flagsOnEntering(atSummary, 'card')).toEqual({
      isAddressTab: true,
      isSpeedTab: true,
      isCardTab: true,
      isFaceTab: false,
      isSummaryTab: false,
    });
    expect(flagsOnEntering(atSummary, 'address')).toEqual({ ...noTabs, isAddressTab: true });
  });

  it('maps steps to the three tabs', () => {
    expect(checkoutSteps).toEqual(['address', 'speed', 'card', 'face', 'checkout']);
    expect(checkoutSteps.map(tabOfStep)).toEqual(['address', 'address', 'card', 'card', 'checkout']);
  });
});

describe('shippingAddressesOf', () => {
  it('keeps shipping records, primary first, with the two display lines', () => {
    const list = shippingAddressesOf([office, away, home, billing, { ...office, address_id: 15, street2: 'Apt 4' }]);
    expect(list.map((a) => a.id)).toEqual([11, 12, 13, 15]);
    expect(list[0]).toMatchObject({ isPrimary: true, type: 'Home', phone: '2125550123', address_2: 'New York, NY 10001' });
    expect(list[3]?.address_1).toBe('1 Main St, Apt 4');
  });
});

describe('placeOrderOutcome', () => {
  it('reads placed, declined (with an order id) and refused replies', () => {
    expect(placeOrderOutcome({ code: 1, order_id: '100' })).toEqual({ kind: 'placed', orderId: '100' });
    expect(placeOrderOutcome({ code: 1, order_id: '103', status: 'awaiting_confirmation' })).toEqual({
      kind: 'placed',
      orderId: '103',
      awaitsEmailConfirmation: true,
    });
    expect(placeOrderOutcome({ code: -1, order_id: '101', message: 'Your card was declined.' })).toEqual({
      kind: 'declined',
      orderId: '101',
      message: 'Your card was declined.',
    });
    expect(placeOrderOutcome({ code: -1, message: 'Only 1 left.' })).toEqual({ kind: 'refused', message: 'Only 1 left.' });
    expect(placeOrderOutcome({ code: 2 })).toEqual({ kind: 'refused', message: checkoutMessages.placeOrderFailed });
  });

  it('reads a bank check (3-D Secure) only with its order id and client secret', () => {
    const authentication = { client_secret: 'pi_1_secret_2', gateway: 'stripe' as const };
    expect(placeOrderOutcome({ code: 2, order_id: '102', authentication })).toEqual({
      kind: 'authenticate',
      orderId: '102',
      clientSecret: 'pi_1_secret_2',
      gateway: 'stripe',
    });
    expect(placeOrderOutcome({ code: 2, authentication, message: 'Please confirm this payment with your bank.' })).toEqual({
      kind: 'refused',
      message: 'Please confirm this payment with your bank.',
    });
  });
});

describe('lines kept aside that come back capped after an order', () => {
  it("carries the answer's cart_changes to the next cart and words them; none: no words", () => {
    const changes = [{ name: 'USDA Prime Ribeye Steak', size: '1 lb', wanted: 3, qty: 2 }];
    expect(placeOrderOutcome({ code: 1, order_id: '104', next_cart: { cart_id: 'c2', total_items_count: 2, cart_changes: changes } })).toEqual({
      kind: 'placed',
      orderId: '104',
      nextCart: { cartId: 'c2', totalItems: 2, changes },
    });
    expect(keptBackCappedMessage(changes)).toBe(
      'What you kept aside is back in your cart, but not all of it: USDA Prime Ribeye Steak, 1 lb: 2 instead of 3 (the most we can sell).',
    );
    expect(keptBackCappedMessage([])).toBeUndefined();
  });
});
