import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { storeDoorMachine, type StoreDoorInput } from '../../src/machines/store-door/store-door.machine.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const forgotten = { type: 'storeDoor.age.forgotten' };
const eventsFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] => (snapshot.matches('inStore') ? [forgotten] : []);
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

const scenarios: { name: string; stored: SessionValues }[] = [
  { name: 'a store page on a first visit', stored: {} },
  { name: 'a store page, answered', stored: { ageGateVerified: true } },
];

describe('store door paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const scenario of scenarios) {
    const input = (): StoreDoorInput => ({ session: createActor(sessionMachine, { input: scenario.stored }).start() });
    const plans = planPaths(storeDoorMachine, { input: input(), events: eventsFor, serializeState });
    describe(scenario.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const goToLanding = vi.fn();
        const result = replay(storeDoorMachine.provide({ actions: { goToLanding } }), plan, input());
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        // Either the page shows, or the shopper is sent to the age question, once.
        expect(goToLanding).toHaveBeenCalledTimes(result.snapshot.value === 'turnedBack' ? 1 : 0);
      });
    });
  }

  it(coverageTitle(storeDoorMachine), () => {
    expect([...allStateIds(storeDoorMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(storeDoorMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('store door with a real session', () => {
  it('turns a store page back to the age question when logging out clears the answer', () => {
    const session = createActor(sessionMachine, { input: { ageGateVerified: true, zipcode: '60601' } }).start();
    const goToLanding = vi.fn();
    const door = createActor(storeDoorMachine.provide({ actions: { goToLanding } }), { input: { session } }).start();
    expect(door.getSnapshot().value).toBe('inStore');
    session.send({ type: 'session.update', values: { zipcode: '10001' } });
    expect(door.getSnapshot().value).toBe('inStore');
    session.send({ type: 'session.logout' });
    expect(door.getSnapshot().value).toBe('turnedBack');
    expect(goToLanding).toHaveBeenCalledOnce();
  });

  it('sends a first visit to the age question at once', () => {
    const session = createActor(sessionMachine, { input: {} }).start();
    const goToLanding = vi.fn();
    const door = createActor(storeDoorMachine.provide({ actions: { goToLanding } }), { input: { session } }).start();
    expect(door.getSnapshot().value).toBe('turnedBack');
    expect(goToLanding).toHaveBeenCalledOnce();
  });
});
