import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { chartIdOf, chartParts, mermaidChart, type ChartStyle } from '../../src/dev/flows/mermaid-chart.ts';
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

/** A machine drawn in parts: `checking` collapses into one box in the overview and gets a chart of its own. */
const upload = setup({}).createMachine({
  id: 'upload',
  initial: 'editing',
  on: { 'upload.cancel': '.cancelled' },
  states: {
    editing: { on: { 'upload.send': 'checking', 'upload.recheck': 'checking.matching' } },
    checking: {
      description: 'Checking the photos',
      initial: 'front',
      on: { 'upload.stop': '.front' },
      states: {
        front: { on: { 'front.ok': 'back', 'front.bad': '#upload.failed' } },
        back: { on: { 'back.ok': 'matching', 'back.bad': '#upload.failed' } },
        matching: { on: { 'match.ok': '#upload.done', 'match.bad': '#upload.failed' } },
      },
    },
    failed: { on: { 'upload.retry': 'editing' } },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

describe('mermaidChart in parts', () => {
  const outline = outlineOf(upload);
  const overview = mermaidChart(outline, { collapsed: ['upload.checking'] });
  const part = mermaidChart(outline, { collapsed: ['upload.checking'], focus: 'upload.checking' });

  it('lists the overview, then a part per collapsed compound state, named by its path', () => {
    expect(chartParts(outline, ['upload.checking', 'upload.editing', 'upload.nowhere'])).toEqual([
      { name: 'upload', focusId: 'upload' },
      { name: 'upload.checking', focusId: 'upload.checking' },
    ]);
  });

  it('draws a collapsed state as one box naming its chart, arrows redrawn to and from the box and saying from or to where', () => {
    expect(overview).toContain('state "checking ▸" as s_upload_checking');
    expect(overview).toContain('Its 3 states – chart upload.checking');
    expect(overview).not.toContain('s_upload_checking_front');
    expect(overview).toContain('s_upload_editing --> s_upload_checking : upload.send, upload.recheck → matching');
    expect(overview).toContain('s_upload_checking --> s_upload_done : matching – match.ok');
    // Three states failing into one: one arrow from the box, saying from which states.
    expect(overview).toContain('s_upload_checking --> s_upload_failed : front – front.bad<br/>back – back.bad<br/>matching – match.bad');
    // Inside the box (its own any-state arrow too): only in its own chart.
    expect(overview).not.toContain('upload.stop');
    expect(overview).toContain('s_upload__any --> s_upload_cancelled : upload.cancel');
  });

  it("draws a part's inside with the states outside it as stubs", () => {
    expect(part).toContain('state "checking" as s_upload_checking {');
    expect(part).toContain('state "editing" as s_upload_editing__out');
    expect(part).toContain('s_upload_editing__out --> s_upload_checking : upload.send');
    expect(part).toContain('s_upload_editing__out --> s_upload_checking_matching : upload.recheck');
    expect(part).toContain('s_upload_checking__any --> s_upload_checking_front : upload.stop');
    expect(part).toContain('s_upload_checking_front --> s_upload_checking_back : front.ok');
    expect(part).toContain('s_upload_checking --> s_upload_failed__out : front – front.bad<br/>back – back.bad<br/>matching – match.bad');
    expect(part).toContain('class s_upload_editing__out,s_upload_failed__out,s_upload_done__out outside');
    // What happens wholly outside it is the overview's.
    expect(part).not.toContain('upload.retry');
    expect(part).not.toContain('upload.cancel');
  });
});

describe('mermaidChart in nested parts', () => {
  const nest = setup({}).createMachine({
    id: 'nest',
    initial: 'outer',
    states: { outer: { initial: 'inner', states: { inner: { initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } } } } },
  });
  const outline = outlineOf(nest);
  const collapsed = ['nest.outer', 'nest.outer.inner'];

  it('marks as a box only the boxes a chart draws: a class on a state it does not draw would add a bare state', () => {
    const overview = mermaidChart(outline, { collapsed });
    expect(overview).toContain('class s_nest_outer part');
    expect(overview).not.toContain('s_nest_outer_inner');
    expect(mermaidChart(outline, { collapsed, focus: 'nest.outer' })).toContain('class s_nest_outer_inner part');
  });
});

describe('mermaidChart styles', () => {
  const outline = outlineOf(upload);
  const withStyle = (style: ChartStyle) => mermaidChart(outline, { collapsed: ['upload.checking'], style });

  it('draws top to bottom by default, left to right when asked', () => {
    expect(withStyle({})).toBe(mermaidChart(outline, { collapsed: ['upload.checking'] }));
    expect(withStyle({})).not.toContain('direction');
    expect(withStyle({ direction: 'LR' })).toMatch(/^stateDiagram-v2\n {2}direction LR\n/);
  });

  it('wraps notes and labels narrower left to right, where they lie along the flow', () => {
    const long = setup({}).createMachine({
      id: 'long',
      initial: 'a',
      states: { a: { description: 'A description long enough to wrap onto several lines of a note', on: { go: 'b' } }, b: {} },
    });
    const lines = (style: ChartStyle) =>
      mermaidChart(outlineOf(long), { style })
        .split('\n')
        .filter((line) => /^ {4}\S/.test(line));
    expect(Math.max(...lines({}).map((line) => line.trim().length))).toBeGreaterThan(30);
    expect(Math.max(...lines({ direction: 'LR' }).map((line) => line.trim().length))).toBeLessThanOrEqual(30);
  });

  it('leaves out descriptions in brief notes, keeping what a state runs, handles in place and which chart draws a box', () => {
    const lamps = mermaidChart(outlineOf(lamp), { style: { notes: 'brief' } });
    expect(lamps).not.toContain('Dark');
    expect(lamps).toContain('s_lamp_power_on : Stays on lamp.dim');
    const brief = withStyle({ notes: 'brief' });
    expect(brief).not.toContain('Checking the photos');
    expect(brief).toContain('Its 3 states – chart upload.checking');
  });

  it('draws no notes but the chart of a box when notes are none, every arrow kept', () => {
    const bare = withStyle({ notes: 'none' });
    expect(mermaidChart(outlineOf(lamp), { style: { notes: 'none' } })).not.toContain('Stays on');
    expect(bare).toContain('Its 3 states – chart upload.checking');
    const arrows = (text: string) => text.split('\n').filter((line) => line.includes('-->'));
    expect(arrows(bare)).toEqual(arrows(withStyle({})));
  });
});
