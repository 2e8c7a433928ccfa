import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * Issue 13: an analyst reads the statecharts in the Stately visualiser, so every machine says what it is for and every
 * state what the shopper is doing there; and every definition loads in plain Node (this test runs with no browser,
 * session or server) and its JSON definition survives JSON.stringify, which is what the visualiser imports.
 */
const machineModules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.machine.ts', { eager: true });
const machineSources = import.meta.glob<string>('../../src/machines/**/*.{machine,setup}.ts', { eager: true, query: '?raw', import: 'default' });

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getInitialSnapshot' in value && 'toJSON' in value;
}

const machines = Object.entries(machineModules).flatMap(([file, exports]) => {
  const name = /([^/]+)\.machine\.ts$/.exec(file)?.[1] ?? file;
  return Object.values(exports)
    .filter(isMachine)
    .map((machine) => ({ name, machine }));
});

function stateNodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodesOf)];
}

/** The visualiser's JSON: every state's id, description and the events it takes, to compare before and after stringify. */
interface JsonStateNode {
  id: string;
  description?: string | undefined;
  on?: Record<string, unknown>;
  states?: Record<string, JsonStateNode>;
}

function shapeOf(node: JsonStateNode): string[] {
  return [`${node.id} (${node.description ?? ''}): ${Object.keys(node.on ?? {}).join(', ')}`, ...Object.values(node.states ?? {}).flatMap(shapeOf)];
}

describe('statechart descriptions', () => {
  it('finds every machine file, one machine each', () => {
    expect(Object.keys(machineModules).length).toBeGreaterThan(30);
    expect(machines.map(({ name }) => name).sort()).toEqual(
      Object.keys(machineModules)
        .map((file) => /([^/]+)\.machine\.ts$/.exec(file)?.[1])
        .sort(),
    );
  });

  it('describes every machine and every state it has', () => {
    const missing = machines.flatMap(({ name, machine }) =>
      stateNodesOf(machine.root)
        .filter((node) => !node.description?.trim())
        .map((node) => `${name}: #${node.id}`),
    );
    expect(missing, 'these states need a `description` in plain shopper language').toEqual([]);
  });

  it('describes every transition that a guard chooses between', () => {
    const missing = machines.flatMap(({ name, machine }) =>
      stateNodesOf(machine.root).flatMap((node) =>
        [...node.transitions.entries(), ['(always)', node.always ?? []] as const]
          .filter(([, candidates]) => candidates.length > 1)
          .flatMap(([event, candidates]) =>
            candidates.flatMap((transition, index) => (transition.description?.trim() ? [] : [`${name}: #${node.id} on ${event} (${index + 1})`])),
          ),
      ),
    );
    expect(missing, 'an event with several guarded answers needs a `description` on each').toEqual([]);
  });
});

describe('statechart definitions load without a session', () => {
  it.each(machines.map(({ name, machine }) => [name, machine] as const))('%s round-trips through JSON', (_, machine) => {
    const json: JsonStateNode = machine.toJSON();
    const parsed: JsonStateNode = JSON.parse(JSON.stringify(json));
    expect(parsed.id).toBe(machine.id);
    expect(shapeOf(parsed)).toEqual(shapeOf(json));
  });

  // What a definition must not reach for: the page, the browser's storage, or the clock (machines take a clock in input).
  const runtimeReads = /\b(?:window|document|localStorage|sessionStorage|navigator|globalThis)\.|\bDate\.now\(|\bperformance\.now\(/;

  it('reads no browser global or clock in any machine file', () => {
    const readers = Object.entries(machineSources).flatMap(([file, source]) =>
      source.split('\n').flatMap((line, index) => (runtimeReads.test(line) ? [`${file.replace('../../', '')}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(readers, 'pass these in through input, or as actors and actions provided where the machine is created').toEqual([]);
  });
});
