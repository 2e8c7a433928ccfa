import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { entryMachine, type EntryInput } from '../../src/machines/entry/entry.machine.ts';
import { pincodeMachine } from '../../src/machines/entry/pincode.machine.ts';
import { zipSuggestionMachine } from '../../src/machines/entry/zip-suggestion.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { done, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, neverSettling, planPaths, replay, type PathPlan } from './path-coverage.ts';

const ageAnswered = label('age answered', done('ageGate', undefined));
const zipChosen = label('pincode chosen', done('pincode', { area: { zipcode: '60601', state: 'IL', city: 'Chicago', loc_id: 103 }, changed: false }));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('askingAge')) return [ageAnswered];
  if (snapshot.matches('askingPincode')) return [zipChosen];
  return [];
}

// The children record their answers in the session; the graph only sees their done events.
const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);
// The real pincode child, without the geo-IP suggestion (it would call the server).
const offline = entryMachine.provide({
  actors: { pincode: pincodeMachine.provide({ actors: { zipSuggestion: neverSettling(zipSuggestionMachine) } }) },
});

const scenarios: { name: string; stored: SessionValues }[] = [
  { name: "'/' on a first visit", stored: {} },
  { name: "'/' answered, no pincode", stored: { ageGateVerified: true } },
  { name: "'/' answered, with a pincode", stored: { ageGateVerified: true, zipcode: '60601' } },
];

describe('entry paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const scenario of scenarios) {
    const input = (): EntryInput => ({ session: createActor(sessionMachine, { input: scenario.stored }).start() });
    const plans = planPaths(entryMachine, { input: input(), events: eventsFor, serializeState });
    describe(scenario.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const goToStore = vi.fn();
        const result = replay(entryMachine.provide({ actions: { goToStore } }), plan, input());
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        // One way out: the store, once both questions are answered.
        expect(goToStore).toHaveBeenCalledTimes(result.snapshot.value === 'enteringStore' ? 1 : 0);
      });
    });
  }

  it(coverageTitle(entryMachine), () => {
    expect([...allStateIds(entryMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(entryMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('entry with its real children', () => {
  it('asks the age, then the pincode, and opens the store once the shopper answers both', () => {
    const session = createActor(sessionMachine, { input: {} }).start();
    const goToStore = vi.fn();
    const actor = createActor(offline.provide({ actions: { goToStore } }), { input: { session } }).start();
    const ageGate = actor.getSnapshot().children.ageGate;
    expect(ageGate?.getSnapshot().value).toBe('asking');
    ageGate?.send({ type: 'age.deny' });
    expect(actor.getSnapshot().value).toBe('askingAge');
    ageGate?.send({ type: 'age.back' });
    ageGate?.send({ type: 'age.confirm' });
    expect(session.getSnapshot().context.ageGateVerified).toBe(true);
    expect(actor.getSnapshot().value).toBe('askingPincode');
    // The pincode dialog on '/' cannot be closed.
    const pincode = actor.getSnapshot().children.pincode;
    pincode?.send({ type: 'pincode.cancel' });
    expect(actor.getSnapshot().value).toBe('askingPincode');
    expect(goToStore).not.toHaveBeenCalled();
    actor.stop();
  });

  it('loads in plain Node with no session: the definition reads nothing at import', () => {
    expect(entryMachine.id).toBe('entry');
    expect(entryMachine.root.description).toMatch(/age question/);
  });
});
