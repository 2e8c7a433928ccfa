import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { StoresReply } from '../../src/api/contract/stores.contract.ts';
import { sampleStoresMachine, type SampleStoresContext } from '../../src/machines/stores/sample-stores.machine.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const { label, eventName } = labelled();
const reply: StoresReply = {
  code: 1,
  data: {
    stores: [
      {
        loc_id: 101,
        name: 'Hudson Street Butchers',
        kind: 'Butcher',
        street1: '512 Hudson St',
        city: 'New York',
        state: 'NY',
        zipcode: '10014',
        telephone: '2125550142',
        latitude: 40.73,
        longitude: -74,
        serves_zip: true,
      },
    ],
  },
};
const loaded = label('loadStores: one store', done('loadStores', reply));
const offline = label('loadStores: offline', failed('loadStores'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded, offline];
  if (snapshot.matches('failed')) return [{ type: 'stores.retry' }];
  return [{ type: 'stores.choose', locId: 101 }];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as SampleStoresContext;
  return JSON.stringify([snapshot.value, c.stores.length, c.chosen ?? null, c.message ?? null]);
};

describe('sample stores paths', () => {
  const input = { zipcode: '10001' };
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(sampleStoresMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.events.map(eventName).join(' → ') || '(initial)', p]))('%s', (_name, plan) => {
    const result = replay(sampleStoresMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    expect((result.snapshot.context as SampleStoresContext).chosen).toEqual((plan.expected.context as SampleStoresContext).chosen);
  });
  it(coverageTitle(sampleStoresMachine), () => {
    expect([...allStateIds(sampleStoresMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(sampleStoresMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});
