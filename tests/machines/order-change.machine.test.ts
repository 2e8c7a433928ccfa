import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { RescheduleOptions, RescheduleOptionsReply, RescheduleReply } from '../../src/api/contract/reschedule.contract.ts';
import type { MoveOrderReply } from '../../src/api/contract/fulfilment.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { orderChangeMachine, orderChangeMessages, type OrderChangeContext } from '../../src/machines/order-change/order-change.machine.ts';
import {
  selectCanCancel,
  selectCanChoosePart,
  selectCancelQuestion,
  selectCancelRefusal,
  selectChangeBusy,
  selectChangeClosable,
  selectChangeStep,
} from '../../src/machines/order-change/index.ts';
import { bankMessages } from '../../src/rules/bank-account.ts';
import { fulfilmentMessages } from '../../src/rules/fulfilment.ts';
import { restCancelMailText, restOfOrderOf } from '../../src/rules/rest-cancel.ts';
import { done, failed, heldCalls, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const open: RescheduleOptions = {
  order_id: '100000123',
  vendor_loc_id: 101,
  vendor_name: 'Hudson Butchers',
  speed: 'local',
  delivery_date: '2026-12-04',
  slot_id: 10101,
  time_slot: '10:00–12:00',
  can_change: true,
  refusal: null,
  earliest: '2026-12-02',
  holidays: ['2026-12-06'],
  date: '2026-12-04',
  date_refusal: null,
  slots: [{ slot_id: 10103, start: '14:00', end: '16:00', available: 3 }],
};
const pastCutoff: RescheduleOptions = {
  ...open,
  can_change: false,
  refusal: fulfilmentMessages.pastCutoffTime,
  cancel_refusal: fulfilmentMessages.pastCutoffTime,
};
/** A bank debit on its way: the order may be canceled, not moved (decision 087 left). */
const debitPending: RescheduleOptions = { ...open, can_change: false, refusal: bankMessages.moveWhilePending, cancel_refusal: null };
const closedDay: RescheduleOptions = {
  ...open,
  date: '2026-12-06',
  date_refusal: 'Hudson Butchers is closed on 12/06/2026 (Closed by the seller).',
  slots: [],
};

const { label } = labelled();
const answered = (id: string, reply: RescheduleOptionsReply) => done(id, reply);
const mayChange = label('loadOptions: before the cutoff', answered('loadOptions', { code: 1, data: open }));
const tooLate = label('loadOptions: past the cutoff', answered('loadOptions', { code: 1, data: pastCutoff }));
const debitOnItsWay = label('loadOptions: a bank debit on its way', answered('loadOptions', { code: 1, data: debitPending }));
const refusedLoad = label('loadOptions: code -1', answered('loadOptions', { code: -1, message: 'Not now' }));
const loadOffline = label('loadOptions: offline', failed('loadOptions'));
const dayAnswered = label('loadDay: a closed day', answered('loadDay', { code: 1, data: closedDay }));
const dayRefused = label('loadDay: code -1', answered('loadDay', { code: -1, message: 'Not now' }));
const dayOffline = label('loadDay: offline', failed('loadDay'));
const moved: RescheduleReply = { code: 1, data: { order_id: '100000123', delivery_date: '2026-12-05', time_slot: '14:00–16:00' } };
const movedOk = label('sendReschedule: moved', done('sendReschedule', moved));
const slotTaken = label(
  'sendReschedule: 409 full',
  failed('sendReschedule', new ApiError('This time slot is full. Please choose another.', 409, 409)),
);
const canceled: MoveOrderReply = { code: 1, data: { order_id: '100000123', state: 'canceled' } };
const cancelOk = label('sendCancel: canceled', done('sendCancel', canceled));
const cancelRefused = label('sendCancel: 409 past the cutoff', failed('sendCancel', new ApiError(fulfilmentMessages.pastCutoffTime, 409, 409)));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as OrderChangeContext;
  if (snapshot.matches('closed')) return [{ type: 'change.open' }];
  if (snapshot.matches('loading')) return [mayChange, tooLate, debitOnItsWay, refusedLoad, loadOffline];
  if (snapshot.matches('failed')) return [{ type: 'change.retry' }, { type: 'change.close' }];
  if (snapshot.matches('refused')) return [{ type: 'change.cancel.ask' }, { type: 'change.close' }];
  if (snapshot.matches('choosing'))
    return [
      { type: 'change.date.choose', date: '2026-12-05' },
      { type: 'change.date.choose', date: 'soon' },
      ...(c.slotId === undefined ? [{ type: 'change.slot.choose', slotId: 10103 }] : []),
      { type: 'change.part.choose', locId: 102 },
      { type: 'change.submit' },
      { type: 'change.cancel.ask' },
      { type: 'change.close' },
    ];
  if (snapshot.matches('loadingDay')) return [dayAnswered, dayRefused, dayOffline];
  if (snapshot.matches('saving')) return [movedOk, slotTaken];
  if (snapshot.matches('confirmingCancel')) return [{ type: 'change.cancel.confirm' }, { type: 'change.cancel.back' }];
  if (snapshot.matches('canceling')) return [cancelOk, cancelRefused];
  if (snapshot.matches('done')) return [{ type: 'change.close' }, { type: 'change.open' }];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as OrderChangeContext;
  return JSON.stringify([snapshot.value, c.options?.can_change, c.options?.cancel_refusal, c.date, c.slotId, c.error, c.done]);
};
const input = { orderId: '100000123' };

describe('order change paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(orderChangeMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(orderChangeMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const got = result.snapshot.context as OrderChangeContext;
    const want = plan.expected.context as OrderChangeContext;
    expect([got.date, got.slotId, got.error, got.done]).toEqual([want.date, want.slotId, want.error, want.done]);
  });

  it(coverageTitle(orderChangeMachine), () => {
    expect([...allStateIds(orderChangeMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(orderChangeMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('order change behaviour', () => {
  it('an order whose bank debit is on its way: the move is refused with the reason, Cancel order is offered and sent', async () => {
    const cancels: string[] = [];
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(async () => ({
          code: 1,
          data: { ...debitPending, cancel: { payment: 'debit-pending', total_cents: 4512, wallet_back: [] } },
        })),
        sendCancel: fromPromise<MoveOrderReply, { orderId: string }>(async ({ input: asked }) => {
          cancels.push(asked.orderId);
          return canceled;
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'change.open' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(selectCanCancel(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'change.submit' })).toBe(false);
    actor.send({ type: 'change.cancel.ask' });
    expect(selectCancelQuestion(actor.getSnapshot())).toBe(
      'Cancel this order? Your bank debit is still on its way: it will be refunded when it clears.',
    );
    // Kept: back to the reason, not to a move it cannot make.
    actor.send({ type: 'change.cancel.back' });
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'change.cancel.ask' });
    actor.send({ type: 'change.cancel.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(cancels).toEqual(['100000123']);
    expect(actor.getSnapshot().context.done).toBe(
      'Your order was canceled. Your bank debit is still on its way: it will be refunded when it clears.',
    );
    actor.stop();
    // Past the cutoff, the reason and nothing else: Cancel order is not offered there.
    const late = createActor(
      orderChangeMachine.provide({
        actors: { loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string }>(async () => ({ code: 1, data: pastCutoff })) },
      }),
      { input },
    ).start();
    late.send({ type: 'change.open' });
    await waitFor(late, (s) => s.matches('refused'));
    expect(selectCanCancel(late.getSnapshot())).toBe(false);
    expect(late.getSnapshot().can({ type: 'change.cancel.ask' })).toBe(false);
    late.stop();
  });

  it('a delivery on a closed day whose order may not be canceled: Move is offered, Cancel order is not (086 left)', async () => {
    const refusal = fulfilmentMessages.cancelPastCutoff('2026-12-17');
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(async () => ({
          code: 1,
          data: { ...open, day_closed: true, cancel_refusal: refusal },
        })),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'change.open' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(selectCanCancel(actor.getSnapshot())).toBe(false);
    expect(selectCancelRefusal(actor.getSnapshot())).toBe(refusal);
    expect(actor.getSnapshot().can({ type: 'change.cancel.ask' })).toBe(false);
    actor.send({ type: 'change.cancel.ask' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().can({ type: 'change.submit' })).toBe(true);
    actor.stop();
    // An order that may be canceled (cancel_refusal null, or an older server's none) still offers it.
    const loadFree = fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(async () => ({
      code: 1,
      data: { ...open, cancel_refusal: null },
    }));
    const free = createActor(orderChangeMachine.provide({ actors: { loadOptions: loadFree } }), { input }).start();
    free.send({ type: 'change.open' });
    await waitFor(free, (s) => s.matches('choosing'));
    expect(selectCanCancel(free.getSnapshot())).toBe(true);
    free.stop();
  });

  it('past the cutoff says why and offers nothing; before it, a move is sent with the chosen date and slot', async () => {
    const sent: unknown[] = [];
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(async ({ input: asked }) => ({
          code: 1,
          data: asked.orderId === 'late' ? pastCutoff : { ...open, date: asked.date ?? open.date },
        })),
        sendReschedule: fromPromise<RescheduleReply, { orderId: string; date: string; slotId: number | null }>(async ({ input: move }) => {
          sent.push(move);
          return moved;
        }),
      },
    });
    const late = createActor(machine, { input: { orderId: 'late' } }).start();
    late.send({ type: 'change.open' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectChangeStep(late.getSnapshot())).toBe('refused');
    expect(late.getSnapshot().context.options?.refusal).toBe(fulfilmentMessages.pastCutoffTime);

    const actor = createActor(machine, { input }).start();
    const changed: string[] = [];
    actor.on('order.changed', (e) => changed.push(e.type));
    actor.send({ type: 'change.open' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'change.date.choose', date: '12/05/2026' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'change.submit' });
    expect(actor.getSnapshot().context.error).toBe(orderChangeMessages.chooseSlot);
    actor.send({ type: 'change.slot.choose', slotId: 10103 });
    actor.send({ type: 'change.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ orderId: '100000123', date: '2026-12-05', slotId: 10103, locId: 101 }]);
    expect(actor.getSnapshot().context.done).toBe('Your delivery is now on 12/05/2026, 14:00–16:00.');
    expect(changed).toEqual(['order.changed']);
  });

  it('enables Close, and the date picker, exactly where the machine takes them (a click elsewhere would be dropped)', async () => {
    const { held, next } = heldCalls(async (check) => vi.waitFor(check));
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(held('loadOptions')),
        sendReschedule: fromPromise<RescheduleReply, { orderId: string; date: string; slotId: number | null }>(held('sendReschedule')),
        sendCancel: fromPromise<MoveOrderReply, { orderId: string }>(held('sendCancel')),
      },
    });
    const seen = new Map<string, { close: boolean; picker?: boolean }>();
    const actor = createActor(machine, { input });
    actor.subscribe((s) => {
      const state = String(s.value);
      expect(selectChangeClosable(s), state).toBe(s.can({ type: 'change.close' }));
      // The panel draws the date picker while choosing, loading the day and saving; it is busy (disabled) where a date is not taken.
      const drawsPicker = s.matches('choosing') || s.matches('loadingDay') || s.matches('saving');
      const pickerLive = selectChangeBusy(s) === undefined;
      if (drawsPicker) expect(pickerLive, state).toBe(s.can({ type: 'change.date.choose', date: '2026-12-05' }));
      seen.set(state, drawsPicker ? { close: selectChangeClosable(s), picker: pickerLive } : { close: selectChangeClosable(s) });
    });
    actor.start();
    actor.send({ type: 'change.open' });
    (await next('loadOptions')).reject(new Error('offline'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'change.retry' });
    (await next('loadOptions')).resolve({ code: 1, data: open });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'change.date.choose', date: '2026-12-05' });
    expect(actor.getSnapshot().value).toBe('loadingDay');
    (await next('loadOptions')).resolve({ code: 1, data: { ...open, date: '2026-12-05' } });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'change.slot.choose', slotId: 10103 });
    actor.send({ type: 'change.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    (await next('sendReschedule')).reject(new ApiError('This time slot is full. Please choose another.', 409, 409));
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'change.cancel.ask' });
    actor.send({ type: 'change.cancel.confirm' });
    (await next('sendCancel')).resolve(canceled);
    await waitFor(actor, (s) => s.matches('done'));
    actor.stop();
    expect(Object.fromEntries(seen)).toEqual({
      closed: { close: false },
      loading: { close: false },
      failed: { close: true },
      choosing: { close: true, picker: true },
      loadingDay: { close: false, picker: false },
      saving: { close: false, picker: false },
      confirmingCancel: { close: false },
      canceling: { close: false },
      done: { close: true },
    });
  });

  it('an order of two sellers: the chosen delivery is asked and moved, and the words say the other stays (QA walk 3 item 5)', async () => {
    const parts = [
      { vendor_loc_id: 101, vendor_name: 'Hudson Butchers', speed: 'local' as const, delivery_date: '2026-12-04', time_slot: '10:00–12:00' },
      { vendor_loc_id: 301, vendor_name: 'ColdChain Express', speed: 'courier' as const, delivery_date: '2026-12-03', time_slot: null },
    ];
    const courier: RescheduleOptions = {
      ...open,
      vendor_loc_id: 301,
      vendor_name: 'ColdChain Express',
      speed: 'courier',
      delivery_date: '2026-12-03',
      slot_id: null,
      time_slot: null,
      slots: [],
      date: '2026-12-03',
    };
    const asked: (number | undefined)[] = [];
    const sent: unknown[] = [];
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined; locId?: number | undefined }>(
          async ({ input: question }) => {
            asked.push(question.locId);
            const data = question.locId === 301 ? courier : open;
            return { code: 1, data: { ...data, parts, cutoff_date: '2026-12-03', date: question.date ?? data.date } };
          },
        ),
        sendReschedule: fromPromise<RescheduleReply, { orderId: string; date: string; slotId: number | null; locId?: number | undefined }>(
          async ({ input: move }) => {
            sent.push(move);
            return {
              code: 1,
              data: { order_id: '100000123', delivery_date: '2026-12-07', time_slot: null, vendor_loc_id: 301, vendor_name: 'ColdChain Express' },
            };
          },
        ),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'change.open' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(selectCanChoosePart(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'change.part.choose', locId: 301 });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.options?.vendor_name).toBe('ColdChain Express');
    actor.send({ type: 'change.date.choose', date: '2026-12-07' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(selectCanChoosePart(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'change.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(asked).toEqual([undefined, 301, 301]);
    expect(sent).toEqual([{ orderId: '100000123', date: '2026-12-07', slotId: null, locId: 301 }]);
    expect(actor.getSnapshot().context.done).toBe(
      'The delivery from ColdChain Express is now on 12/07/2026. The delivery from Hudson Butchers stays on 12/04/2026, 10:00–12:00.',
    );
  });

  it('names the driver tip the refusal gave back in the confirm and the canceled line, as the mail does (seam c4 item 3)', async () => {
    // The butcher's Same Day part (the only one the driver brings) was refused: the totals took its tip off with it.
    const afterRefusal: RescheduleOptions = {
      ...open,
      rest_of_order: { payment: 'refund', rest_total: '27.11', refused: [{ vendor_name: 'Hudson Street Butchers', total: '41.58' }], tip: '4.43' },
    };
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(async () => ({
          code: 1,
          data: afterRefusal,
        })),
        sendCancel: fromPromise<MoveOrderReply, { orderId: string }>(async () => canceled),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'change.open' });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'change.cancel.ask' });
    const refusedBefore = "Hudson Street Butchers' part ($41.58) was refunded when it was refused. The driver tip ($4.43) was refunded then too.";
    expect(selectCancelQuestion(actor.getSnapshot())).toBe(
      `Cancel the rest of this order? The rest of your payment, $27.11, will be refunded. ${refusedBefore}`,
    );
    // The same words the cancel's mail gives (rest-cancel.ts restCancelMailText, from the server's rest with its tip).
    expect(restCancelMailText(restOfOrderOf(afterRefusal.rest_of_order ?? { payment: 'none', rest_total: '0.00', refused: [] }))).toContain(
      'The driver tip ($4.43) was refunded then too.',
    );
    actor.send({ type: 'change.cancel.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.done).toContain('The driver tip ($4.43) was refunded then too.');
  });

  it('asks by the order’s payment: a card only held is released, a redemption’s portion goes back to the wallet (QA walk 5)', async () => {
    const held: RescheduleOptions = { ...open, cancel: { payment: 'release', total_cents: 5667, wallet_back: [] } };
    const redeemed: RescheduleOptions = {
      ...open,
      cancel: { payment: 'none', total_cents: 0, wallet_back: [{ product_name: 'East Coast Oysters', amount: 1, unit: 'portion' }] },
    };
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(async ({ input: asked }) => ({
          code: 1,
          data: asked.orderId === 'held' ? held : redeemed,
        })),
        sendCancel: fromPromise<MoveOrderReply, { orderId: string }>(async () => canceled),
      },
    });
    const asked = async (orderId: string) => {
      const actor = createActor(machine, { input: { orderId } }).start();
      actor.send({ type: 'change.open' });
      await waitFor(actor, (s) => s.matches('choosing'));
      actor.send({ type: 'change.cancel.ask' });
      return actor;
    };
    expect(selectCancelQuestion((await asked('held')).getSnapshot())).toBe(
      'Cancel this order? The hold on your card will be released: you will not be charged.',
    );
    const actor = await asked('redeemed');
    expect(selectCancelQuestion(actor.getSnapshot())).toBe('Cancel this order? 1 portion of East Coast Oysters goes back to your wallet.');
    actor.send({ type: 'change.cancel.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.done).toBe('Your order was canceled. 1 portion of East Coast Oysters goes back to your wallet.');
  });

  it("after a seller refused their part, asks and says what a cancel of the rest gives back, not 'in full'", async () => {
    const afterRefusal: RescheduleOptions = {
      ...open,
      rest_of_order: { payment: 'refund', rest_total: '41.69', refused: [{ vendor_name: 'Fulton Fish Co.', total: '28.63' }] },
    };
    const machine = orderChangeMachine.provide({
      actors: {
        loadOptions: fromPromise<RescheduleOptionsReply, { orderId: string; date?: string | undefined }>(async ({ input: asked }) => ({
          code: 1,
          data: asked.orderId === 'whole' ? open : afterRefusal,
        })),
        sendCancel: fromPromise<MoveOrderReply, { orderId: string }>(async () => canceled),
      },
    });
    const whole = createActor(machine, { input: { orderId: 'whole' } }).start();
    whole.send({ type: 'change.open' });
    await waitFor(whole, (s) => s.matches('choosing'));
    whole.send({ type: 'change.cancel.ask' });
    expect(selectCancelQuestion(whole.getSnapshot())).toBe(orderChangeMessages.cancelQuestion);

    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'change.open' });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'change.cancel.ask' });
    const refusedBefore = "Fulton Fish Co.'s part ($28.63) was refunded when it was refused.";
    expect(selectCancelQuestion(actor.getSnapshot())).toBe(
      `Cancel the rest of this order? The rest of your payment, $41.69, will be refunded. ${refusedBefore}`,
    );
    actor.send({ type: 'change.cancel.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.done).toBe(`Your order was canceled. The rest of your payment, $41.69, will be refunded. ${refusedBefore}`);
  });
});
