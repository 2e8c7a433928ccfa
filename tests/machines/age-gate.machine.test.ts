import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ageGateMachine } from '../../src/machines/entry/age-gate.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

// The entry machine starts the age gate only for a shopper who has not answered (entry.machine.test.ts).
const newSession = () => createActor(sessionMachine, { input: {} }).start();

const events = [{ type: 'age.confirm' }, { type: 'age.deny' }, { type: 'age.back' }] as const;
const serializeState = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

const plans = planPaths(ageGateMachine, { input: { session: newSession() }, events: [...events], serializeState });

describe('age gate paths', () => {
  const takenTransitions = new Set<string>();
  const reachedStates = new Set<string>();

  describe('first visit', () => {
    it.each(plans.map((plan): [string, PathPlan] => [plan.name, plan]))('%s', (_name, plan) => {
      const session = newSession();
      const result = replay(ageGateMachine, plan, { session });
      result.transitions.forEach((t) => takenTransitions.add(t));
      result.states.forEach((s) => reachedStates.add(s));
      expect(result.snapshot.value).toEqual(plan.expected.value);
      // Only "Yes" records the answer; "No" leaves the session untouched.
      const confirmed = plan.events.some((e) => e.type === 'age.confirm');
      expect(session.getSnapshot().context.ageGateVerified === true).toBe(confirmed);
    });
  });

  it(coverageTitle(ageGateMachine), () => {
    expect([...allStateIds(ageGateMachine)].filter((id) => !reachedStates.has(id))).toEqual([]);
    expect([...allTransitions(ageGateMachine)].filter((t) => !takenTransitions.has(t))).toEqual([]);
  });
});
