import { describe, expect, it } from 'vitest';
import { createActor, setup, type InspectionEvent } from 'xstate';
import { addInspection, recordOf, type Sets } from '../../src/dev/flow-record.ts';
import { lostEvents } from '../e2e/flow-records.ts';
import { replay } from '../machines/path-coverage.ts';

/**
 * The recording build's hook (src/dev/flow-record.ts) must name states and transitions exactly as the unit path tests
 * do (tests/machines/path-coverage.ts replay), or `npm run flows:coverage` could not set the two side by side; and it
 * records an invoked child under the child's own machine id.
 */
const child = setup({}).createMachine({ id: 'latch', initial: 'open', states: { open: { on: { 'latch.close': 'closed' } }, closed: {} } });
const door = setup({ guards: { isLocked: ({ context }) => context.locked }, actors: { child } }).createMachine({
  id: 'door',
  context: { locked: false },
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isLocked', target: 'locked' }, { target: 'shut' }] },
    shut: { on: { 'door.open': 'open' } },
    open: { invoke: { src: 'child', id: 'latch' }, on: { 'door.shut': 'shut' } },
    locked: {},
  },
});

function recorded(events: { type: string }[], domEvent?: string) {
  const sets: Sets = new Map();
  const actor = createActor(door, { inspect: (event: InspectionEvent) => addInspection(sets, event, () => domEvent) }).start();
  for (const event of events) actor.send(event);
  actor.stop();
  return recordOf(sets);
}

describe('the flow recorder', () => {
  it('keys the transitions an actor takes as the path tests do, eventless ones included', () => {
    const events = [{ type: 'door.open' }, { type: 'door.shut' }];
    const record = recorded(events);
    const planned = replay(door, { events }, undefined);
    expect(new Set(record.door?.transitions)).toEqual(new Set(planned.transitions));
    expect(record.door?.transitions).toContain('door.checking ----> door.shut');
    expect(new Set(record.door?.states)).toEqual(new Set(planned.states));
  });

  it('records an event a view sent that the state does not take, with the DOM event being handled, and nothing for those it takes', () => {
    const record = recorded([{ type: 'door.shut' }, { type: 'door.open' }, { type: 'door.open' }, { type: 'door.shut' }], 'click');
    expect(record.door?.dropped).toEqual(['door.shut in "shut" on click', 'door.open in "open" on click']);
    expect(recorded([{ type: 'door.shut' }]).door?.dropped).toEqual(['door.shut in "shut"']);
    expect(recorded([{ type: 'door.open' }]).door?.dropped).toBeUndefined();
  });

  it("counts as lost a dropped event sent on the shopper's input, but for a sync meant to repeat (the journeys' fixture fails a test on one)", () => {
    const reach = (dropped: string[]) => ({ states: new Set<string>(), transitions: new Set<string>(), dropped: new Set(dropped) });
    const sets: Sets = new Map([
      ['door', reach(['door.shut in "shut" on click', 'door.open in "open"'])],
      ['auth', reach(['auth.show in {"signIn":"editing"} on click', 'auth.submit in "done" on keydown'])],
      ['camera', reach(['camera.playing in "off" on playing'])],
    ]);
    expect(lostEvents(sets)).toEqual(['auth: auth.submit in "done" on keydown', 'door: door.shut in "shut" on click']);
  });

  it('records an invoked child under its own machine id', () => {
    expect(recorded([{ type: 'door.open' }]).latch?.states).toEqual(['latch', 'latch.open']);
  });
});
