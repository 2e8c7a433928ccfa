import { describe, expect, it } from 'vitest';
import {
  closedDayNote,
  completingEvents,
  closedDayRefusal,
  consoleStateLabel,
  consoleTableDay,
  fulfilmentEventLabel,
  fulfilmentEventWords,
  fulfilmentStateWords,
  fulfilmentKindOfSpeedId,
  fulfilmentMailSubject,
  fulfilmentStateLabel,
  lineHeadline,
  moveStepLabel,
  orderHeadline,
  partDayRefusal,
  sellerDayChoices,
  sellerListDates,
  sellerToday,
  servedBeforeTableMinutes,
  tableDayRefusal,
  timelineStepLabel,
} from '../../src/rules/fulfilment.ts';
import { localToday, timeZoneOfState } from '../../src/rules/local-day.ts';
import { partEventsFor, partMayMove, wholeMoveRefusal } from '../../src/rules/order-parts.ts';
import { speedIds } from '../../src/rules/delivery-speeds.ts';

/** QA walk 3: a dine-in order marked Served the day before its table. One rule for the server and the consoles. */
describe("a dine-in table is served on its day, by the restaurant's clock", () => {
  const table = (today: string) => ({ date: '2026-12-01', today });

  it('refuses Served before the table day, and offers it from that day on', () => {
    expect(tableDayRefusal('serve', 'dine_in', table('2026-11-30'))).toBe(
      'This table is booked for 12/01/2026: the order can be marked Served on that day, not before.',
    );
    expect(tableDayRefusal('serve', 'dine_in', table('2026-12-01'))).toBeUndefined();
    expect(tableDayRefusal('serve', 'dine_in', table('2026-12-02'))).toBeUndefined();
    expect(partEventsFor('packed', [], 'seller', 'dine_in', table('2026-11-30'))).toEqual([]);
    expect(partEventsFor('packed', [], 'staff', 'dine_in', table('2026-11-30'))).toEqual(['cancel']);
    expect(partEventsFor('packed', [], 'seller', 'dine_in', table('2026-12-01'))).toEqual(['serve']);
    expect(partMayMove('packed', 'serve', [], 'staff', 'dine_in', table('2026-11-30'))).toBe(false);
    expect(partMayMove('packed', 'serve', [], 'staff', 'dine_in', table('2026-12-01'))).toBe(true);
  });

  /**
   * QA walk 6 #2: a table for tomorrow 7 PM was marked Table ready (its card charged in full, the shopper mailed) the
   * day before, and a table for 8 PM Served at 3:03 PM. Table ready waits for the table's day, Served for its time
   * (half an hour early at most: servedBeforeTableMinutes), a pick-up's Picked up for its day.
   */
  it("refuses Table ready before the table's day and Served before its time, in the seller's words", () => {
    const seven = (today: string, minutes: number) => ({ date: '2026-12-01', today, time: '19:00', minutes });
    expect(tableDayRefusal('pack', 'dine_in', seven('2026-11-30', 15 * 60))).toBe(
      'This table is booked for 12/01/2026 at 7:00 PM: the order can be marked Table ready on that day, not before.',
    );
    expect(tableDayRefusal('pack', 'dine_in', seven('2026-12-01', 9 * 60))).toBeUndefined();
    expect(tableDayRefusal('serve', 'dine_in', seven('2026-11-30', 20 * 60))).toBe(
      'This table is booked for 12/01/2026 at 7:00 PM: the order can be marked Served on that day, not before.',
    );
    expect(tableDayRefusal('serve', 'dine_in', seven('2026-12-01', 15 * 60 + 3))).toBe(
      'This table is booked for 12/01/2026 at 7:00 PM: the order can be marked Served from 6:30 PM, not before.',
    );
    expect(servedBeforeTableMinutes).toBe(30);
    expect(tableDayRefusal('serve', 'dine_in', seven('2026-12-01', 18 * 60 + 29))).toBeDefined();
    expect(tableDayRefusal('serve', 'dine_in', seven('2026-12-01', 18 * 60 + 30))).toBeUndefined();
    expect(tableDayRefusal('serve', 'dine_in', seven('2026-12-02', 0))).toBeUndefined();
    // The consoles offer neither before its time: a staff member may still cancel.
    expect(partEventsFor('picking', [], 'seller', 'dine_in', seven('2026-11-30', 15 * 60))).toEqual([]);
    expect(partEventsFor('picking', [], 'staff', 'dine_in', seven('2026-11-30', 15 * 60))).toEqual(['cancel']);
    expect(partEventsFor('picking', [], 'seller', 'dine_in', seven('2026-12-01', 9 * 60))).toEqual(['pack']);
    expect(partEventsFor('packed', [], 'seller', 'dine_in', seven('2026-12-01', 15 * 60))).toEqual([]);
    expect(partEventsFor('packed', [], 'seller', 'dine_in', seven('2026-12-01', 19 * 60))).toEqual(['serve']);
    // A delivery packs whenever it is ready.
    expect(tableDayRefusal('pack', 'delivery', seven('2026-11-30', 15 * 60))).toBeUndefined();
  });

  it("refuses a pick-up's Picked up before its day, and takes it at any time of that day", () => {
    const visit = (today: string) => ({ date: '2026-12-01', today, time: '14:00', minutes: 8 * 60 });
    expect(tableDayRefusal('hand_over', 'pickup', visit('2026-11-30'))).toBe(
      'This pick-up is booked for 12/01/2026 at 2:00 PM: the order can be marked Picked up on that day, not before.',
    );
    expect(tableDayRefusal('hand_over', 'pickup', visit('2026-12-01'))).toBeUndefined();
    // Packing and readying a pick-up the day before is the shop's to do.
    expect(tableDayRefusal('pack', 'pickup', visit('2026-11-30'))).toBeUndefined();
    expect(tableDayRefusal('ready', 'pickup', visit('2026-11-30'))).toBeUndefined();
    expect(partEventsFor('ready_for_pickup', [], 'seller', 'pickup', visit('2026-11-30'))).toEqual([]);
    expect(partEventsFor('ready_for_pickup', [], 'seller', 'pickup', visit('2026-12-01'))).toEqual(['hand_over']);
  });

  /** 087 left: a delivery could be marked Delivered days before its date. Its day is its location's (local-day.ts). */
  it("refuses a delivery's Delivered before its day, and offers it from that day on", () => {
    const due = (today: string) => ({ date: '2026-12-01', today, time: '09:00', minutes: 23 * 60 });
    expect(tableDayRefusal('deliver', 'delivery', due('2026-11-30'))).toBe(
      'This delivery is booked for 12/01/2026: the order can be marked Delivered on that day, not before.',
    );
    expect(tableDayRefusal('deliver', 'delivery', due('2026-12-01'))).toBeUndefined();
    expect(tableDayRefusal('deliver', 'delivery', due('2026-12-02'))).toBeUndefined();
    // Handing it to a driver the evening before is the shop's to do; only its arrival waits for the day.
    expect(tableDayRefusal('dispatch', 'delivery', due('2026-11-30'))).toBeUndefined();
    expect(partEventsFor('out_for_delivery', [], 'seller', 'delivery', due('2026-11-30'))).toEqual([]);
    expect(partEventsFor('out_for_delivery', [], 'staff', 'delivery', due('2026-12-01'))).toEqual(['deliver']);
    expect(partMayMove('out_for_delivery', 'deliver', [], 'seller', 'delivery', due('2026-11-30'))).toBe(false);
  });

  it("reads the console card's table day from the list (table_*), none for a delivery", () => {
    expect(consoleTableDay({ delivery_date: '2026-12-01', table_today: '2026-11-30', table_time: '19:00', table_minutes: 900 })).toEqual({
      ...table('2026-11-30'),
      time: '19:00',
      minutes: 900,
    });
    expect(consoleTableDay({ delivery_date: '2026-12-01', table_today: '2026-11-30' })).toMatchObject(table('2026-11-30'));
    expect(consoleTableDay({ delivery_date: '2026-12-01' })).toBeUndefined();
    // A part on a day its seller closed carries it (day_closed), for its flag and its buttons.
    expect(consoleTableDay({ delivery_date: '2026-12-01', table_today: '2026-11-30', day_closed: true })).toMatchObject({ closed: true });
  });

  it("takes the restaurant's own day, not New York's: 10 pm in San Francisco is still the day before", () => {
    // 06:00 UTC on 12/01: 1 am in New York, 12 am in Chicago, 10 pm on 11/30 in San Francisco.
    const now = new Date('2026-12-01T06:00:00Z');
    expect(localToday(now, 'NY')).toBe('2026-12-01');
    expect(localToday(now, 'IL')).toBe('2026-12-01');
    expect(localToday(now, 'CA')).toBe('2026-11-30');
    expect(tableDayRefusal('serve', 'dine_in', { date: '2026-12-01', today: localToday(now, 'CA') })).toBeDefined();
    expect(timeZoneOfState('TX')).toBe('America/Chicago');
    // A state not known keeps the store's day.
    expect(timeZoneOfState('ZZ')).toBe('America/New_York');
  });
});

/** QA walk 3: dine-in mails said 'Being picked' and 'Packed' for a restaurant table. The spec names no dine-in statuses. */
describe("a dine-in order's steps in a table's words, in every place", () => {
  const timeline = [
    { state: 'accepted', actor: 'seller' },
    { state: 'picking', actor: 'seller' },
    { state: 'packed', actor: 'seller' },
  ];

  it('names preparing and a ready table, not picking and packing, for a dine-in order only', () => {
    expect(fulfilmentStateLabel('picking', 'dine_in')).toBe('Being prepared');
    expect(fulfilmentStateLabel('packed', 'dine_in')).toBe('Table ready');
    expect(fulfilmentStateLabel('served', 'dine_in')).toBe('Served');
    expect(fulfilmentStateLabel('packed', 'pickup')).toBe('Packed');
    expect(fulfilmentStateLabel('picking')).toBe('Being picked');
    expect(fulfilmentEventLabel('pick', 'dine_in')).toBe('Start preparing');
    expect(fulfilmentEventLabel('pack', 'dine_in')).toBe('Table ready');
    expect(fulfilmentEventLabel('pack', 'delivery')).toBe('Packed');
  });

  it('the order page (headline, line, timeline), the mail and the console badge say the same', () => {
    const dineIn = { status: 'processing', fulfilment_state: 'packed', timeline, speed_id: speedIds.dineIn };
    expect(orderHeadline(dineIn)).toBe('Table ready');
    expect(lineHeadline(dineIn, { fulfilment_state: 'packed', vendor_name: 'Gramercy Chop House' })).toBe('Table ready');
    expect(orderHeadline({ ...dineIn, fulfilment_state: 'picking' })).toBe('Being prepared');
    expect(timeline.map((step) => timelineStepLabel(step, fulfilmentKindOfSpeedId(speedIds.dineIn)))).toEqual([
      'Accepted by the seller',
      'Being prepared',
      'Table ready',
    ]);
    expect(moveStepLabel('packed', 'seller', 'dine_in')).toBe('Table ready');
    expect(fulfilmentMailSubject('100000005', 'picking', 'staff', 'dine_in')).toBe('Your order #100000005: being prepared');
    expect(consoleStateLabel('packed', { state: 'packed', vendor_name: 'Gramercy Chop House', timeline, kind: 'dine_in' }, 'seller')).toBe(
      'Table ready',
    );
    // A delivery keeps its words.
    expect(orderHeadline({ ...dineIn, speed_id: 1 })).toBe('Packed');
  });
});

/**
 * QA walk 5 (decision 085's 'Not done'): the consoles still spoke of a dine-in order in delivery words where one place
 * speaks of every mode (the staff console's Status filter, the machine's chart) and in a refused cancel.
 */
describe("the consoles' words for orders of every mode", () => {
  it("names a state in each mode's words where orders of every mode are listed (the Status filter)", () => {
    expect(fulfilmentStateWords('picking')).toBe('Being picked / Being prepared');
    expect(fulfilmentStateWords('packed')).toBe('Packed / Table ready');
    expect(fulfilmentStateWords('ready_for_pickup')).toBe('Ready for pick-up');
    expect(fulfilmentStateWords('served')).toBe('Served');
    expect(fulfilmentStateWords('packed', ['delivery', 'pickup'])).toBe('Packed');
    expect(fulfilmentEventWords('pick')).toBe('Start picking / Start preparing');
    expect(fulfilmentEventWords('pack', ['dine_in'])).toBe('Table ready');
  });

  it('names a step either the seller or the store takes without saying who, as the cards and timeline do (086 left)', () => {
    // A card reads 'Accepted by the store' when staff accepted, 'Accepted by the seller' when the seller did: the
    // filter lists both, so it names neither ('Accepted by the seller' under the filter listed the store's too).
    const accepted = { state: 'accepted', vendor_name: 'Hudson Street Butchers', kind: 'delivery' as const };
    expect(consoleStateLabel('accepted', { ...accepted, timeline: [{ state: 'accepted', actor: 'staff' }] }, 'staff')).toBe('Accepted by the store');
    expect(consoleStateLabel('accepted', { ...accepted, timeline: [{ state: 'accepted', actor: 'seller' }] }, 'seller')).toBe(
      'Accepted by the seller',
    );
    expect(fulfilmentStateWords('accepted')).toBe('Accepted');
    expect(fulfilmentStateWords('refused')).toBe('Refused');
    // The timeline's own word for a step the store took with no seller named: the same.
    expect(timelineStepLabel({ state: 'accepted', actor: 'staff' })).toBe(fulfilmentStateWords('accepted'));
  });

  it('says a dine-in part that stops a cancel is being prepared or its table ready, not picked or packed', () => {
    const gramercy = { vendor_name: 'Gramercy Chop House', state: 'picking' as const };
    expect(wholeMoveRefusal(gramercy, 'dine_in')).toBe(
      "This order cannot be canceled now: Gramercy Chop House's part is being prepared. A cancel ends every seller's part.",
    );
    expect(wholeMoveRefusal(gramercy)).toMatch(/part is being picked\./);
  });
});

describe("a seller console's today is its location's (QA: New York's for every seller)", () => {
  // 06:30 UTC on 12/02: 1:30 am in New York, 10:30 pm on 12/01 in San Francisco.
  const now = new Date('2026-12-02T06:30:00Z');
  const days = [
    { loc_id: 401, today: localToday(now, 'NY') },
    { loc_id: 421, today: localToday(now, 'CA') },
  ];

  it("takes the location's day, the earliest of several, and New York's when the server sent none", () => {
    expect(sellerToday(days, now, 421)).toBe('2026-12-01');
    expect(sellerToday(days, now, 401)).toBe('2026-12-02');
    expect(sellerToday(days, now)).toBe('2026-12-01');
    expect(sellerToday(undefined, now)).toBe('2026-12-02');
  });

  it("counts Today / Tomorrow from each location's own day, not the earliest one for all (086 left)", () => {
    // Each location lists its own Today: San Francisco's 12/01 and New York's 12/02 at once.
    expect(days.map((d) => sellerListDates(d.today, 'today'))).toEqual([['2026-12-02'], ['2026-12-01']]);
    expect(days.map((d) => sellerListDates(d.today, 'tomorrow'))).toEqual([['2026-12-03'], ['2026-12-02']]);
    expect(sellerListDates('2026-12-01')).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    // The buttons name no one date while the locations' days differ; one location's (or one zone's) name theirs.
    expect(sellerDayChoices(days, now)).toEqual([
      { day: 'today', label: "Today (each location's own)" },
      { day: 'tomorrow', label: "Tomorrow (each location's own)" },
      { day: 'day_after', label: "The day after (each location's own)" },
    ]);
    expect(sellerDayChoices(days.slice(1), now).map((c) => c.label)).toEqual([
      'Today (12/01/2026)',
      'Tomorrow (12/02/2026)',
      'The day after (12/03/2026)',
    ]);
  });
});

/**
 * Walk 8 #4: staff accepted (and could start picking) a pick-up on a day its seller had closed, and the shopper was
 * mailed 'closed on that day … you can cancel' then 'Accepted by the store'. On a closed day only the moves that end
 * the part are made; the card says why and what to do. One rule for the server and the consoles.
 */
describe('a part on a day its seller closed is only refused or canceled', () => {
  const closed = { date: '2026-12-03', today: '2026-12-01', closed: true };
  const open = { date: '2026-12-03', today: '2026-12-01' };

  it('refuses every move that prepares it, naming the day and what to do, and leaves Refuse and Cancel', () => {
    for (const event of ['accept', 'pick', 'pack', 'ready'] as const) {
      expect(closedDayRefusal(event, 'pickup', closed)).toBe(
        'This pick-up is booked for 12/03/2026, a day its seller closed: it cannot be prepared for that day. Cancel it, or reopen the day.',
      );
    }
    expect(closedDayRefusal('dispatch', 'delivery', closed)).toBe(
      'This delivery is booked for 12/03/2026, a day its seller closed: it cannot be prepared for that day. Move it to another day (the shopper can, from the order page) or cancel it, or reopen the day.',
    );
    expect(closedDayRefusal('pack', 'dine_in', closed)).toMatch(/^This table is booked for 12\/03\/2026, a day its seller closed/);
    expect(closedDayRefusal('refuse', 'pickup', closed)).toBeUndefined();
    expect(closedDayRefusal('cancel', 'pickup', closed)).toBeUndefined();
    expect(closedDayRefusal('accept', 'pickup', open)).toBeUndefined();
    expect(partDayRefusal('accept', 'pickup', closed)).toBe(closedDayRefusal('accept', 'pickup', closed));
  });

  it('offers the consoles only Refuse and Cancel, and flags the card with the day', () => {
    expect(partEventsFor('placed', [], 'staff', 'pickup', closed)).toEqual(['refuse', 'cancel']);
    expect(partEventsFor('placed', [], 'seller', 'pickup', closed)).toEqual(['refuse']);
    expect(partEventsFor('accepted', [], 'staff', 'delivery', closed)).toEqual(['cancel']);
    expect(partEventsFor('placed', [], 'staff', 'pickup', open)).toEqual(['accept', 'refuse', 'cancel']);
    expect(partMayMove('placed', 'accept', [], 'staff', 'pickup', closed)).toBe(false);
    expect(closedDayNote('delivery', closed)).toBe('Closed on 12/03/2026: move or cancel');
    expect(closedDayNote('pickup', closed)).toBe('Closed on 12/03/2026: cancel');
    expect(closedDayNote('pickup', open)).toBeUndefined();
    expect(closedDayNote('delivery', closed, 'packed')).toBe('Closed on 12/03/2026: move or cancel');
  });

  // 088 left: a delivery out on the road when its day closed could only wait for the day to reopen.
  it('still completes a part already out for delivery, ready for pick-up or at its table, on its day', () => {
    const closedToday = { ...closed, today: '2026-12-03', time: '19:00', minutes: 19 * 60 };
    expect(completingEvents).toEqual(['deliver', 'hand_over', 'serve']);
    for (const [event, kind] of [
      ['deliver', 'delivery'],
      ['hand_over', 'pickup'],
      ['serve', 'dine_in'],
    ] as const) {
      expect(closedDayRefusal(event, kind, closedToday)).toBeUndefined();
      expect(partDayRefusal(event, kind, closedToday)).toBeUndefined();
      // Its day's own clock still holds: not before the day.
      expect(partDayRefusal(event, kind, closed)).toMatch(/on that day, not before\.$/);
    }
    expect(partEventsFor('out_for_delivery', [], 'seller', 'delivery', closedToday)).toEqual(['deliver']);
    expect(partEventsFor('ready_for_pickup', [], 'staff', 'pickup', closedToday)).toEqual(['hand_over', 'cancel']);
    expect(partEventsFor('packed', [], 'seller', 'dine_in', closedToday)).toEqual(['serve']);
    // What leaves the shop on a closed day is still refused: no dispatch, no Ready for pick-up.
    expect(partEventsFor('packed', [], 'seller', 'delivery', closedToday)).toEqual([]);
    expect(partEventsFor('packed', [], 'seller', 'pickup', closedToday)).toEqual([]);
    expect(closedDayNote('delivery', closedToday, 'out_for_delivery')).toBe('Closed on 12/03/2026: it can still be marked Delivered');
    expect(closedDayNote('pickup', closedToday, 'ready_for_pickup')).toBe('Closed on 12/03/2026: it can still be marked Picked up');
    expect(closedDayNote('dine_in', closedToday, 'packed')).toBe('Closed on 12/03/2026: it can still be marked Served');
  });
});
