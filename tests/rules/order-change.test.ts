import { describe, expect, it } from 'vitest';
import { fulfilmentMessages, shopperChangeRefusal, timelineStepLabel } from '../../src/rules/fulfilment.ts';
import { changeCutoffText, changeableOrder, movedText, orderChangeKind } from '../../src/rules/order-change.ts';

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
  it('a placed or accepted order with a delivery or a visit; not a finished or unpaid one', () => {
    expect(changeableOrder({ status: 'processing', fulfilment_state: 'placed', items: [delivery] })).toBe(true);
    expect(changeableOrder({ status: 'pay on delivery', fulfilment_state: 'accepted', items: [delivery] })).toBe(true);
    expect(changeableOrder({ status: 'processing', fulfilment_state: 'picking', items: [delivery] })).toBe(false);
    expect(changeableOrder({ status: 'pending payment', fulfilment_state: 'placed', items: [delivery] })).toBe(false);
    expect(changeableOrder({ status: 'processing', items: [{ delivery_date: '2026-12-04', delivery_method: 'Dine-in' }] })).toBe(true);
  });

  it('a delivery may move or cancel; a pick-up or a table only cancel (a walk found no way to cancel a pick-up)', () => {
    const pickup = { delivery_date: '2026-12-04', delivery_method: 'Pickup' };
    expect(orderChangeKind({ status: 'processing', fulfilment_state: 'placed', items: [delivery] })).toBe('delivery');
    expect(orderChangeKind({ status: 'processing', fulfilment_state: 'placed', items: [pickup] })).toBe('visit');
    expect(orderChangeKind({ status: 'processing', fulfilment_state: 'placed', items: [pickup, delivery] })).toBe('delivery');
    expect(orderChangeKind({ status: 'processing', fulfilment_state: 'picking', items: [pickup] })).toBeUndefined();
    expect(orderChangeKind({ status: 'processing', items: [{ delivery_date: null, delivery_method: 'Pickup' }] })).toBeUndefined();
  });
});

describe('a multi-seller order’s change words (QA walk 3 item 5)', () => {
  const parts = [
    { vendor_loc_id: 101, vendor_name: 'Hudson Street Butchers', delivery_date: '2026-12-04', time_slot: '12:00–14:00' },
    { vendor_loc_id: 301, vendor_name: 'ColdChain Express', delivery_date: '2026-12-01', time_slot: null },
  ];

  it('says whose delivery moved and that the other stays; one delivery reads as before', () => {
    expect(
      movedText({ delivery_date: '2026-12-04', time_slot: '12:00–14:00', vendor_loc_id: 101, vendor_name: 'Hudson Street Butchers' }, parts),
    ).toBe('The delivery from Hudson Street Butchers is now on 12/04/2026, 12:00–14:00. The delivery from ColdChain Express stays on 12/01/2026.');
    expect(movedText({ delivery_date: '2026-12-04', time_slot: '12:00–14:00', vendor_loc_id: 101, vendor_name: 'Hudson' }, parts.slice(0, 1))).toBe(
      'Your delivery is now on 12/04/2026, 12:00–14:00.',
    );
  });

  it('the timeline names whose delivery moved, and an order of one delivery as before', () => {
    expect(timelineStepLabel({ state: 'rescheduled', actor: 'shopper', seller: 'ColdChain Express' })).toBe('Delivery moved (ColdChain Express)');
    expect(timelineStepLabel({ state: 'rescheduled', actor: 'shopper' })).toBe('Delivery moved');
  });

  it('names the earliest delivery still going as the one the cutoff counts from', () => {
    expect(changeCutoffText({ parts, cutoff_date: '2026-12-01' })).toBe(
      'You can move a delivery or cancel the order until 3 pm Eastern the day before its earliest delivery, 12/01/2026.',
    );
    expect(changeCutoffText({ parts: parts.slice(0, 1), cutoff_date: '2026-12-04' })).toBe(
      'You can move or cancel it until 3 pm Eastern the day before delivery.',
    );
  });
});
