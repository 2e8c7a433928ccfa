import { describe, expect, it } from 'vitest';
import { placeOrderBody } from '../../src/api/checkout.api.ts';
import { emptyFlow, flowFromSession } from '../../src/machines/checkout/checkout.setup.ts';

describe('the checkout of a dine-in or pick-up cart (issue 12)', () => {
  it('starts on the card tab with the speed, the restaurant and the visit Delivery Options chose', () => {
    const dineIn = flowFromSession({ nextTab: 'card', shippingType: 'dine-in', retailer: 401, dineinTime: '2026-12-02 19:00' });
    expect(dineIn).toMatchObject({ selectedSpeedID: 3, selectedRetailerID: 401, pickup_date: '2026-12-02 19:00', selectedAddress: undefined });
    expect(flowFromSession({ nextTab: 'card', shippingType: 'pick-up', retailer: 402 })).toMatchObject({
      selectedSpeedID: 2,
      selectedRetailerID: 402,
    });
    expect(flowFromSession({ nextTab: 'address', shippingType: 'dine-in', retailer: 401 })).toBe(emptyFlow);
    expect(flowFromSession({ nextTab: 'card', shippingType: 'delivery' })).toBe(emptyFlow);
  });

  it('a cart of wallet redemptions checks out as a dine-in visit at its own restaurant, whatever Delivery Options chose', () => {
    const wallet = flowFromSession({ nextTab: 'card', walletOrder: true, shippingType: 'dine-in', retailer: 402, dineinTime: '2026-12-03 13:00' });
    expect(wallet).toMatchObject({ selectedSpeedID: 3, selectedRetailerID: undefined, pickup_date: '2026-12-03 13:00' });
    expect(placeOrderBody('cart-1', wallet)).toMatchObject({ speed_id: 3, pickup_date: '2026-12-03 13:00' });
    expect(placeOrderBody('cart-1', wallet).retailer_id).toBeUndefined();
    expect(flowFromSession({ nextTab: 'address', walletOrder: true })).toBe(emptyFlow);
  });

  it('sends the visit as pickup_date only when it is one (a shop pickup date alone is not sent)', () => {
    const dineIn = flowFromSession({ nextTab: 'card', shippingType: 'dine-in', retailer: 401, dineinTime: '2026-12-02 19:00' });
    expect(placeOrderBody('cart-1', dineIn)).toMatchObject({ speed_id: 3, retailer_id: 401, pickup_date: '2026-12-02 19:00' });
    expect(placeOrderBody('cart-1', { ...emptyFlow, pickup_date: '2026-12-02' }).pickup_date).toBeUndefined();
  });
});

describe('the substitution preferences chosen on the summary (issue 24 item 5)', () => {
  it('sends each chosen line with its preference, and none when every line keeps the default', () => {
    expect(placeOrderBody('cart-1', emptyFlow).substitutions).toBeUndefined();
    expect(placeOrderBody('cart-1', emptyFlow, { 11: 'refund', 12: 'same_brand' }).substitutions).toEqual([
      { cart_rid: 11, preference: 'refund' },
      { cart_rid: 12, preference: 'same_brand' },
    ]);
  });
});
