import { describe, expect, it } from 'vitest';
import { moveQuestion } from '../../src/rules/console-confirm.ts';
import { lineNote, orderTotalNote, refusedPartLineNote } from '../../src/rules/catch-weight.ts';
import { consoleStateLabel, fulfilmentEventsFor, lineHeadline, refusedByOf, type FulfilmentState } from '../../src/rules/fulfilment.ts';
import { possessive } from '../../src/rules/possessive.ts';
import { refusedBeforeText } from '../../src/rules/rest-cancel.ts';
import { endsPartOnly, moveAsksFirst, partEventsFor, partMayMove, partStoppingMove, wholeMoveRefusal } from '../../src/rules/order-parts.ts';
import { endedPartMoney, refundsMade } from '../../src/rules/order-refunds.ts';
import { paymentStatusWords } from '../../src/rules/payment-words.ts';

/** Decision 081's parts: a cancel ends every seller's part, so the consoles offer it, and the server takes it, only where each allows it. */
describe('the moves of one part of an order of several sellers', () => {
  const fish = (state: 'placed' | 'packed' | 'out_for_delivery' | 'delivered') => ({ vendor_name: 'Fulton Fish Co.', state });

  it("offers staff's Cancel on a part only while every other part may still be canceled", () => {
    expect(partEventsFor('packed', [fish('packed')], 'staff', 'delivery')).toEqual(['dispatch', 'cancel']);
    expect(partEventsFor('packed', [fish('out_for_delivery')], 'staff', 'delivery')).toEqual(['dispatch']);
    expect(partEventsFor('placed', [fish('delivered')], 'staff', 'delivery')).toEqual(['accept', 'refuse']);
    expect(partMayMove('accepted', 'cancel', [fish('out_for_delivery')], 'staff', 'delivery')).toBe(false);
    // A part's own moves are its own: another part's progress never holds them back.
    expect(partEventsFor('placed', [fish('out_for_delivery')], 'seller', 'delivery')).toEqual(fulfilmentEventsFor('placed', 'seller', 'delivery'));
    expect(partEventsFor('picking', [], 'staff', 'delivery')).toEqual(['pack', 'cancel']);
  });

  it('names the part that stops a cancel, in words', () => {
    expect(partStoppingMove('cancel', [fish('packed'), fish('out_for_delivery')], 'staff', 'delivery')).toEqual(fish('out_for_delivery'));
    expect(partStoppingMove('pack', [fish('out_for_delivery')], 'staff', 'delivery')).toBeUndefined();
    expect(wholeMoveRefusal(fish('out_for_delivery'))).toBe(
      "This order cannot be canceled now: Fulton Fish Co.'s part is out for delivery. A cancel ends every seller's part.",
    );
  });

  it('asks first only before the moves that end the order, saying so', () => {
    expect((['accept', 'pick', 'pack', 'dispatch', 'refuse', 'cancel'] as const).filter(moveAsksFirst)).toEqual(['refuse', 'cancel']);
    expect(moveQuestion('cancel', '100000123', true)).toEqual({
      question:
        "Cancel order #100000123? The whole order ends, every seller's part: the shopper is told your reason and anything they paid is given back.",
      confirm: 'Yes, cancel the order',
      keep: 'No, keep the order',
    });
    expect(moveQuestion('refuse', '100000123', false).question).toBe(
      'Refuse order #100000123? The whole order ends: the shopper is told your reason and anything they paid is given back.',
    );
  });
});

/** A refusal while another seller's part goes on ends the refusing seller's part only (refused-parts.ts: its money). */
describe('a part refused while the rest goes on', () => {
  const part = (state: FulfilmentState) => ({ vendor_name: 'Fulton Fish Co.', state });

  it('ends the part only while another part has not ended; the last part going refused ends the order', () => {
    expect(endsPartOnly('refuse', [part('accepted')])).toBe(true);
    expect(endsPartOnly('refuse', [part('out_for_delivery')])).toBe(true);
    expect(endsPartOnly('refuse', [part('refused')])).toBe(false);
    expect(endsPartOnly('refuse', [])).toBe(false);
    expect(endsPartOnly('cancel', [part('accepted')])).toBe(false);
  });

  it('does not stop a cancel of the rest, and the console asks about the part only', () => {
    expect(partStoppingMove('cancel', [part('refused')], 'staff', 'delivery')).toBeUndefined();
    expect(partEventsFor('accepted', [part('refused')], 'shopper', 'delivery')).toEqual(['cancel']);
    expect(moveQuestion('refuse', '100000123', true, true).question).toBe(
      "Refuse your part of order #100000123? Only your part ends: the shopper is told your reason and given back what they paid for it; the other sellers' parts go on.",
    );
  });

  it("shows the part's lines as refused and not charged on the shopper's order, and what was taken off", () => {
    const timeline = [{ state: 'refused', actor: 'seller', seller: 'Fulton Fish Co.' }];
    const order = { status: 'processing', fulfilment_state: 'accepted', timeline };
    expect(lineHeadline(order, { vendor_name: 'Fulton Fish Co.', fulfilment_state: 'refused' })).toBe('Refused by Fulton Fish Co.');
    expect(lineHeadline(order, { vendor_name: 'Hudson Street Butchers', fulfilment_state: 'accepted' })).toBe('Accepted by the seller');
    expect(lineNote({ product_qty: 1, bottle_size: 0, row_total: '25.00', substitution_state: 'out', fulfilment_state: 'refused' })).toBe(
      'Refused by its seller: not charged',
    );
    expect(
      orderTotalNote({
        subtotal: '30.00',
        discount: '0.00',
        delivery_fee: '4.99',
        tax: '0.00',
        fee_amount: '0.00',
        driver_tip: '0.00',
        grand_total: '34.99',
        refused_parts: [{ vendor_name: 'Fulton Fish Co.', total: '29.99' }],
      }),
    ).toBe('Fulton Fish Co. refused their part: $29.99 taken off (its items, their tax and its fees).');
  });

  it("says 'refunded', not 'not charged', on a refused part's lines when its share was given back (paid up front)", () => {
    const farm = 'Green Pastures Farm';
    const line = {
      product_qty: 1,
      bottle_size: 0,
      row_total: '7.69',
      substitution_state: 'out' as const,
      fulfilment_state: 'refused',
      vendor_name: farm,
    };
    // The part's money as the order reply gives it (order-refunds.ts endedPartMoney, from the payment): its words follow it.
    const paid = {
      paidWhenPlaced: true,
      collectedCents: 4158,
      refusedParts: [{ vendorName: farm, totalCents: 2268 }],
      finalCents: null,
      ended: false,
    };
    const refunded = { ...line, part_money: endedPartMoney(paid, 0) };
    expect(refunded.part_money).toBe('refunded');
    expect(lineNote(refunded, [{ state: 'refused', actor: 'staff', seller: farm }])).toBe('Refused by the store: refunded');
    expect(lineNote(refunded, [{ state: 'refused', actor: 'seller', seller: farm }])).toBe('Refused by its seller: refunded');
    // A card only held or pay on delivery took nothing for it: no refund, 'not charged'.
    const held = { ...line, part_money: endedPartMoney({ ...paid, paidWhenPlaced: false }, 0) };
    expect(held.part_money).toBe('not_charged');
    expect(lineNote(held, [{ state: 'refused', actor: 'staff', seller: farm }])).toBe('Refused by the store: not charged');
  });

  it("reads a refused part's money from the reply's field, not from the refunds' words (seam c4 item 2)", () => {
    const farm = 'Green Pastures Farm';
    const line = { product_qty: 1, bottle_size: 0, row_total: '7.69', fulfilment_state: 'refused', vendor_name: farm };
    const timeline = [{ state: 'refused', actor: 'staff', seller: farm }];
    // The field says refunded: the line says so whatever words the refunds were listed in.
    expect(lineNote({ ...line, part_money: 'refunded' }, timeline)).toBe('Refused by the store: refunded');
    expect(lineNote({ ...line, part_money: 'not_charged' }, timeline)).toBe('Refused by the store: not charged');
    // An order refused whole and paid up front: the part's money came back with the order's end, not as a part's refund.
    const whole = { paidWhenPlaced: true, collectedCents: 4158, refusedParts: [], finalCents: null, ended: true };
    expect(refundsMade(whole)).toEqual([{ amountCents: 4158, what: 'in full, when the order ended' }]);
    expect(endedPartMoney(whole, undefined)).toBe('refunded');
    expect(endedPartMoney({ ...whole, paidWhenPlaced: false }, undefined)).toBe('not_charged');
    // Another part's refund says nothing of this one: a part with nothing to give back (a free share) was not charged.
    const two = {
      ...whole,
      ended: false,
      refusedParts: [
        { vendorName: 'Fulton Fish Co.', totalCents: 2268 },
        { vendorName: farm, totalCents: 0 },
      ],
    };
    expect(endedPartMoney(two, 0)).toBe('refunded');
    expect(endedPartMoney(two, 1)).toBe('not_charged');
  });

  it('credits a refusal staff made to the store, not the seller: the order page, its line, the console badge and the confirm (QA walk 3)', () => {
    const farm = 'Green Pastures Farm';
    const timeline = [
      { state: 'accepted', actor: 'seller', seller: 'Hudson Street Butchers' },
      { state: 'refused', actor: 'staff', seller: farm },
    ];
    const figures = {
      subtotal: '36.59',
      discount: '0.00',
      delivery_fee: '4.99',
      tax: '0.00',
      fee_amount: '0.00',
      driver_tip: '0.00',
      grand_total: '41.58',
      refused_parts: [{ vendor_name: farm, total: '22.68' }],
      timeline,
    };
    expect(refusedByOf(timeline, farm)).toBe('staff');
    expect(refusedByOf(timeline, 'Hudson Street Butchers')).toBeUndefined();
    expect(orderTotalNote(figures)).toBe("The store refused Green Pastures Farm's part: $22.68 taken off (its items, their tax and its fees).");
    const line = {
      product_qty: 1,
      bottle_size: 0,
      row_total: '7.69',
      substitution_state: 'out' as const,
      fulfilment_state: 'refused',
      vendor_name: farm,
    };
    expect(lineNote(line, timeline)).toBe('Refused by the store: not charged');
    // Its seller's own refusal keeps the seller's words; an order of one seller names none on its steps.
    expect(lineNote(line, [{ state: 'refused', actor: 'seller', seller: farm }])).toBe(refusedPartLineNote('seller', false));
    expect(lineNote(line, [{ state: 'refused', actor: 'staff' }])).toBe(refusedPartLineNote('staff', false));
    // The staff card's badge, once listed and before (the card's own refusal); a seller's stays the seller's.
    const listed = { state: 'refused', vendor_name: farm, timeline };
    expect(consoleStateLabel('refused', listed, 'staff')).toBe('Refused by the store');
    expect(consoleStateLabel('refused', { ...listed, state: 'placed', timeline: [] }, 'staff')).toBe('Refused by the store');
    expect(consoleStateLabel('refused', { ...listed, timeline: [{ state: 'refused', actor: 'seller', seller: farm }] }, 'staff')).toBe(
      'Refused by the seller',
    );
    expect(consoleStateLabel('packed', listed, 'staff')).toBe('Packed');
    // Accepted by staff for the seller: the badge says the store, as the history and the shopper's mail do (seam c6 note).
    const accepted = { state: 'accepted', vendor_name: farm, timeline: [{ state: 'accepted', actor: 'staff', seller: farm }] };
    expect(consoleStateLabel('accepted', accepted, 'staff')).toBe('Accepted by the store');
    expect(consoleStateLabel('accepted', { ...accepted, state: 'placed', timeline: [] }, 'staff')).toBe('Accepted by the store');
    expect(consoleStateLabel('accepted', { ...accepted, timeline: [{ state: 'accepted', actor: 'seller', seller: farm }] }, 'staff')).toBe(
      'Accepted by the seller',
    );
    expect(consoleStateLabel('accepted', { ...accepted, state: 'placed', timeline: [] }, 'seller')).toBe('Accepted by the seller');
    expect(moveQuestion('refuse', '100000001', true, true, farm).question).toBe(
      "Refuse Green Pastures Farm's part of order #100000001? Only that part ends: the shopper is told your reason and given back what they paid for it; the other sellers' parts go on.",
    );
  });

  it("gives a name ending in s the apostrophe alone: 'Hudson Street Butchers' part' (QA walk 3: 'Butchers's')", () => {
    expect(possessive('Hudson Street Butchers')).toBe("Hudson Street Butchers'");
    expect(possessive('Fulton Fish Co.')).toBe("Fulton Fish Co.'s");
    expect(wholeMoveRefusal({ vendor_name: 'Hudson Street Butchers', state: 'out_for_delivery' })).toBe(
      "This order cannot be canceled now: Hudson Street Butchers' part is out for delivery. A cancel ends every seller's part.",
    );
    expect(refusedBeforeText({ payment: 'refund', restCents: 100, refused: [{ vendorName: 'Hudson Street Butchers', totalCents: 4158 }] })).toBe(
      "Hudson Street Butchers' part ($41.58) was refunded when it was refused.",
    );
    expect(moveQuestion('refuse', '100000001', true, true, 'Hudson Street Butchers').question).toMatch(/^Refuse Hudson Street Butchers' part of/);
  });

  it("says on the refused part's console card that it was given back or never charged", () => {
    const facts = { status: 'processing', payment_mode: 2, speed_id: 1, paid_when_placed: true, part_refused: true } as const;
    expect(paymentStatusWords({ ...facts, capture_state: null })).toBe('Refunded');
    expect(paymentStatusWords({ ...facts, capture_state: 'held' })).toBe('Not charged');
    expect(paymentStatusWords({ ...facts, capture_state: null, payment_mode: 4, status: 'pending_payment_on_delivery' })).toBe('Not charged');
  });
});
