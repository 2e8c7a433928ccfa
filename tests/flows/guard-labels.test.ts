import { describe, expect, it } from 'vitest';
import { and, createMachine, not, or, setup, stateIn } from 'xstate';
import { mermaidChart } from '../../src/dev/flows/mermaid-chart.ts';
import { outlineOf } from '../../src/dev/flows/statechart-outline.ts';
import { visualiserConfig } from '../../src/dev/flows/visualiser-config.ts';
import { allTransitions } from '../machines/path-coverage.ts';

/** Guards composed with and/or/not/stateIn read as the named guards they are made of, wherever a chart shows them. */
const door = setup({
  guards: { isSignedIn: () => true, hasStock: () => true, isOpen: () => true, isStaff: () => true },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'door.open': [
          { guard: and(['isSignedIn', not('hasStock')]), target: 'waiting' },
          { guard: or(['isStaff', and(['isSignedIn', { type: 'isOpen' }])]), target: 'open' },
          { guard: stateIn('#door.closed'), target: 'open' },
          { guard: () => true, target: 'open' },
        ],
      },
    },
    waiting: {},
    open: {},
  },
});
const outline = outlineOf(door);
const guards = outline.transitions.map((t) => t.guard);

describe('composed guards', () => {
  it('name the guards they are built from, nested compositions in parentheses; an anonymous function stays inline', () => {
    expect(guards).toEqual(['isSignedIn and not(hasStock)', 'isStaff or (isSignedIn and isOpen)', 'in(#door.closed)', 'inline']);
  });

  it('keep the transition keys path tests and journeys record (inline)', () => {
    expect(new Set(outline.transitions.map((t) => t.key))).toEqual(allTransitions(door));
    expect(outline.transitions[0]?.key).toBe('door.closed --door.open[inline]--> door.waiting');
  });

  it('show in the Mermaid chart (the README index and the /flows page draw from the same labels)', () => {
    const chart = mermaidChart(outline);
    expect(chart).toContain('s_door_closed --> s_door_waiting : door.open [isSignedIn and not(hasStock)]');
    expect(chart).toContain('s_door_closed --> s_door_open : door.open [isStaff or (isSignedIn and isOpen)]');
  });

  it('go into the Stately JSON by their composition, which XState reads back as the guard name', () => {
    const rebuilt = createMachine(JSON.parse(JSON.stringify(visualiserConfig(outline))) as Parameters<typeof createMachine>[0]);
    expect(outlineOf(rebuilt).transitions.map((t) => t.guard)).toEqual(guards);
  });
});
