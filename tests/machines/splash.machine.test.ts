import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { splashLifetimeMs, splashMachine } from '../../src/machines/entry/splash.machine.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const events = [{ type: 'splash.skip' }, { type: 'xstate.after.splashLifetime.splash.showing' }];
const serializeState = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

describe('splash paths', () => {
  const plans = planPaths(splashMachine, { input: undefined, events, serializeState });
  const reached = new Set<string>();
  const taken = new Set<string>();

  it.each(plans.map((plan): [string, PathPlan] => [plan.name, plan]))('%s', (_name, plan) => {
    const goToStore = vi.fn();
    const result = replay(splashMachine.provide({ actions: { goToStore } }), plan, undefined);
    result.states.forEach((s) => reached.add(s));
    result.transitions.forEach((t) => taken.add(t));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    expect(goToStore).toHaveBeenCalledTimes(plan.expected.value === 'leaving' ? 1 : 0);
  });

  it(coverageTitle(splashMachine), () => {
    expect([...allStateIds(splashMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(splashMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('splash timing', () => {
  it('opens the store by itself after the banner time, once', () => {
    vi.useFakeTimers();
    try {
      const goToStore = vi.fn();
      const actor = createActor(splashMachine.provide({ actions: { goToStore } })).start();
      vi.advanceTimersByTime(splashLifetimeMs - 1);
      expect(goToStore).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(goToStore).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().status).toBe('done');
      actor.send({ type: 'splash.skip' });
      expect(goToStore).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
