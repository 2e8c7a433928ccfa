import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CapacityDay, CapacityDayReply } from '../../src/api/contract/seller-capacity.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import type { CapacityChange } from '../../src/api/order-change.api.ts';
import { selectSellerDayClosing, selectSellerDayEditable } from '../../src/machines/seller-day/index.ts';
import { closeDayQuestion } from '../../src/rules/seller-day.ts';
import { sellerDayMachine, type SellerDayContext } from '../../src/machines/seller-day/seller-day.machine.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const day: CapacityDay = {
  loc_id: 101,
  vendor_name: 'Hudson Butchers',
  date: '2026-12-04',
  closed: null,
  reopenable: false,
  slots: [{ slot_id: 10101, start: '10:00', end: '12:00', seats: 5, usual_seats: 5, booked: 1, held: 0 }],
  products: [{ offer_id: 7, product_name: 'Ribeye', speed: 'local', stock: 10 }],
};
const { label } = labelled();
const loaded = label('loadDay: the day', done('loadDay', { code: 1, data: day } satisfies CapacityDayReply));
const loadedBooked = label(
  'loadDay: a day with 2 orders booked',
  done('loadDay', { code: 1, data: { ...day, booked_orders: 2 } } satisfies CapacityDayReply),
);
const loadOffline = label('loadDay: offline', failed('loadDay'));
const saved = label('sendChange: saved', done('sendChange', { code: 1 }));
const refused = label('sendChange: 409 store holiday', failed('sendChange', new ApiError('This day is one of the store’s holidays.', 409, 409)));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const global = [
    { type: 'day.date.choose', date: '2026-12-05' },
    { type: 'day.location.choose', locId: 102 },
  ];
  if (snapshot.matches('loading') || snapshot.matches('readingBeforeClose')) return [loaded, loadedBooked, loadOffline];
  if (snapshot.matches('confirmingClose')) return [{ type: 'day.close.confirm' }, { type: 'day.close.keep' }, ...global];
  if (snapshot.matches('failed')) return [{ type: 'day.retry' }, ...global];
  if (snapshot.matches('shown'))
    return [
      { type: 'day.close' },
      { type: 'day.reopen' },
      { type: 'day.seats.set', slotId: 10101, seats: 2 },
      { type: 'day.stock.set', offerId: 7, stock: 3 },
      ...global,
    ];
  if (snapshot.matches('saving')) return [saved, refused];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as SellerDayContext;
  return JSON.stringify([snapshot.value, c.date, c.locId, c.change, c.error, c.day?.date, c.day?.booked_orders]);
};
const input = { role: 'seller' as const, locId: 101, date: '2026-12-04' };

describe('seller day paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(sellerDayMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(sellerDayMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const got = result.snapshot.context as SellerDayContext;
    const want = plan.expected.context as SellerDayContext;
    expect([got.date, got.locId, got.error, got.change]).toEqual([want.date, want.locId, want.error, want.change]);
  });

  it(coverageTitle(sellerDayMachine), () => {
    expect([...allStateIds(sellerDayMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(sellerDayMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('seller day behaviour', () => {
  it('asks before closing a day with orders booked: Keep it open sends nothing, Close anyway sends the close', async () => {
    const sent: CapacityChange[] = [];
    const machine = sellerDayMachine.provide({
      actors: {
        loadDay: fromPromise<CapacityDayReply, { role: 'seller' | 'staff'; locId: number; date: string }>(async () => ({
          code: 1,
          data: { ...day, booked_orders: 3 },
        })),
        sendChange: fromPromise<unknown, { role: 'seller' | 'staff'; change: CapacityChange }>(async ({ input: asked }) => {
          sent.push(asked.change);
          return { code: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
    actor.send({ type: 'day.close' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('confirmingClose')).toBe(true));
    actor.send({ type: 'day.close.keep' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(sent).toEqual([]);
    actor.send({ type: 'day.close' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('confirmingClose')).toBe(true));
    actor.send({ type: 'day.close.confirm' });
    await vi.waitFor(() => expect(sent).toEqual([{ kind: 'day', locId: 101, date: '2026-12-04', closed: true, reason: undefined }]));
    actor.stop();
  });

  it('asks before closing a day with no order booked too (shoppers can no longer choose it): Keep it open sends nothing', async () => {
    const sent: CapacityChange[] = [];
    const machine = sellerDayMachine.provide({
      actors: {
        loadDay: fromPromise<CapacityDayReply, { role: 'seller' | 'staff'; locId: number; date: string }>(async () => ({ code: 1, data: day })),
        sendChange: fromPromise<unknown, { role: 'seller' | 'staff'; change: CapacityChange }>(async ({ input: asked }) => {
          sent.push(asked.change);
          return { code: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
    actor.send({ type: 'day.close' });
    await vi.waitFor(() => expect(selectSellerDayClosing(actor.getSnapshot())).toBe(0));
    expect(closeDayQuestion(0, day.date)).toBe('Close 12/04/2026? Shoppers can no longer choose that day until it is reopened.');
    actor.send({ type: 'day.close.keep' });
    expect([actor.getSnapshot().value, actor.getSnapshot().context.change, selectSellerDayClosing(actor.getSnapshot())]).toEqual([
      'shown',
      undefined,
      undefined,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
    actor.stop();
  });

  it('reads the day again before asking: an order delivered or canceled since it was read is not counted (walk 9 S13)', async () => {
    const sent: CapacityChange[] = [];
    // The day as first read: 2 orders booked; by the time Close is pressed one was delivered and one canceled.
    const counts = [2, 0];
    const machine = sellerDayMachine.provide({
      actors: {
        loadDay: fromPromise<CapacityDayReply, { role: 'seller' | 'staff'; locId: number; date: string }>(async () => ({
          code: 1,
          data: { ...day, booked_orders: counts.shift() ?? 0, preparing_orders: 0 },
        })),
        sendChange: fromPromise<unknown, { role: 'seller' | 'staff'; change: CapacityChange }>(async ({ input: asked }) => {
          sent.push(asked.change);
          return { code: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
    expect(actor.getSnapshot().context.day?.booked_orders).toBe(2);
    actor.send({ type: 'day.close' });
    expect(selectSellerDayClosing(actor.getSnapshot())).toBeUndefined();
    await vi.waitFor(() => expect(selectSellerDayClosing(actor.getSnapshot())).toBe(0));
    expect(closeDayQuestion(selectSellerDayClosing(actor.getSnapshot()) ?? -1, day.date)).toBe(
      'Close 12/04/2026? Shoppers can no longer choose that day until it is reopened.',
    );
    expect(sent).toEqual([]);
    actor.stop();
  });

  it('asks nothing and sends nothing when the day cannot be read again before closing', async () => {
    const sent: CapacityChange[] = [];
    let reads = 0;
    const machine = sellerDayMachine.provide({
      actors: {
        loadDay: fromPromise<CapacityDayReply, { role: 'seller' | 'staff'; locId: number; date: string }>(async () => {
          reads += 1;
          if (reads > 1) throw new Error('offline');
          return { code: 1, data: day };
        }),
        sendChange: fromPromise<unknown, { role: 'seller' | 'staff'; change: CapacityChange }>(async ({ input: asked }) => {
          sent.push(asked.change);
          return { code: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
    actor.send({ type: 'day.close' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect([actor.getSnapshot().context.change, selectSellerDayClosing(actor.getSnapshot()), sent]).toEqual([undefined, undefined, []]);
    actor.stop();
  });

  it('sends the change for the chosen location and date, then reads the day again', async () => {
    const sent: CapacityChange[] = [];
    let reads = 0;
    const machine = sellerDayMachine.provide({
      actors: {
        loadDay: fromPromise<CapacityDayReply, { role: 'seller' | 'staff'; locId: number; date: string }>(async ({ input: asked }) => {
          reads += 1;
          return { code: 1, data: { ...day, loc_id: asked.locId, date: asked.date } };
        }),
        sendChange: fromPromise<unknown, { role: 'seller' | 'staff'; change: CapacityChange }>(async ({ input: asked }) => {
          sent.push(asked.change);
          return { code: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'day.date.choose', date: '2026-12-09' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    actor.send({ type: 'day.close' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirmingClose'));
    actor.send({ type: 'day.close.confirm' });
    await vi.waitFor(() => expect(sent).toEqual([{ kind: 'day', locId: 101, date: '2026-12-09', closed: true }]));
    // The first date, the chosen one, the read before asking and the read after the close.
    await vi.waitFor(() => expect(reads).toBe(4));
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('carries staff’s reason with each change (decision 044)', async () => {
    const sent: { role: string; change: CapacityChange }[] = [];
    const machine = sellerDayMachine.provide({
      actors: {
        loadDay: fromPromise<CapacityDayReply, { role: 'seller' | 'staff'; locId: number; date: string }>(async ({ input: asked }) => ({
          code: 1,
          data: { ...day, loc_id: asked.locId, date: asked.date },
        })),
        sendChange: fromPromise<unknown, { role: 'seller' | 'staff'; change: CapacityChange }>(async ({ input: asked }) => {
          sent.push(asked);
          return { code: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input: { ...input, role: 'staff' } }).start();
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await settle();
    actor.send({ type: 'day.seats.set', slotId: 10101, seats: 2, reason: 'Short of drivers' });
    await settle();
    actor.send({ type: 'day.stock.set', offerId: 7, stock: 4, reason: 'Recount' });
    await settle();
    expect(sent).toEqual([
      { role: 'staff', change: { kind: 'seats', locId: 101, date: input.date, slotId: 10101, seats: 2, reason: 'Short of drivers' } },
      { role: 'staff', change: { kind: 'stock', offerId: 7, stock: 4, reason: 'Recount' } },
    ]);
  });

  it('enables Close, Reopen and the Saves exactly where the machine takes them: not after a read failed, with the old day drawn', async () => {
    const reads: { resolve: (reply: CapacityDayReply) => void; reject: (error: unknown) => void }[] = [];
    let refuse: (error: unknown) => void = () => undefined;
    const machine = sellerDayMachine.provide({
      actors: {
        loadDay: fromPromise<CapacityDayReply, { role: 'seller' | 'staff'; locId: number; date: string }>(
          () => new Promise((resolve, reject) => reads.push({ resolve, reject })),
        ),
        sendChange: fromPromise<unknown, { role: 'seller' | 'staff'; change: CapacityChange }>(() => new Promise((_, reject) => (refuse = reject))),
      },
    });
    const actor = createActor(machine, { input });
    const seen = new Map<string, boolean>();
    actor.subscribe((s) => {
      seen.set(String(s.value), selectSellerDayEditable(s));
      for (const event of [
        { type: 'day.close' },
        { type: 'day.reopen' },
        { type: 'day.seats.set', slotId: 10101, seats: 2 },
        { type: 'day.stock.set', offerId: 7, stock: 3 },
      ] as const)
        expect(selectSellerDayEditable(s), `${String(s.value)} ${event.type}`).toBe(s.can(event));
    });
    actor.start();
    expect(selectSellerDayEditable(actor.getSnapshot())).toBe(false);
    reads.at(-1)?.resolve({ code: 1, data: day });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    expect(selectSellerDayEditable(actor.getSnapshot())).toBe(true);
    // Another date whose read fails: the day before is still drawn, but the machine takes only a retry.
    actor.send({ type: 'day.date.choose', date: '2026-12-05' });
    reads.at(-1)?.reject(new Error('offline'));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.day).toEqual(day);
    expect(selectSellerDayEditable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'day.retry' });
    reads.at(-1)?.resolve({ code: 1, data: day });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    actor.send({ type: 'day.close' });
    expect(selectSellerDayEditable(actor.getSnapshot())).toBe(false);
    reads.at(-1)?.resolve({ code: 1, data: day });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirmingClose'));
    expect(selectSellerDayEditable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'day.close.confirm' });
    refuse(new ApiError('This day is one of the store’s holidays.', 409, 409));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    expect(Object.fromEntries(seen)).toEqual({
      loading: false,
      shown: true,
      failed: false,
      readingBeforeClose: false,
      confirmingClose: false,
      saving: false,
    });
    actor.stop();
  });
});
