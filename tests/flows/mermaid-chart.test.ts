import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { chartIdOf, mermaidChart } from '../../src/dev/flows/mermaid-chart.ts';
import { outlineOf } from '../../src/dev/flows/statechart-outline.ts';

/** The chart's grammar on a small machine with each construct: regions, a fallback, an any-state arrow, a final state. */
const lamp = setup({ guards: { isCharged: () => true } }).createMachine({
  id: 'lamp',
  type: 'parallel',
  states: {
    power: {
      initial: 'off',
      on: { 'lamp.reset': '.off' },
      states: {
        off: { description: 'Dark; waiting for the switch', on: { 'lamp.switch': [{ guard: 'isCharged', target: 'on' }, { target: 'broken' }] } },
        on: { on: { 'lamp.switch': 'off', 'lamp.dim': { actions: [] } } },
        broken: { type: 'final' },
      },
    },
    timer: { initial: 'idle', states: { idle: { after: { 500: 'idle' } } } },
  },
});
const chart = mermaidChart(outlineOf(lamp));

describe('mermaidChart', () => {
  it('draws a parallel machine as one box split into regions, each with its initial state', () => {
    expect(chart).toContain('state "lamp" as s_lamp {');
    expect(chart).toMatch(/\}\n\s+--\n\s+state "timer"/);
    expect(chart).toContain('[*] --> s_lamp_power_off');
  });

  it('labels arrows with event and guard, the fallback as otherwise, timers and final states', () => {
    expect(chart).toContain('s_lamp_power_off --> s_lamp_power_on : lamp.switch [isCharged]');
    expect(chart).toContain('s_lamp_power_off --> s_lamp_power_broken : lamp.switch [otherwise]');
    expect(chart).toContain('s_lamp_timer_idle --> s_lamp_timer_idle : after 500 ms');
    expect(chart).toContain('s_lamp_power_broken --> [*]');
  });

  it('starts a box-wide transition into itself at its "(any state)" point', () => {
    expect(chart).toContain('state "(any state)" as s_lamp_power__any');
    expect(chart).toContain('s_lamp_power__any --> s_lamp_power_off : lamp.reset');
  });

  it('writes descriptions and events handled in place into the state', () => {
    expect(chart).toContain('s_lamp_power_off : Dark, waiting for the switch');
    expect(chart).toContain('s_lamp_power_on : Stays on lamp.dim');
  });

  it('highlights live states', () => {
    expect(mermaidChart(outlineOf(lamp), { live: ['lamp.power.on'] })).toContain(`class ${chartIdOf('lamp.power.on')} live`);
  });
});
