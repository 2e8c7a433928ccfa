import { describe, expect, it } from 'vitest';
import {
  changeCutoff,
  dayClosedMail,
  fulfilmentMessages,
  orderCancelRefusal,
  partMoveRefusal,
  shopperChangeRefusal,
  timelineActorLabels,
  timelineStepActor,
  timelineStepLabel,
} from '../../src/rules/fulfilment.ts';
import {
  changeClosedText,
  changeCutoffText,
  changeableOrder,
  movedText,
  orderChangeKind,
  orderChangeTitle,
  visitCancelText,
} from '../../src/rules/order-change.ts';

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

describe('past the cutoff the page offers no panel, only why (walk 9 S16)', () => {
  const delivery = { delivery_date: '2026-12-04', delivery_method: 'Local Delivery' };
  const closedWords = "This order can no longer be changed: the seller's cutoff (3 pm Eastern the day before delivery) has passed.";
  it('the server says nothing may change: no panel, its words where the button was', () => {
    const past = { status: 'processing', fulfilment_state: 'accepted', items: [delivery], change_refusal: closedWords };
    expect(orderChangeKind(past)).toBeUndefined();
    expect(changeableOrder(past)).toBe(false);
    expect(changeClosedText(past)).toBe(closedWords);
    // A visit as a delivery: its Cancel was all the panel offered.
    expect(changeClosedText({ ...past, items: [{ delivery_date: '2026-12-04', delivery_method: 'Pickup' }] })).toBe(closedWords);
  });

  it('the panel while something may change; no line where no panel was ever offered (being prepared, unpaid)', () => {
    const open = { status: 'processing', fulfilment_state: 'placed', items: [delivery], change_refusal: null };
    expect(orderChangeKind(open)).toBe('delivery');
    expect(changeClosedText(open)).toBeUndefined();
    expect(changeClosedText({ ...open, fulfilment_state: 'picking', change_refusal: 'preparing' })).toBeUndefined();
    expect(changeClosedText({ ...open, status: 'canceled', change_refusal: 'ended' })).toBeUndefined();
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

describe('a day its seller closed after the cutoff (QA walk 6): the panel, mail and timeline offer the same', () => {
  const pastCutoff = new Date('2026-12-03T20:30:00Z'); // 3:30 pm in New York, the day before 12/04

  it('no cutoff holds for a part on a closed day; an open part still holds its own', () => {
    expect(shopperChangeRefusal('placed', '2026-12-04', pastCutoff, true)).toBeUndefined();
    expect(shopperChangeRefusal('picking', '2026-12-04', pastCutoff, true)).toBe(fulfilmentMessages.pastCutoff);
    expect(changeCutoff([{ delivery_date: '2026-12-04', day_closed: true }])).toEqual({ date: null, dayClosed: true });
    const mixed = [
      { delivery_date: '2026-12-04', day_closed: true },
      { delivery_date: '2026-12-08', day_closed: false },
    ];
    expect(changeCutoff(mixed)).toEqual({ date: '2026-12-08', dayClosed: false });
    expect(changeCutoff([{ delivery_date: null, day_closed: false }])).toEqual({ date: null, dayClosed: false });
  });

  it('the order page offers another date or a cancel for a delivery, a cancel for a visit, whatever the cutoff', () => {
    const closed = { day_closed: true, vendor_name: 'Hudson Street Butchers', delivery_date: '2026-12-04' };
    expect(
      orderChangeKind({
        status: 'processing',
        fulfilment_state: 'accepted',
        items: [{ delivery_date: '2026-12-04', delivery_method: 'Local Delivery' }],
      }),
    ).toBe('delivery');
    expect(changeCutoffText(closed)).toBe(
      'Hudson Street Butchers is closed on 12/04/2026. Please choose another date for it, or cancel the order, whatever the cutoff.',
    );
    expect(visitCancelText({ ...closed, vendor_name: 'Gramercy Chop House' })).toBe(
      'Gramercy Chop House is closed on 12/04/2026. You can cancel it, whatever the cutoff.',
    );
    expect(visitCancelText({})).toBe('You can cancel it until 3 pm Eastern the day before.');
  });

  const customer = { move: true, cancelRefusal: undefined, follow: 'Your orders: https://shop.example.com/setting/order', guest: false };

  it('a table or a pick-up is told in its own words: cancel it, not choose another delivery date', () => {
    const table = dayClosedMail('a@example.com', '100000005', 'Gramercy Chop House', '2026-12-01', 'dine_in', { ...customer, move: false });
    expect(table.subject).toBe('Your order #100000005: Gramercy Chop House is closed on the day of your table');
    expect(table.text).toContain('You can cancel it in your account, under Your Orders (Cancel this order)');
    expect(table.text).not.toContain('delivery');
    const delivery = dayClosedMail('a@example.com', '100000003', 'Hudson Street Butchers', '2026-12-01', 'delivery', customer);
    expect(delivery.subject).toBe('Your order #100000003: please choose another delivery date');
    expect(delivery.text).toContain('The usual cutoff does not apply');
    expect(delivery.text).not.toContain('before the cutoff');
    expect(timelineStepLabel({ state: 'day_closed' }, 'dine_in')).toBe('The seller closed that day: you can cancel the table');
    expect(timelineStepLabel({ state: 'day_closed' }, 'pickup')).toBe('The seller closed that day: you can cancel the pick-up');
    expect(timelineStepLabel({ state: 'day_closed' })).toBe('The seller closed that day: please choose another date');
  });

  it('the mail offers what the order page will, and ends with where to follow the order (087 left, walk 8 #8)', () => {
    const refusal = fulfilmentMessages.cancelPastCutoff('2026-12-17');
    // Another seller's delivery holds the order: the move only, by the panel's title, and why it cannot be canceled.
    const moveOnly = dayClosedMail('a@example.com', '100000003', 'Hudson Street Butchers', '2026-12-18', 'delivery', {
      ...customer,
      cancelRefusal: refusal,
    });
    expect(moveOnly.text).toContain(`Please choose another date for it in your account, under Your Orders (${orderChangeTitle('delivery', false)}).`);
    expect(moveOnly.text).not.toMatch(/can cancel|or cancel/);
    expect(moveOnly.text).toContain(refusal);
    expect(moveOnly.text.endsWith('Your orders: https://shop.example.com/setting/order')).toBe(true);
    // Both offered: the move and the cancel, the panel's full title.
    const both = dayClosedMail('a@example.com', '100000003', 'Hudson Street Butchers', '2026-12-18', 'delivery', customer);
    expect(both.text).toContain('(Change delivery or cancel)');
    expect(both.text).toContain('If no other date suits you, you can cancel the order there');
    // A guest's pick-up: their order's page, its link, never an account.
    const guest = {
      move: false,
      cancelRefusal: undefined,
      follow: 'Follow your order: https://shop.example.com/order/status?orderId=100000004',
      guest: true,
    };
    const pickUp = dayClosedMail('g@example.com', '100000004', 'Gramercy Chop House', '2026-12-03', 'pickup', guest);
    expect(pickUp.text).toContain("You can cancel it on your order's page (Cancel this order)");
    expect(pickUp.text).not.toMatch(/account/i);
    expect(pickUp.text.endsWith('/order/status?orderId=100000004')).toBe(true);
    // A pick-up the page may not cancel: the mail does not promise it either.
    const held = dayClosedMail('g@example.com', '100000004', 'Gramercy Chop House', '2026-12-03', 'pickup', { ...guest, cancelRefusal: refusal });
    expect(held.text).not.toContain('You can cancel');
    expect(held.text).toContain(refusal);
  });

  it('the change panel is titled by what it offers (087 left): no cancel named where only Move is offered', () => {
    expect(orderChangeTitle('delivery', true)).toBe('Change delivery or cancel');
    expect(orderChangeTitle('delivery', false)).toBe('Change delivery');
    expect(orderChangeTitle('visit', true)).toBe('Cancel this order');
  });

  it('the closed day step is one sentence naming who closed it, with no actor after it (walk 8 #9)', () => {
    const step = { state: 'day_closed', actor: 'seller' };
    expect(timelineStepLabel(step, 'pickup')).toBe('The seller closed that day: you can cancel the pick-up');
    expect(timelineStepActor(step, timelineActorLabels)).toBeUndefined();
    expect(timelineStepLabel({ state: 'day_closed', actor: 'staff' }, 'delivery')).toBe('The store closed that day: please choose another date');
    expect(timelineStepActor({ state: 'day_closed', actor: 'staff' }, timelineActorLabels)).toBeUndefined();
  });
});

describe('two sellers, one on a day its seller closed, the other past its cutoff (086 left: Cancel shown, then refused)', () => {
  // 3:30 pm in New York on 12/16: the fishmonger's 12/17 delivery is past its cutoff; the butcher closed 12/18.
  const now = new Date('2026-12-16T20:30:00Z');
  const closedPart = { delivery_date: '2026-12-18', day_closed: true };
  const fishPart = { delivery_date: '2026-12-17', day_closed: false };

  it('the closed day’s delivery may move; the whole order may not be canceled, saying which delivery holds it', () => {
    expect(partMoveRefusal('placed', [closedPart, fishPart], closedPart, now)).toBeUndefined();
    expect(partMoveRefusal('placed', [closedPart, fishPart], fishPart, now)).toBe(fulfilmentMessages.pastCutoffTime);
    expect(orderCancelRefusal('placed', [closedPart, fishPart], now, 'placed')).toBe(fulfilmentMessages.cancelPastCutoff('2026-12-17'));
    expect(fulfilmentMessages.cancelPastCutoff('2026-12-17')).toBe(
      'This order can no longer be canceled: the cutoff for its delivery on 12/17/2026 (3 pm Eastern the day before) has passed. A delivery on a day its seller closed can still be moved.',
    );
    // Before the other's cutoff, or with every part on a closed day, the cancel is taken; with none closed, the usual words.
    expect(orderCancelRefusal('placed', [closedPart, fishPart], new Date('2026-12-16T12:00:00Z'), 'placed')).toBeUndefined();
    expect(orderCancelRefusal('accepted', [closedPart], now, 'placed')).toBeUndefined();
    expect(orderCancelRefusal('placed', [fishPart], now, 'placed')).toBe(fulfilmentMessages.pastCutoffTime);
    // Another seller preparing their part: the closed day's part still moves by its own step; the order not canceled.
    const picking = { ...fishPart, state: 'picking' as const };
    expect(partMoveRefusal('picking', [closedPart, picking], { ...closedPart, state: 'placed' }, now)).toBeUndefined();
    expect(partMoveRefusal('picking', [closedPart, picking], picking, now)).toBe(fulfilmentMessages.pastCutoff);
    expect(orderCancelRefusal('picking', [{ ...closedPart, state: 'accepted' }, picking], now, 'placed')).toBe(
      fulfilmentMessages.cancelBeingPrepared,
    );
    // The closed day's part itself being picked: nothing moves, in the seller's words.
    expect(partMoveRefusal('picking', [{ ...closedPart, state: 'picking' }], { ...closedPart, state: 'picking' }, now)).toBe(
      fulfilmentMessages.pastCutoff,
    );
    expect(orderCancelRefusal('picking', [{ ...closedPart, state: 'picking' }, fishPart], now, 'placed')).toBe(fulfilmentMessages.pastCutoff);
  });

  it('the order page shows its panel for a closed day’s delivery that may still move though a seller is preparing', () => {
    const order = { status: 'processing', fulfilment_state: 'picking', items: [{ delivery_date: '2026-12-18', delivery_method: 'Local Delivery' }] };
    expect(orderChangeKind(order)).toBeUndefined();
    expect(orderChangeKind({ ...order, can_move: false })).toBeUndefined();
    expect(orderChangeKind({ ...order, can_move: true })).toBe('delivery');
  });

  it('the panel does not promise a cancel the order cannot take', () => {
    const closed = { day_closed: true, vendor_name: 'Hudson Street Butchers', delivery_date: '2026-12-18', cancel_refusal: 'no' };
    expect(changeCutoffText(closed)).toBe('Hudson Street Butchers is closed on 12/18/2026. Please choose another date for it, whatever the cutoff.');
    expect(visitCancelText(closed)).toBe('Hudson Street Butchers is closed on 12/18/2026.');
  });
});
