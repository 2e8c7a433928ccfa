import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { maxToasts, notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { allStateIds, allTransitions, planPaths, replay } from './path-coverage.ts';

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('path tests reach every state and take every transition', () => {
    // Dismissals name the ids actually showing, so states that look alike also behave alike.
    const events = (snapshot: SnapshotFrom<typeof notificationsMachine>): AnyEventObject[] => [
      { type: 'toast.show', kind: 'success', message: 'Saved' },
      { type: 'toast.show', kind: 'error', message: 'Failed' },
      ...snapshot.context.toasts.slice(0, 1).map((t) => ({ type: 'toast.dismiss', id: t.id })),
      { type: 'snackbar.show', message: 'Pin Code Changed' },
      ...(snapshot.context.snackbar ? [{ type: 'snackbar.dismiss', id: snapshot.context.snackbar.id }] : []),
    ];
    const plans = planPaths(notificationsMachine, {
      events: (snapshot) => events(snapshot as SnapshotFrom<typeof notificationsMachine>),
      // Ids grow with every toast: the graph would never end, so states are told apart by what shows.
      serializeState: (s) => JSON.stringify([s.value, Math.min(s.context.toasts.length, 2), s.context.snackbar !== undefined]),
    });
    const taken = new Set<string>();
    const reached = new Set<string>();
    for (const plan of plans) {
      const result = replay(notificationsMachine, plan, undefined);
      // Ids are counters that the graph walk and a live actor number differently, so paths check the state and
      // coverage; the tests below check what shows and when it goes.
      expect(result.snapshot.value).toEqual(plan.expected.value);
      expect(result.snapshot.status).toBe('active');
      result.transitions.forEach((t) => taken.add(t));
      result.states.forEach((s) => reached.add(s));
    }
    expect([...allTransitions(notificationsMachine)].filter((t) => !taken.has(t))).toEqual([]);
    expect([...allStateIds(notificationsMachine)].filter((s) => !reached.has(s))).toEqual([]);
  });

  it('hides a success toast after 10 s and an error after 6 s', () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'toast.show', kind: 'success', message: 'Added' });
    actor.send({ type: 'toast.show', kind: 'error', message: 'Out of stock' });
    vi.advanceTimersByTime(6_001);
    expect(actor.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['Added']);
    vi.advanceTimersByTime(4_000);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });

  it(`keeps at most ${maxToasts} toasts, dropping the oldest`, () => {
    const actor = createActor(notificationsMachine).start();
    for (let i = 1; i <= 10; i += 1) actor.send({ type: 'toast.show', kind: 'error', message: `m${i}` });
    const messages = actor.getSnapshot().context.toasts.map((t) => t.message);
    expect(messages).toHaveLength(maxToasts);
    expect(messages[0]).toBe('m3');
  });

  it('a newer snackbar keeps its full 6 s', () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'snackbar.show', message: 'first' });
    vi.advanceTimersByTime(4_000);
    actor.send({ type: 'snackbar.show', message: 'Pin Code Changed' });
    vi.advanceTimersByTime(2_500);
    expect(actor.getSnapshot().context.snackbar?.message).toBe('Pin Code Changed');
    vi.advanceTimersByTime(3_600);
    expect(actor.getSnapshot().context.snackbar).toBeUndefined();
  });
});
