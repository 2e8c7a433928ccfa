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
  lineHeadline,
  refusedLabel,
  refusedPartWho,
  orderHeadline,
  timelineStepActor,
  fulfilmentMailSubject,
  moveStepLabel,
  orderStateOfParts,
  pickList,
  pickLineWords,
  shopperMayChange,
  consoleActorLabels,
  timelineActorLabels,
  timelineStepLabel,
  timelineStepOf,
  shopperTimelineStepOf,
  takesReason,
  reasonIsShoppers,
} from '../../src/rules/fulfilment.ts';
import { deliverableTimeLabel } from '../../src/rules/visit-time.ts';
import { lineEstimate } from '../../src/rules/weight-estimate.ts';

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
  const day = (date: string | null) => ({ delivery_date: date, slot_start: null, slot_end: null });
  const slot = (date: string, start: string, end: string) => ({ delivery_date: date, slot_start: start, slot_end: end });
  const visit = (date: string, time: string) => ({ delivery_date: date, slot_start: time, slot_end: null });

  it('calls an order late once its day has passed, unless it is finished', () => {
    const now = new Date('2026-12-01T14:00:00Z');
    expect(isLate('accepted', day('2026-11-30'), now)).toBe(true);
    expect(isLate('out_for_delivery', day('2026-11-30'), now)).toBe(true);
    expect(isLate('delivered', day('2026-11-30'), now)).toBe(false);
    expect(isLate('placed', day(null), now)).toBe(false);
    // On its day with no slot or time: not yet.
    expect(isLate('picking', day('2026-12-01'), now)).toBe(false);
  });

  it('on its day, only once its slot has ended or its visit time has come, in New York time (not at midnight)', () => {
    // 2026-12-01T05:01Z is 00:01 in New York (EST): a 12:00 PM visit accepted then is not late.
    expect(isLate('accepted', visit('2026-12-01', '12:00'), new Date('2026-12-01T05:01:00Z'))).toBe(false);
    expect(isLate('accepted', visit('2026-12-01', '12:00'), new Date('2026-12-01T16:59:00Z'))).toBe(false);
    expect(isLate('accepted', visit('2026-12-01', '12:00'), new Date('2026-12-01T17:00:00Z'))).toBe(true);
    expect(isLate('picking', slot('2026-12-01', '10:00', '12:00'), new Date('2026-12-01T16:30:00Z'))).toBe(false);
    expect(isLate('out_for_delivery', slot('2026-12-01', '10:00', '12:00'), new Date('2026-12-01T17:05:00Z'))).toBe(true);
    // 03:00Z on Dec 2 is still Dec 1, 10 pm, in New York: a Dec 2 order is not late, a Dec 1 evening slot is.
    expect(isLate('placed', visit('2026-12-02', '12:00'), new Date('2026-12-02T03:00:00Z'))).toBe(false);
    expect(isLate('placed', slot('2026-12-01', '18:00', '20:00'), new Date('2026-12-02T03:00:00Z'))).toBe(true);
  });

  it('counts the slot in New York time across the daylight-saving changes', () => {
    // 2026-03-08: clocks go forward at 2 am; 14:59Z is 10:59 EDT (09:59 had it stayed EST).
    expect(isLate('accepted', slot('2026-03-08', '09:00', '11:00'), new Date('2026-03-08T14:59:00Z'))).toBe(false);
    expect(isLate('accepted', slot('2026-03-08', '09:00', '11:00'), new Date('2026-03-08T15:00:00Z'))).toBe(true);
    // 2026-11-01: clocks go back at 2 am; 04:30Z is 00:30 EDT on Nov 1, the day's 12:00 PM visit not yet late.
    expect(isLate('accepted', visit('2026-11-01', '12:00'), new Date('2026-11-01T04:30:00Z'))).toBe(false);
    expect(isLate('accepted', visit('2026-10-31', '12:00'), new Date('2026-11-01T04:30:00Z'))).toBe(true);
    // 16:59Z is 11:59 EST after the change: still before noon.
    expect(isLate('accepted', visit('2026-11-01', '12:00'), new Date('2026-11-01T16:59:00Z'))).toBe(false);
    expect(isLate('accepted', visit('2026-11-01', '12:00'), new Date('2026-11-01T17:00:00Z'))).toBe(true);
  });

  it('adds up each slot’s products of the orders still to pick', () => {
    const item = (product_name: string, qty: number) => ({
      product_name,
      bottle_size: 500,
      qty,
      by_weight: product_name !== 'Bacon',
      size_unit: 'g' as const,
    });
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

  it('says a weighed line of several pieces as its whole on the pick list, as the cart does (088 left: "3 × Ribeye (1.0 lb)")', () => {
    const ribeye = { product_name: 'Ribeye Steak', bottle_size: 453.592, by_weight: true, sold_by_weight: true, size_unit: 'g' as const };
    const [slot] = pickList([
      { state: 'placed', delivery_date: '2026-12-01', slot: null, items: [{ ...ribeye, qty: 3 }] },
      { state: 'accepted', delivery_date: '2026-12-01', slot: null, items: [{ ...ribeye, qty: 1 }] },
      {
        state: 'accepted',
        delivery_date: '2026-12-01',
        slot: null,
        items: [
          { product_name: 'Sancerre', bottle_size: 750, qty: 2, by_weight: false, sold_by_weight: false, size_unit: 'ml' },
          { product_name: 'Smoked Salmon', bottle_size: 226.796, qty: 1, by_weight: true, sold_by_weight: true, size_unit: 'g' },
        ],
      },
    ]);
    expect(slot?.lines.map(pickLineWords)).toEqual([
      '4 × Ribeye Steak (about 4.0 lb for 4 pieces)',
      '2 × Sancerre (750 ml)',
      '1 × Smoked Salmon (0.5 lb)',
    ]);
    // The same words as the cart's estimate for the whole line ('about 4.0 lb').
    expect(lineEstimate({ sold_by_weight: true, bottle_size: 453.592, qty: 4, rowTotalCents: 8000 })).toContain('about 4.0 lb');
  });

  it('names each pick line in its product’s unit, and in pounds while a substitute is proposed (QA: "(750 g)" wine; salmon "(500 g)")', () => {
    const [slot] = pickList([
      {
        state: 'picking',
        delivery_date: '2026-12-01',
        slot: null,
        items: [
          { product_name: 'Sancerre', bottle_size: 750, qty: 1, by_weight: false, sold_by_weight: false, size_unit: 'ml' },
          // A proposed substitute: no longer weighed, still a product sold by weight.
          { product_name: 'Salmon', bottle_size: 500, qty: 1, by_weight: false, sold_by_weight: true, size_unit: 'g' },
        ],
      },
    ]);
    expect(slot?.lines.map((l) => [l.product_name, l.by_weight, l.size_unit])).toEqual([
      ['Salmon', true, 'g'],
      ['Sancerre', false, 'ml'],
    ]);
  });

  it("takes a reason only with a move that asks for one, and shows the shopper only a refusal's or cancel's (QA walk 3)", () => {
    expect(takesReason('accept', 'seller')).toBe(false);
    expect(takesReason('pack', 'seller')).toBe(false);
    expect(takesReason('refuse', 'seller')).toBe(true);
    expect(takesReason('cancel', 'shopper')).toBe(true);
    expect(takesReason('dispatch', 'staff')).toBe(true);
    expect(['accept', 'pick', 'pack', 'dispatch', 'serve'].map(reasonIsShoppers)).toEqual([false, false, false, false, false]);
    expect(['refuse', 'cancel', 'reschedule', 'day_closed'].map(reasonIsShoppers)).toEqual([true, true, true, true]);
    const at = new Date('2026-12-01T14:00:00Z');
    const note = { event: 'dispatch', to_state: 'out_for_delivery', actor_role: 'staff', reason: 'Internal: seller forgot to press', created_at: at };
    expect(shopperTimelineStepOf(note).reason).toBeNull();
    expect(timelineStepOf(note).reason).toBe('Internal: seller forgot to press');
    expect(shopperTimelineStepOf({ ...note, event: 'refuse', to_state: 'refused', reason: 'Truck broken' }).reason).toBe('Truck broken');
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
    // Named once (QA: 'Accepted by the seller · by the seller'): a step whose name says who took it has no actor after it.
    expect(timelineStepActor({ state: 'accepted', actor: 'seller' }, timelineActorLabels)).toBeUndefined();
    expect(timelineStepActor({ state: 'refused', actor: 'seller' }, consoleActorLabels)).toBeUndefined();
    expect(timelineStepActor({ state: 'accepted', actor: 'staff' }, timelineActorLabels)).toBe('by the store');
    expect(timelineStepActor({ state: 'packed', actor: 'seller' }, timelineActorLabels)).toBe('by the seller');
    expect(timelineStepActor({ state: 'canceled', actor: 'shopper' }, consoleActorLabels)).toBe('by the shopper');
    // QA walk 6 #6: a pick-up's 'Picked up' is the shopper collecting it, not the seller, whoever recorded it.
    expect(timelineStepActor({ state: 'picked_up', actor: 'seller' }, timelineActorLabels)).toBe('by you');
    expect(timelineStepActor({ state: 'picked_up', actor: 'staff' }, timelineActorLabels)).toBe('by you');
    expect(timelineStepActor({ state: 'picked_up', actor: 'seller' }, consoleActorLabels)).toBe('by the shopper');
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

  it('names the seller whose part took the step alone, and none once every part took it (QA walk 9 #1)', () => {
    const butcher = { state: 'packed', actor: 'seller', seller: 'Hudson Street Butchers' };
    const fish = { state: 'packed', actor: 'seller', seller: 'Fulton Fish Co.' };
    const picking = { state: 'picking', actor: 'seller', seller: 'Fulton Fish Co.' };
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'picking', timeline: [picking, butcher] })).toBe('Being picked (Fulton Fish Co.)');
    // Both parts packed: 'Packed', not 'Packed (Fulton Fish Co.)' as if only the last seller's were.
    expect(orderHeadline({ status: 'processing', fulfilment_state: 'packed', timeline: [picking, butcher, fish] })).toBe('Packed');
  });

  it('keeps what is still to pay at the door, and the payment word of an unpaid order or one ended before a seller saw it', () => {
    expect(orderHeadline({ status: 'pay on delivery', fulfilment_state: 'out_for_delivery' })).toBe('Out for delivery · pay on delivery');
    // The payment method is not a status (QA: 'Pay on delivery' where a card order read 'Processing'): the step, then the note.
    expect(orderHeadline({ status: 'pay on delivery', fulfilment_state: 'placed' })).toBe('processing · pay on delivery');
    expect(orderHeadline({ status: 'pay at pick-up', fulfilment_state: 'placed' })).toBe('processing · pay at pick-up');
    expect(orderHeadline({ status: 'awaiting email confirmation', fulfilment_state: 'placed' })).toBe('awaiting email confirmation');
    expect(orderHeadline({ status: 'pending payment' })).toBe('pending payment');
    // Not confirmed by email in time: released before any seller moved it.
    expect(orderHeadline({ status: 'canceled', fulfilment_state: 'placed' })).toBe('canceled');
  });

  it('says how a finished order ended, in its mode’s words: delivered, picked up, served (not "complete")', () => {
    expect(orderHeadline({ status: 'complete', fulfilment_state: 'delivered' })).toBe('Delivered');
    expect(orderHeadline({ status: 'complete', fulfilment_state: 'picked_up' })).toBe('Picked up');
    expect(orderHeadline({ status: 'complete', fulfilment_state: 'served' })).toBe('Served');
    // Two sellers' order: finished as a whole, not named after the seller whose part came last.
    const parts = [{ state: 'delivered', actor: 'seller', seller: 'Bay Fish Market' }];
    expect(orderHeadline({ status: 'complete', fulfilment_state: 'delivered', timeline: parts })).toBe('Delivered');
  });

  it('tells a seller’s refusal from a cancellation by the shopper or staff (not "canceled" for both)', () => {
    const refused = (actor: string, seller?: string) =>
      orderHeadline({ status: 'canceled', fulfilment_state: 'refused', timeline: [{ state: 'refused', actor, ...(seller ? { seller } : {}) }] });
    expect(refused('seller')).toBe('Refused by the seller');
    // Staff refused for the one seller: the headline says who, as the console's badge does (QA: read just 'Refused').
    expect(refused('staff')).toBe('Refused by the store');
    expect(refused('system')).toBe('Refused by the store');
    expect(
      lineHeadline(
        { status: 'canceled', fulfilment_state: 'refused', timeline: [{ state: 'refused', actor: 'staff' }] },
        { vendor_name: 'Bay Fish Market' },
      ),
    ).toBe('Refused by the store');
    expect(refused('seller', 'Bay Fish Market')).toBe('Refused by Bay Fish Market');
  });

  it("credits the store on a two-seller order's refused line when staff refused that seller's part (not 'Refused for …')", () => {
    // The order goes on with the butcher's part; staff refused the farm's (seam c4 item 1: the line read 'Refused for Green Pastures Farm').
    const timeline = [
      { state: 'accepted', actor: 'seller', seller: 'Hudson Street Butchers' },
      { state: 'refused', actor: 'staff', seller: 'Green Pastures Farm' },
    ];
    const order = { status: 'processing', fulfilment_state: 'accepted', timeline };
    expect(lineHeadline(order, { fulfilment_state: 'refused', vendor_name: 'Green Pastures Farm' })).toBe('Refused by the store');
    expect(lineHeadline(order, { fulfilment_state: 'accepted', vendor_name: 'Hudson Street Butchers' })).toBe('Accepted by Hudson Street Butchers');
    // The same rule in every place: the mail's step, the console's badge, the sentence the page and the mail use.
    expect(refusedLabel('staff', 'Green Pastures Farm')).toBe(moveStepLabel('refused', 'staff'));
    expect(refusedPartWho('staff', 'Green Pastures Farm')).toBe("The store refused Green Pastures Farm's part");
    expect(refusedPartWho('seller', 'Hudson Street Butchers')).toBe('Hudson Street Butchers refused their part');
    // The timeline's step too: the store is named in the step, not 'Refused for …' followed by 'by the store'.
    const step = { state: 'refused', actor: 'staff', seller: 'Green Pastures Farm' };
    expect(timelineStepLabel(step)).toBe("The store refused Green Pastures Farm's part");
    expect(timelineStepActor(step, timelineActorLabels)).toBeUndefined();
    expect(orderHeadline({ status: 'canceled', fulfilment_state: 'refused' })).toBe('Refused by the seller');
    expect(orderHeadline({ status: 'canceled', fulfilment_state: 'canceled', timeline: [{ state: 'canceled', actor: 'shopper' }] })).toBe('Canceled');
    expect(orderHeadline({ status: 'canceled', fulfilment_state: 'canceled', timeline: [{ state: 'canceled', actor: 'staff' }] })).toBe('Canceled');
  });
});

describe('each line of a two-seller order (QA: the ribeye line named the fishmonger’s step)', () => {
  const timeline = [
    { state: 'placed', actor: 'shopper' },
    { state: 'accepted', actor: 'seller', seller: 'Hudson Street Butchers' },
    { state: 'accepted', actor: 'seller', seller: 'Fulton Fish Co.' },
    { state: 'picking', actor: 'seller', seller: 'Fulton Fish Co.' },
  ];
  const order = { status: 'processing', fulfilment_state: 'picking', timeline };

  it('reads its own seller’s part’s step, named from that seller’s steps', () => {
    expect(lineHeadline(order, { fulfilment_state: 'accepted', vendor_name: 'Hudson Street Butchers' })).toBe('Accepted by Hudson Street Butchers');
    expect(lineHeadline(order, { fulfilment_state: 'picking', vendor_name: 'Fulton Fish Co.' })).toBe('Being picked (Fulton Fish Co.)');
  });

  it('says a delivered part is delivered while the other is still on its way, and keeps the payment note', () => {
    const later = {
      status: 'pay on delivery',
      fulfilment_state: 'out_for_delivery',
      timeline: [
        ...timeline,
        { state: 'out_for_delivery', actor: 'seller', seller: 'Hudson Street Butchers' },
        { state: 'out_for_delivery', actor: 'seller', seller: 'Fulton Fish Co.' },
        { state: 'delivered', actor: 'seller', seller: 'Fulton Fish Co.' },
      ],
    };
    expect(lineHeadline(later, { fulfilment_state: 'delivered', vendor_name: 'Fulton Fish Co.' })).toBe('Delivered');
    expect(lineHeadline(later, { fulfilment_state: 'out_for_delivery', vendor_name: 'Hudson Street Butchers' })).toBe(
      'Out for delivery (Hudson Street Butchers) · pay on delivery',
    );
  });

  it('reads as the order when the line has no part state', () => {
    expect(lineHeadline({ status: 'pay on delivery', fulfilment_state: 'placed' }, { vendor_name: 'Hudson Street Butchers' })).toBe(
      'processing · pay on delivery',
    );
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
    expect(deliverableTimeLabel({ slot_start: '10:00', slot_end: '12:00' })).toBe('10:00 AM–12:00 PM');
    expect(deliverableTimeLabel({ slot_start: null, slot_end: null })).toBeNull();
  });
});
