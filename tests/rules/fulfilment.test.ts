import { describe, expect, it } from 'vitest';
import {
  consoleSellerLabel,
  consoleSellers,
  finalFulfilmentStates,
  fulfilmentEventsFor,
  fulfilmentStates,
  fulfilmentTransition,
  fulfilmentTransitions,
  isLate,
  isMoveEvent,
  orderHeadline,
  fulfilmentMailSubject,
  moveStepLabel,
  orderStateOfParts,
  pickList,
  shopperMayChange,
  timelineActorLabels,
  timelineStepLabel,
  timelineStepOf,
} from '../../src/rules/fulfilment.ts';
import { deliverableTimeLabel } from '../../src/rules/visit-time.ts';

describe('the fulfilment table', () => {
  it('leaves no final state and reaches every other state', () => {
    for (const t of fulfilmentTransitions) expect(finalFulfilmentStates).not.toContain(t.from);
    const reached = new Set(['placed', ...fulfilmentTransitions.map((t) => t.to)]);
    expect([...fulfilmentStates].filter((s) => !reached.has(s))).toEqual([]);
  });

  it('lets a seller accept or refuse, never cancel; the shopper only cancel', () => {
    expect(fulfilmentEventsFor('placed', 'seller', 'delivery')).toEqual(['accept', 'refuse']);
    expect(fulfilmentEventsFor('placed', 'shopper', 'delivery')).toEqual(['cancel']);
    expect(fulfilmentEventsFor('picking', 'shopper', 'delivery')).toEqual([]);
    expect(fulfilmentEventsFor('picking', 'staff', 'delivery')).toEqual(['pack', 'cancel']);
  });

  it('sends a packed order on by its kind only', () => {
    expect(fulfilmentEventsFor('packed', 'seller', 'delivery')).toEqual(['dispatch']);
    expect(fulfilmentEventsFor('packed', 'seller', 'pickup')).toEqual(['ready']);
    expect(fulfilmentEventsFor('packed', 'seller', 'dine_in')).toEqual(['serve']);
    expect(fulfilmentTransition('packed', 'dispatch', 'seller', 'pickup')).toBeUndefined();
  });
});

describe('the shopper’s cutoff', () => {
  // 2026-12-01 14:00Z is 9 am in New York; 21:00Z is 4 pm.
  it('is 3 pm New York the day before delivery, and only before picking', () => {
    expect(shopperMayChange('placed', '2026-12-03', new Date('2026-12-01T21:00:00Z'))).toBe(true);
    expect(shopperMayChange('accepted', '2026-12-02', new Date('2026-12-01T14:00:00Z'))).toBe(true);
    expect(shopperMayChange('accepted', '2026-12-02', new Date('2026-12-01T21:00:00Z'))).toBe(false);
    expect(shopperMayChange('placed', '2026-12-01', new Date('2026-12-01T14:00:00Z'))).toBe(false);
    expect(shopperMayChange('picking', '2026-12-09', new Date('2026-12-01T14:00:00Z'))).toBe(false);
    expect(shopperMayChange('placed', null, new Date('2026-12-01T14:00:00Z'))).toBe(true);
  });
});

describe('late orders and the pick list', () => {
  it('calls an order late past its day, or on its day before it left the shop', () => {
    const now = new Date('2026-12-01T14:00:00Z');
    expect(isLate('accepted', '2026-11-30', now)).toBe(true);
    expect(isLate('picking', '2026-12-01', now)).toBe(true);
    expect(isLate('out_for_delivery', '2026-12-01', now)).toBe(false);
    expect(isLate('delivered', '2026-11-30', now)).toBe(false);
  });

  it('adds up each slot’s products of the orders still to pick', () => {
    const item = (product_name: string, qty: number) => ({ product_name, bottle_size: 500, qty, by_weight: product_name !== 'Bacon' });
    const slots = pickList([
      { state: 'placed', delivery_date: '2026-12-01', slot: '10:00–12:00', items: [item('Ribeye', 1), item('Bacon', 2)] },
      { state: 'accepted', delivery_date: '2026-12-01', slot: '10:00–12:00', items: [item('Ribeye', 2)] },
      { state: 'packed', delivery_date: '2026-12-01', slot: '10:00–12:00', items: [item('Ribeye', 9)] },
      { state: 'picking', delivery_date: '2026-12-02', slot: null, items: [item('Salmon', 1)] },
    ]);
    expect(slots).toEqual([
      { date: '2026-12-01', slot: '10:00–12:00', orders: 2, lines: [item('Bacon', 2), item('Ribeye', 3)] },
      { date: '2026-12-02', slot: null, orders: 1, lines: [item('Salmon', 1)] },
    ]);
  });

  it('names timeline steps and who took them; a reschedule is a step but not a move (decision 044)', () => {
    const at = new Date('2026-12-01T14:00:00Z');
    const row = { event: 'reschedule', to_state: 'accepted', actor_role: 'shopper', reason: 'Now on 12/05/2026', created_at: at };
    expect(timelineStepOf(row)).toEqual({ state: 'rescheduled', at: at.toISOString(), actor: 'shopper', reason: 'Now on 12/05/2026' });
    expect(timelineStepOf({ ...row, event: 'accept' })).toMatchObject({ state: 'accepted' });
    expect(timelineStepLabel({ state: 'rescheduled' })).toBe('Delivery moved');
    expect(timelineStepLabel({ state: 'canceled' })).toBe('Canceled');
    // Accepted or refused by staff for the seller: the label leaves who to the actor ('by the store').
    expect(timelineStepLabel({ state: 'accepted', actor: 'seller' })).toBe('Accepted by the seller');
    expect(timelineStepLabel({ state: 'accepted', actor: 'staff' })).toBe('Accepted');
    expect(timelineStepLabel({ state: 'refused', actor: 'staff' })).toBe('Refused');
    expect(timelineStepLabel({ state: 'something new' })).toBe('something new');
    expect([timelineActorLabels.shopper, timelineActorLabels.seller, timelineActorLabels.staff]).toEqual(['by you', 'by the seller', 'by the store']);
    expect(isMoveEvent(row)).toBe(false);
    expect(isMoveEvent({ event: 'cancel' })).toBe(true);
  });
});

describe('the staff console’s sellers', () => {
  it('lists each listed location once by name, and keeps the chosen one when its filter empties the list', () => {
    const hudson = { loc_id: 3, vendor_name: 'Hudson Street Butchers' };
    const bay = { loc_id: 7, vendor_name: 'Bay Fish Market' };
    expect(consoleSellers([hudson, bay, hudson])).toEqual([bay, hudson]);
    expect(consoleSellers([], hudson)).toEqual([hudson]);
    expect(consoleSellers([hudson], { loc_id: 3, vendor_name: 'Hudson Street Butchers' })).toEqual([hudson]);
    expect(consoleSellerLabel(hudson)).toBe('Hudson Street Butchers (location 3)');
  });
});

describe('the order headline (QA: "Processing · $45.89" for an order ready for pick-up)', () => {
  it('follows the step once a seller moves a paid order, named as its timeline names it', () => {
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'placed' })).toBe('processing');
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'packed' })).toBe('Packed');
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'ready_for_pickup' })).toBe('Ready for pick-up');
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'out_for_delivery' })).toBe('Out for delivery');
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'accepted', timeline: [{ state: 'accepted', actor: 'seller' }] })).toBe(
      'Accepted by the seller',
    );
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'accepted', timeline: [{ state: 'accepted', actor: 'staff' }] })).toBe('Accepted');
  });

  it('keeps what is still to pay at the door, and the payment word of a finished or unpaid order', () => {
    expect(orderHeadline({ status: 'pay on delivery', fulfilment_state: 'out_for_delivery' })).toBe('Out for delivery · pay on delivery');
    expect(orderHeadline({ status: 'complete', fulfilment_state: 'delivered' })).toBe('complete');
    expect(orderHeadline({ status: 'canceled', fulfilment_state: 'refused' })).toBe('canceled');
    expect(orderHeadline({ status: 'pending payment' })).toBe('pending payment');
  });
});

describe('a move in the shopper’s mail (QA: staff moves mailed as the seller’s)', () => {
  it('calls a step staff took for the seller the store’s', () => {
    expect(moveStepLabel('accepted', 'seller')).toBe('Accepted by the seller');
    expect(moveStepLabel('accepted', 'staff')).toBe('Accepted by the store');
    expect(moveStepLabel('refused', 'staff')).toBe('Refused by the store');
    expect(moveStepLabel('packed', 'staff')).toBe('Packed');
    expect(fulfilmentMailSubject('100000001', 'accepted', 'staff')).toBe('Your order #100000001: accepted by the store');
    expect(fulfilmentMailSubject('100000001', 'accepted')).toBe('Your order #100000001: accepted by the seller');
  });
});

describe('an order of several sellers (one part each)', () => {
  it("reads as its least advanced part, 'Being picked' once any seller picks, done once every part is", () => {
    expect(orderStateOfParts(['placed'])).toBe('placed');
    expect(orderStateOfParts(['accepted', 'placed'])).toBe('placed');
    expect(orderStateOfParts(['accepted', 'accepted'])).toBe('accepted');
    expect(orderStateOfParts(['picking', 'placed'])).toBe('picking');
    expect(orderStateOfParts(['packed', 'accepted'])).toBe('picking');
    expect(orderStateOfParts(['packed', 'picking'])).toBe('picking');
    expect(orderStateOfParts(['delivered', 'packed'])).toBe('packed');
    expect(orderStateOfParts(['delivered', 'out_for_delivery'])).toBe('out_for_delivery');
    expect(orderStateOfParts(['delivered', 'delivered'])).toBe('delivered');
    expect(orderStateOfParts(['canceled', 'refused'])).toBe('canceled');
  });

  it("names the seller on their part's steps", () => {
    expect(timelineStepLabel({ state: 'accepted', actor: 'seller', seller: 'Fulton Fish Co.' })).toBe('Accepted by Fulton Fish Co.');
    expect(timelineStepLabel({ state: 'accepted', actor: 'staff', seller: 'Fulton Fish Co.' })).toBe('Accepted for Fulton Fish Co.');
    expect(timelineStepLabel({ state: 'packed', actor: 'seller', seller: 'Fulton Fish Co.' })).toBe('Packed (Fulton Fish Co.)');
    expect(timelineStepLabel({ state: 'packed', actor: 'seller' })).toBe('Packed');
  });

  it("gives the consoles a pick-up or dine-in visit's time, not only a delivery slot", () => {
    expect(deliverableTimeLabel({ slot_start: '12:00', slot_end: null })).toBe('12:00 PM');
    expect(deliverableTimeLabel({ slot_start: '10:00', slot_end: '12:00' })).toBe('10:00–12:00');
    expect(deliverableTimeLabel({ slot_start: null, slot_end: null })).toBeNull();
  });
});
