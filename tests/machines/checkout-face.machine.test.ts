import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { checkoutFaceMachine } from '../../src/machines/checkout-face.machine.ts';
import { pathName } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay } from './path-coverage.ts';

// The face step's slot: the identity issue fills it in; 'face.verified' ends it.
describe('checkout face paths', () => {
  const plans = planPaths(checkoutFaceMachine, {
    events: [{ type: 'face.verified' }],
    serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value),
  });
  const reached = new Set<string>();
  const taken = new Set<string>();
  it(`replays ${plans.length} paths`, () => {
    for (const plan of plans) {
      const result = replay(checkoutFaceMachine, plan, undefined);
      expect(result.snapshot.value, pathName(plan.events)).toEqual(plan.expected.value);
      result.states.forEach((s) => reached.add(s));
      result.transitions.forEach((t) => taken.add(t));
    }
  });
  it(coverageTitle(checkoutFaceMachine), () => {
    expect([...allStateIds(checkoutFaceMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutFaceMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});
