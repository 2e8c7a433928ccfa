import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { transitionKey } from '../machines/path-coverage.ts';
import { coverageReport, machineShape, reachFromJson, reachFromLines, reachFromRecords, shapesInReport } from './flow-coverage.ts';

const door = setup({}).createMachine({
  id: 'door',
  initial: 'shut',
  states: { shut: { on: { 'door.open': 'open' } }, open: { on: { 'door.shut': 'shut' } } },
});
const other = setup({}).createMachine({ id: 'other', initial: 'idle', states: { idle: {} } });
const catalogue = [
  { id: 'door', file: 'src/machines/door.machine.ts', exportName: 'doorMachine', machine: door },
  { id: 'other', file: 'src/machines/other.machine.ts', exportName: 'otherMachine', machine: other },
];
const openKey = transitionKey(door.root.states.shut!.transitions.get('door.open')![0]!);

describe('the coverage report', () => {
  const unit = reachFromLines([
    { machine: 'door', states: ['door', 'door.shut'], transitions: [openKey] },
    { machine: 'door', states: ['door.open'], transitions: [] },
  ]);
  const browser = reachFromJson({ door: { states: ['door.shut', 'gone.state'], transitions: [openKey] } });
  const report = coverageReport(catalogue, unit, browser, [], new Map([['door', 3]]));

  it('counts what each kind of test reached out of what the machine has, ignoring keys it no longer has', () => {
    expect(report).toContain('| [door](README.md#door) | 2 | 2 | 3 | 2/2 ✓ | 1/2 | 1/2 | 1/2 | no records | — |');
  });

  it('says "no generated journeys" for a machine the browser reach does not name', () => {
    expect(report).toContain('| [other](README.md#other) | 1 | 0 | — | 0/1 | 0/0 ✓ | no generated journeys | — | no records | — |');
  });

  it('lists what is not reached, per kind of test', () => {
    expect(report).toContain('door.open --door.shut--> door.shut');
    expect(report).toContain('- `state door.open`');
  });

  it('carries the shape of every machine it counted, so a changed machine shows it is stale', () => {
    expect(shapesInReport(report)).toEqual(
      new Map([
        ['door', machineShape(door)],
        ['other', machineShape(other)],
      ]),
    );
    const moved = setup({}).createMachine({ id: 'door', initial: 'shut', states: { shut: { on: { 'door.open': 'open' } }, open: {} } });
    expect(machineShape(moved)).not.toBe(machineShape(door));
  });

  it('sets what passing browser tests recorded beside the rest, with the reason a transition is not taken where known', () => {
    const shutKey = transitionKey(door.root.states.open!.transitions.get('door.shut')![0]!);
    const recorded = {
      reach: reachFromRecords([
        { record: { door: { states: ['door', 'door.shut'], transitions: [] } } },
        { record: { door: { states: ['door.open'], transitions: [openKey] } } },
      ]),
      tests: 2,
      reasons: new Map([['door', { [shutKey]: 'the door shuts by itself' }]]),
    };
    const withRecords = coverageReport(catalogue, unit, browser, [], new Map(), recorded);
    expect(withRecords).toContain('Recorded from 2 passing Playwright tests.');
    expect(withRecords).toContain('| [door](README.md#door) | 2 | 2 | — | 2/2 ✓ | 1/2 | 1/2 | 1/2 | 2/2 ✓ | 1/2 |');
    expect(withRecords).toContain('| [other](README.md#other) | 1 | 0 | — | 0/1 | 0/0 ✓ | no generated journeys | — | not started | — |');
    expect(withRecords).toContain(`Not taken by any passing Playwright test (recorded):\n\n- \`${shutKey}\` — the door shuts by itself`);
    expect(withRecords).toContain('### Never started by a passing Playwright test (recorded)\n\nother');
  });

  it('refuses a reach.json that is not keyed by machine with state and transition lists', () => {
    expect(() => reachFromJson({ door: { states: 'door.shut' } })).toThrow('door needs "states" and "transitions" arrays');
  });
});
