import { describe, expect, it } from 'vitest';
import { fulfilmentMessages, shopperChangeRefusal } from '../../src/rules/fulfilment.ts';
import { changeableOrder } from '../../src/rules/order-change.ts';

describe('shopperChangeRefusal: why the shopper may no longer move or cancel', () => {
  it('names the cutoff once 3 pm Eastern the day before has passed, and the seller once picking started', () => {
    expect(shopperChangeRefusal('placed', '2026-12-04', new Date('2026-12-03T19:59:00Z'))).toBeUndefined();
    expect(shopperChangeRefusal('accepted', '2026-12-04', new Date('2026-12-03T20:00:00Z'))).toBe(fulfilmentMessages.pastCutoffTime);
    expect(shopperChangeRefusal('placed', '2026-12-04', new Date('2026-12-04T12:00:00Z'))).toBe(fulfilmentMessages.pastCutoffTime);
    expect(shopperChangeRefusal('picking', '2026-12-09', new Date('2026-12-03T12:00:00Z'))).toBe(fulfilmentMessages.pastCutoff);
    expect(shopperChangeRefusal('placed', null, new Date('2026-12-03T12:00:00Z'))).toBeUndefined();
  });
});

describe('changeableOrder: which orders show the panel', () => {
  const delivery = { delivery_date: '2026-12-04', delivery_method: 'Local Delivery' };
  it('a placed or accepted order with a delivery; not a finished, unpaid or dine-in one', () => {
    expect(changeableOrder({ status: 'processing', fulfilment_state: 'placed', items: [delivery] })).toBe(true);
    expect(changeableOrder({ status: 'pay on delivery', fulfilment_state: 'accepted', items: [delivery] })).toBe(true);
    expect(changeableOrder({ status: 'processing', fulfilment_state: 'picking', items: [delivery] })).toBe(false);
    expect(changeableOrder({ status: 'pending payment', fulfilment_state: 'placed', items: [delivery] })).toBe(false);
    expect(changeableOrder({ status: 'processing', items: [{ delivery_date: '2026-12-04', delivery_method: 'Dine-in' }] })).toBe(false);
  });
});
