import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { transitionKey } from '../machines/path-coverage.ts';
import { coverageReport, machineShape, reachFromJson, reachFromLines, shapesInReport } from './flow-coverage.ts';

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
    expect(report).toContain('| [door](README.md#door) | 2 | 2 | 3 | 2/2 ✓ | 1/2 | 1/2 | 1/2 |');
  });

  it('says "no generated journeys" for a machine the browser reach does not name', () => {
    expect(report).toContain('| [other](README.md#other) | 1 | 0 | — | 0/1 | 0/0 ✓ | no generated journeys | — |');
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

  it('refuses a reach.json that is not keyed by machine with state and transition lists', () => {
    expect(() => reachFromJson({ door: { states: 'door.shut' } })).toThrow('door needs "states" and "transitions" arrays');
  });
});
