import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { MyOrdersReply } from '../../src/api/contract/checkout.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { myOrdersMachine, type MyOrdersContext } from '../../src/machines/account/my-orders.machine.ts';
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

const { label, eventName } = labelled();
const loaded = label('loadOrders: five orders', done('loadOrders', { code: 1, data: orders }));
const refused = label('loadOrders: code -1', done('loadOrders', { code: -1, message: 'Not now' }));
const offline = label('loadOrders: offline', failed('loadOrders'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded, refused, offline];
  if (snapshot.matches('failed')) return [{ type: 'orders.retry' }];
  if (snapshot.matches('ready'))
    return [
      { type: 'order.toggle', incrementId: '1003' },
      { type: 'order.toggle', incrementId: '1001' },
      { type: 'order.toggle', incrementId: 'nope' },
    ];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as MyOrdersContext;
  return JSON.stringify([snapshot.value, [...c.openIds].sort()]);
};

describe('my orders paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(myOrdersMachine, { events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.events.map(eventName).join(' → ') || '(initial)', p]))('%s', (_name, plan) => {
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
});
