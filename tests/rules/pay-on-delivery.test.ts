import { describe, expect, it } from 'vitest';
import { speedIds } from '../../src/rules/delivery-speeds.ts';
import {
  handOverOf,
  isPayOnDeliveryOffered,
  isPayOnDeliveryStatus,
  payOnDeliveryMaxOpenOrders,
  payOnDeliveryMaxUnits,
  payOnDeliveryMessages,
  payOnDeliveryRefusal,
  payOnDeliveryWords,
} from '../../src/rules/pay-on-delivery.ts';

describe('pay on delivery by hand-over', () => {
  it('reads the hand-over from the checkout speed: 2 is a pick-up, 3 a table, the rest (or none yet) delivered', () => {
    expect(handOverOf(speedIds.storePickup)).toBe('pick-up');
    expect(handOverOf(speedIds.dineIn)).toBe('dine-in');
    for (const id of [speedIds.oneHour, speedIds.courier, speedIds.farmDirect, undefined]) expect(handOverOf(id)).toBe('delivery');
  });

  it('is never offered for a Dine-In table; a pick-up and a delivery keep the unit limit', () => {
    expect(isPayOnDeliveryOffered('dine-in')).toBe(false);
    expect(isPayOnDeliveryOffered('pick-up')).toBe(true);
    expect(isPayOnDeliveryOffered('delivery')).toBe(true);
    expect(payOnDeliveryRefusal(1, 'dine-in')).toBe(payOnDeliveryMessages.notForDineIn);
    expect(payOnDeliveryRefusal(payOnDeliveryMaxUnits, 'pick-up')).toBeUndefined();
    expect(payOnDeliveryRefusal(payOnDeliveryMaxUnits + 1, 'pick-up')).toBe(payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits));
    expect(payOnDeliveryRefusal(payOnDeliveryMaxUnits + 1, 'delivery')).toBe(payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits));
  });

  it(`refuses a shopper with ${payOnDeliveryMaxOpenOrders} open unpaid orders on the payment tab, as place order does (walk 4 #3)`, () => {
    const full = payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders);
    expect(payOnDeliveryRefusal(1, 'delivery', payOnDeliveryMaxOpenOrders - 1)).toBeUndefined();
    expect(payOnDeliveryRefusal(1, 'delivery', payOnDeliveryMaxOpenOrders)).toBe(full);
    expect(payOnDeliveryRefusal(1, 'pick-up', payOnDeliveryMaxOpenOrders + 1)).toBe(full);
    // The hand-over and the unit limit are said first, in the order place order checks them.
    expect(payOnDeliveryRefusal(payOnDeliveryMaxUnits + 1, 'delivery', payOnDeliveryMaxOpenOrders)).toBe(
      payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits),
    );
    expect(payOnDeliveryRefusal(1, 'dine-in', payOnDeliveryMaxOpenOrders)).toBe(payOnDeliveryMessages.notForDineIn);
    expect(full).toBe(
      'You already have 2 orders waiting for Payment on Delivery. Please pay this order by card or UPI, or wait until those are delivered.',
    );
  });

  it('sends a refused shopper only to options the payment tab always shows: card or UPI, never bank (walk 6)', () => {
    const refusals = [
      payOnDeliveryMessages.tooManyUnits(payOnDeliveryMaxUnits),
      payOnDeliveryMessages.tooManyOpenOrders(payOnDeliveryMaxOpenOrders),
      payOnDeliveryMessages.notForDineIn,
      payOnDeliveryMessages.addressHasOpenOrders(payOnDeliveryMaxOpenOrders),
    ];
    for (const refusal of refusals) {
      expect(refusal).toContain('card or UPI');
      expect(refusal).not.toMatch(/bank/i);
    }
  });

  it("words a delivery in the spec's words and a pick-up as a pick-up, past the option's spec label", () => {
    expect(payOnDeliveryWords.delivery.option).toBe('Payment on Delivery');
    // The option keeps the spec's label for every hand-over; everything else a pick-up reads speaks of the pick-up.
    expect(payOnDeliveryWords['pick-up'].option).toBe('Payment on Delivery');
    const { option: _label, ...pickUpWords } = payOnDeliveryWords['pick-up'];
    for (const text of Object.values(pickUpWords)) expect(text).not.toMatch(/deliver|door|arrives/i);
    expect(payOnDeliveryMessages.confirmed('100000007', 'pick-up')).toBe('Thank you: order 100000007 is confirmed. You pay when you pick it up.');
    expect(isPayOnDeliveryStatus('pay on delivery')).toBe(true);
    expect(isPayOnDeliveryStatus('pay at pick-up')).toBe(true);
    expect(isPayOnDeliveryStatus('processing')).toBe(false);
  });
});
