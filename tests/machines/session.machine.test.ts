import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { allStateIds, allTransitions, planPaths, replay } from './path-coverage.ts';

describe('session', () => {
  const events = [
    { type: 'session.update', values: { zipcode: '10001', Token: 't' } },
    { type: 'session.forget', keys: ['Token'] },
    { type: 'session.logout' },
  ];

  it('path tests reach every state and take every transition', () => {
    const plans = planPaths(sessionMachine, { input: {}, events, serializeState: (s) => JSON.stringify([s.value, s.context]) });
    const taken = new Set<string>();
    const reached = new Set<string>();
    for (const plan of plans) {
      const result = replay(sessionMachine, plan, {});
      expect(result.snapshot.context).toEqual(plan.expected.context);
      result.transitions.forEach((t) => taken.add(t));
      result.states.forEach((s) => reached.add(s));
    }
    expect([...allTransitions(sessionMachine)].filter((t) => !taken.has(t))).toEqual([]);
    expect([...allStateIds(sessionMachine)].filter((s) => !reached.has(s))).toEqual([]);
  });

  it('forgets one value and logout clears every stored value', () => {
    const actor = createActor(sessionMachine, {
      input: { Token: 'secret', cart_id: 'c1', CustomerId: 7, zipcode: '10001', ageGateVerified: true, total_products_in_cart: 2 },
    }).start();
    actor.send({ type: 'session.forget', keys: ['cart_id'] });
    expect(actor.getSnapshot().context.cart_id).toBeUndefined();
    expect(actor.getSnapshot().context.Token).toBe('secret');
    actor.send({ type: 'session.logout' });
    const stored = JSON.parse(JSON.stringify(actor.getSnapshot().context)) as unknown;
    expect(stored).toEqual({});
  });
});
