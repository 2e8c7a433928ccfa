import { describe, expect, it } from 'vitest';
import { bookedLines } from '../../src/rules/order-booked.ts';
import { visitBookedText } from '../../src/rules/order-change.ts';
import { deliveryPromise } from '../../src/rules/slots.ts';
import { deliverableTimeLabel, formatSlot, shortDayLabel, timeLabel, visitLabel } from '../../src/rules/visit-time.ts';

/**
 * Decision 087 left: a Dine-In visit read '12:30 PM' and 'Thu, Dec 3' where a delivery read '12:00–14:00' and
 * 'Thu 12/03'. One rule writes a day and a time of day wherever a shopper or a seller reads them.
 */
describe('one way to write a day and a time', () => {
  it('writes every time of day as the visit times are written, a slot included', () => {
    expect(timeLabel('12:30')).toBe('12:30 PM');
    expect(formatSlot({ start: '12:00', end: '14:00' })).toBe('12:00 PM–2:00 PM');
    expect(formatSlot({ start: '08:00', end: '10:00' })).toBe('8:00 AM–10:00 AM');
    expect(deliverableTimeLabel({ slot_start: '12:00', slot_end: '14:00' })).toBe('12:00 PM–2:00 PM');
    expect(deliverableTimeLabel({ slot_start: '12:30', slot_end: null })).toBe('12:30 PM');
    expect(deliveryPromise('2026-12-03', { start: '12:00', end: '14:00' })).toBe('Arrives Thu 12/03 between 12:00 PM and 2:00 PM');
  });

  it('writes a near day the same for a visit (header, cart) and a delivery promise', () => {
    expect(shortDayLabel('2026-12-03')).toBe('Thu 12/03');
    expect(visitLabel('2026-12-03 12:30')).toBe('Thu 12/03, 12:30 PM');
    expect(deliveryPromise('2026-12-03')).toBe('Arrives Thu 12/03');
  });

  it('names a table and a delivery in the Order Summary with the same date and time forms', () => {
    expect(visitBookedText({ speed: 'dine-in', vendor_name: 'The Oyster Room — Chelsea', date: '2026-12-03', time: timeLabel('12:30') })).toBe(
      'Table at The Oyster Room — Chelsea on 12/03/2026, 12:30 PM',
    );
    const delivered = bookedLines({
      speedId: undefined,
      retailerId: undefined,
      visitAt: undefined,
      groups: [
        { vendor_loc_id: 101, vendor_name: 'Hudson Street Butchers', delivery_date: '2026-12-03', timeslot: { start: '12:00', end: '14:00' } },
      ],
    });
    expect(delivered).toEqual(['Delivery on 12/03/2026, 12:00 PM–2:00 PM']);
  });
});
