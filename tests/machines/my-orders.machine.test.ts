import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { MyOrdersReply, OrderStatusReply } from '../../src/api/contract/checkout.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { myOrdersMachine, type MyOrdersContext } from '../../src/machines/account/my-orders.machine.ts';
import { selectCanLoadMoreOrders, selectCanToggleOrder } from '../../src/machines/account/index.ts';
import { done, failed, labelled } from './machine-events.ts';
import { order } from './order-fixtures.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const orders = [
  order('1003', 'Courier Delivery'),
  order('1002', 'Pickup'),
  order('1001', 'Local Delivery'),
  order('1000', 'Dine-in'),
  order('0999', 'Farm Direct'),
];

const { label } = labelled();
const loaded = label('loadOrders: five orders', done('loadOrders', { code: 1, data: orders }));
const refused = label('loadOrders: code -1', done('loadOrders', { code: -1, message: 'Not now' }));
const offline = label('loadOrders: offline', failed('loadOrders'));
const loadedWithMore = label('loadOrders: five orders, more older', done('loadOrders', { code: 1, data: orders, has_more: true }));
const olderLoaded = label('loadMoreOrders: one older', done('loadMoreOrders', { code: 1, data: [order('0998', 'Pickup')], has_more: false }));
const olderRefused = label('loadMoreOrders: code -1', done('loadMoreOrders', { code: -1, message: 'Not now' }));
const olderOffline = label('loadMoreOrders: offline', failed('loadMoreOrders'));
const moved = { ...order('1001', 'Local Delivery'), status: 'canceled' };
const orderReloaded = label('loadOrder: 1001 moved', done('loadOrder', { code: 1, data: moved }));
const orderRefused = label('loadOrder: code -1', done('loadOrder', { code: -1, message: 'Not now' }));
const orderOffline = label('loadOrder: offline', failed('loadOrder'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded, loadedWithMore, refused, offline];
  if (snapshot.matches('failed')) return [{ type: 'orders.retry' }];
  if (snapshot.matches('loadingMore')) return [olderLoaded, olderRefused, olderOffline, { type: 'order.changed', incrementId: '1001' }];
  if (snapshot.matches('refreshingOrder'))
    return [orderReloaded, orderRefused, orderOffline, { type: 'order.toggle', incrementId: '1001' }, { type: 'order.changed', incrementId: '1003' }];
  if (snapshot.matches('ready'))
    return [
      { type: 'order.toggle', incrementId: '1003' },
      { type: 'order.toggle', incrementId: '1001' },
      { type: 'order.toggle', incrementId: 'nope' },
      { type: 'orders.more' },
      { type: 'order.changed', incrementId: '1001' },
    ];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as MyOrdersContext;
  return JSON.stringify([snapshot.value, [...c.openIds].sort(), c.orders.length, c.hasMore, c.moreError, c.changedIds]);
};

describe('my orders paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(myOrdersMachine, { events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(myOrdersMachine, plan, undefined);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    // The graph merges states by their open set, so compare sets.
    const open = (context: unknown) => [...(context as MyOrdersContext).openIds].sort();
    expect(open(result.snapshot.context)).toEqual(open(plan.expected.context));
  });

  it(coverageTitle(myOrdersMachine), () => {
    expect([...allStateIds(myOrdersMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(myOrdersMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('my orders behaviour', () => {
  it('asks again every order changed while older orders load or another is asked, none lost', async () => {
    const asked: string[] = [];
    const answers: ((reply: OrderStatusReply) => void)[] = [];
    let older = (_reply: MyOrdersReply) => undefined as void;
    const machine = myOrdersMachine.provide({
      actors: {
        loadOrders: fromPromise<MyOrdersReply>(async () => ({ code: 1, data: orders, has_more: true })),
        loadMoreOrders: fromPromise<MyOrdersReply, { before: string | undefined }>(() => new Promise((resolve) => (older = resolve))),
        loadOrder: fromPromise<OrderStatusReply, { orderId: string }>(({ input }) => {
          asked.push(input.orderId);
          return new Promise((resolve) => answers.push(resolve));
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'orders.more' });
    // Moved while older orders load: noted, not dropped, and asked once they are in.
    actor.send({ type: 'order.changed', incrementId: '1001' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    older({ code: 1, data: [order('0998', 'Pickup')], has_more: false });
    await waitFor(actor, (s) => s.matches('refreshingOrder'));
    expect(asked).toEqual(['1001']);
    expect(actor.getSnapshot().context.orders).toHaveLength(6);
    // Two more changes while 1001 is asked: 1003, then 1001 again (the answer on its way may predate it).
    actor.send({ type: 'order.changed', incrementId: '1003' });
    actor.send({ type: 'order.changed', incrementId: '1001' });
    actor.send({ type: 'order.changed', incrementId: '1003' });
    answers.shift()?.({ code: 1, data: orders[2] });
    await vi.waitFor(() => expect(asked).toEqual(['1001', '1003']));
    answers.shift()?.({ code: 1, data: { ...orders[0]!, status: 'canceled' } });
    await vi.waitFor(() => expect(asked).toEqual(['1001', '1003', '1001']));
    answers.shift()?.({ code: 1, data: moved });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.changedIds).toEqual([]);
    expect(actor.getSnapshot().context.orders.find((o) => o.increment_id === '1003')?.status).toBe('canceled');
    expect(actor.getSnapshot().context.orders.find((o) => o.increment_id === '1001')?.status).toBe('canceled');
    actor.stop();
  });

  it('sorts orders into the three panels, relabelling the delivering methods, with the first of each open', async () => {
    const machine = myOrdersMachine.provide({ actors: { loadOrders: fromPromise<MyOrdersReply>(async () => ({ code: 1, data: orders })) } });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const { panels, openIds } = actor.getSnapshot().context;
    expect(panels.delivery.map((o) => o.increment_id)).toEqual(['1003', '1001', '0999']);
    expect(panels.pickup.map((o) => o.increment_id)).toEqual(['1002']);
    expect(panels.dineIn.map((o) => o.increment_id)).toEqual(['1000']);
    expect(openIds).toEqual(['1003', '1002', '1000']);
    actor.send({ type: 'order.toggle', incrementId: '1003' });
    actor.send({ type: 'order.toggle', incrementId: '1001' });
    expect(actor.getSnapshot().context.openIds).toEqual(['1002', '1000', '1001']);
  });

  it('loads the page older than the last order shown, keeping what is shown and what is open (issue 26)', async () => {
    const asked: (string | undefined)[] = [];
    const machine = myOrdersMachine.provide({
      actors: {
        loadOrders: fromPromise<MyOrdersReply>(async () => ({ code: 1, data: orders, has_more: true })),
        loadMoreOrders: fromPromise<MyOrdersReply, { before: string | undefined }>(async ({ input }) => {
          asked.push(input.before);
          return { code: 1, data: [order('0998', 'Pickup')], has_more: false };
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.hasMore).toBe(true);
    actor.send({ type: 'orders.more' });
    await waitFor(actor, (s) => s.matches('ready') && !s.context.hasMore);
    expect(asked).toEqual(['0999']);
    const { panels, openIds } = actor.getSnapshot().context;
    expect(panels.pickup.map((o) => o.increment_id)).toEqual(['1002', '0998']);
    expect(openIds).toEqual(['1003', '1002', '1000']);
    // Nothing older: the event is ignored.
    actor.send({ type: 'orders.more' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('a failed "More orders" keeps the orders shown and says why', async () => {
    const machine = myOrdersMachine.provide({
      actors: {
        loadOrders: fromPromise<MyOrdersReply>(async () => ({ code: 1, data: orders, has_more: true })),
        loadMoreOrders: fromPromise<MyOrdersReply, { before: string | undefined }>(async () => {
          throw new Error('offline');
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'orders.more' });
    await waitFor(actor, (s) => s.context.moreError !== undefined);
    expect(actor.getSnapshot().context).toMatchObject({ moreError: 'Older orders could not be loaded.', hasMore: true });
    expect(actor.getSnapshot().context.orders).toHaveLength(orders.length);
  });

  it('shows the error and loads again on retry', async () => {
    let calls = 0;
    const machine = myOrdersMachine.provide({
      actors: {
        loadOrders: fromPromise<MyOrdersReply>(async () => {
          calls += 1;
          if (calls === 1) throw new ApiError('You are not connected to internet', 500, 0);
          return { code: 1, data: [] };
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.loadError).toBe('You are not connected to internet');
    actor.send({ type: 'orders.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.panels).toEqual({ delivery: [], pickup: [], dineIn: [] });
  });

  it('an order moved in its change panel is asked again and shown with its new date, in place and still open', async () => {
    const asked: string[] = [];
    const movedOrder = order('1001', 'Local Delivery');
    const machine = myOrdersMachine.provide({
      actors: {
        loadOrders: fromPromise<MyOrdersReply>(async () => ({ code: 1, data: orders })),
        loadOrder: fromPromise<OrderStatusReply, { orderId: string }>(async ({ input }) => {
          asked.push(input.orderId);
          return { code: 1, data: { ...movedOrder, items: movedOrder.items.map((i) => ({ ...i, delivery_date: '2030-07-09' })) } };
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'order.toggle', incrementId: '1001' });
    actor.send({ type: 'order.changed', incrementId: '1001' });
    expect(actor.getSnapshot().matches('refreshingOrder')).toBe(true);
    // Everything stays on screen meanwhile.
    expect(actor.getSnapshot().context.panels.delivery.map((o) => o.increment_id)).toEqual(['1003', '1001', '0999']);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual(['1001']);
    const { panels, openIds } = actor.getSnapshot().context;
    expect(panels.delivery.map((o) => o.increment_id)).toEqual(['1003', '1001', '0999']);
    expect(panels.delivery[1]?.items.map((i) => i.delivery_date)).toEqual(['2030-07-09']);
    expect(openIds).toContain('1001');
  });

  it("enables 'More orders' and the order headers exactly where the machine takes them (a click elsewhere would be dropped)", async () => {
    // Each call waits for the test's answer, so every state can be looked at.
    const pending: Record<string, ((reply: unknown) => void)[]> = {};
    const held =
      <T>(id: string) =>
      () =>
        new Promise<T>((resolve) => (pending[id] ??= []).push(resolve as (reply: unknown) => void));
    const answer = async (id: string, reply: unknown) => {
      await vi.waitFor(() => expect(pending[id]?.length).toBe(1));
      pending[id]?.shift()?.(reply);
    };
    const machine = myOrdersMachine.provide({
      actors: {
        loadOrders: fromPromise<MyOrdersReply>(held('loadOrders')),
        loadMoreOrders: fromPromise<MyOrdersReply, { before: string | undefined }>(held('loadMoreOrders')),
        loadOrder: fromPromise<OrderStatusReply, { orderId: string }>(held('loadOrder')),
      },
    });
    const seen = new Map<string, { more: boolean; toggle: boolean }>();
    const actor = createActor(machine);
    actor.subscribe((s) => {
      expect(selectCanLoadMoreOrders(s), String(s.value)).toBe(s.can({ type: 'orders.more' }));
      expect(selectCanToggleOrder('1001')(s), String(s.value)).toBe(s.can({ type: 'order.toggle', incrementId: '1001' }));
      seen.set(String(s.value), { more: selectCanLoadMoreOrders(s), toggle: selectCanToggleOrder('1001')(s) });
    });
    actor.start();
    await answer('loadOrders', { code: 1, data: orders, has_more: true });
    await waitFor(actor, (s) => s.matches('ready'));
    // A Move or Cancel in an order's change panel: that order is asked again.
    actor.send({ type: 'order.changed', incrementId: '1001' });
    await answer('loadOrder', { code: 1, data: moved });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'orders.more' });
    await answer('loadMoreOrders', { code: 1, data: [order('0998', 'Pickup')], has_more: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
    expect(Object.fromEntries(seen)).toEqual({
      loading: { more: false, toggle: false },
      ready: { more: true, toggle: true },
      refreshingOrder: { more: false, toggle: true },
      loadingMore: { more: false, toggle: false },
    });
  });
});
