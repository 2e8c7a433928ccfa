import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { ZipSuggestionReply } from '../../src/api/contract/dine-in.contract.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { zipSuggestionMachine } from '../../src/machines/entry/zip-suggestion.machine.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const suggestion: ZipSuggestionReply = { code: 1, data: { zipcode: '10002', city: 'New York', state: 'NY', from_city: 'Brooklyn' } };
const offered = label('near New York', done('loadSuggestion', suggestion));
const nothing = label('nothing near', done('loadSuggestion', { code: -1, message: 'No pincode to suggest' }));
const offline = label('offline', failed('loadSuggestion'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('asking')) return [offered, nothing, offline];
  return [{ type: 'suggestion.take' }];
}

const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);
// reportSuggestion sends to the pincode machine that invokes this one; alone, it goes nowhere.
const walkable = zipSuggestionMachine.provide({ actions: { reportSuggestion: () => undefined } });
const scenarios: { name: string; stored: SessionValues }[] = [
  { name: 'no zip yet', stored: {} },
  { name: 'zip chosen', stored: { zipcode: '60601', location: 103 } },
];

describe('zip suggestion paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const scenario of scenarios) {
    const input = () => ({ session: createActor(sessionMachine, { input: scenario.stored }).start() });
    const plans = planPaths(walkable, { input: input(), events: eventsFor, serializeState });
    describe(scenario.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const args = input();
        const result = replay(walkable, plan, args);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        // Never submits anything: the session is untouched whatever happens.
        expect(args.session.getSnapshot().context).toEqual(scenario.stored);
      });
    });
  }

  it(coverageTitle(zipSuggestionMachine), () => {
    expect([...allStateIds(zipSuggestionMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(zipSuggestionMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('zip suggestion behaviour', () => {
  it('asks only without a zip, and hands the offered zip to the dialog when taken', async () => {
    const reportSuggestion = vi.fn();
    const load = vi.fn(async () => suggestion);
    const machine = zipSuggestionMachine.provide({ actors: { loadSuggestion: fromPromise(load) }, actions: { reportSuggestion } });
    const withZip = createActor(machine, { input: { session: createActor(sessionMachine, { input: { zipcode: '60601' } }).start() } }).start();
    expect(withZip.getSnapshot().value).toBe('unneeded');
    const actor = createActor(machine, { input: { session: createActor(sessionMachine, { input: {} }).start() } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('offered'));
    expect(load).toHaveBeenCalledOnce();
    actor.send({ type: 'suggestion.take' });
    expect(reportSuggestion).toHaveBeenCalledWith(expect.anything(), { zipcode: '10002' });
  });
});
