import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { chartParts, mermaidChart } from '../../src/dev/flows/mermaid-chart.ts';
import { outlineOf } from '../../src/dev/flows/statechart-outline.ts';
import { renderSvgs } from './svg-render.ts';
import { deterministicSvg, linkedSvg } from './svg-tidy.ts';

const lamp = setup({}).createMachine({
  id: 'lamp',
  initial: 'off',
  states: { off: { description: 'Dark until switched on', on: { 'lamp.switch': 'on' } }, on: {} },
});
const house = setup({ actors: { lamp } }).createMachine({
  id: 'house',
  type: 'parallel',
  states: {
    lights: { initial: 'dark', states: { dark: { on: { 'light.on': 'lit' } }, lit: { invoke: { id: 'lamp', src: 'lamp' } } } },
    door: { initial: 'shut', states: { shut: { on: { 'door.open': 'open' } }, open: { on: { 'door.shut': 'shut' } } } },
  },
});

describe('tidying a drawn chart', () => {
  it('rounds float noise to hundredths and renumbers the random ids of parallel regions', () => {
    const drawn =
      '<g id="flow-x-state-id-x8kgo9iay0c-1-2" transform="translate(4507.83154296875, 10.000000000001)"/><use href="#flow-x-state-id-x8kgo9iay0c-1-2"/>';
    const again =
      '<g id="flow-x-state-id-0f3k2jq9zz1-1-2" transform="translate(4507.831542968751, 10.0000000000009)"/><use href="#flow-x-state-id-0f3k2jq9zz1-1-2"/>';
    expect(deterministicSvg(drawn)).toBe(
      '<g id="flow-x-state-id-region1-1-2" transform="translate(4507.83, 10)"/><use href="#flow-x-state-id-region1-1-2"/>',
    );
    expect(deterministicSvg(again)).toBe(deterministicSvg(drawn));
    expect(deterministicSvg(deterministicSvg(drawn))).toBe(deterministicSvg(drawn));
  });

  it("links a state that runs another machine to that machine's chart, once", () => {
    const drawn = '<g class="node statediagram-state" id="flow-house-state-s_house_lights_lit-3"><g><rect/></g><text>lit</text></g><g id="next"/>';
    const linked = linkedSvg(drawn, outlineOf(house));
    expect(linked).toBe(`<a href="lamp.svg"><title>Open the lamp chart</title>${drawn.replace('<g id="next"/>', '')}</a><g id="next"/>`);
    expect(linkedSvg(linked, outlineOf(house))).toBe(linked);
  });

  it('links a box that also runs another machine once, to its inside (Chromium draws no <a> inside an <a>)', () => {
    const shop = setup({ actors: { lamp } }).createMachine({
      id: 'shop',
      initial: 'paying',
      states: { paying: { invoke: { src: 'lamp' }, initial: 'waiting', states: { waiting: {} } } },
    });
    const outline = outlineOf(shop);
    const parts = chartParts(outline, ['shop.paying']);
    const drawn = '<g class="node part statediagram-state" id="flow-shop-state-s_shop_paying-3"><g><rect/></g></g><g id="next"/>';
    const linked = linkedSvg(drawn, outline, parts[0], parts);
    expect(linked).toBe(
      `<a href="shop.paying.svg"><title>Open the shop.paying chart (its inside)</title>${drawn.replace('<g id="next"/>', '')}</a><g id="next"/>`,
    );
    expect(linkedSvg(linked, outline, parts[0], parts)).toBe(linked);
  });

  // Drawing in Chromium is slow on a busy machine: one small machine with parallel regions, drawn twice.
  it('draws the same bytes from the same source twice (parallel regions top to bottom, notes left to right)', { timeout: 600_000 }, async () => {
    const charts = [
      { id: 'house', mermaid: mermaidChart(outlineOf(house)), hash: '0'.repeat(64) },
      { id: 'lamp', mermaid: mermaidChart(outlineOf(lamp), { style: { direction: 'LR' } }), hash: '1'.repeat(64) },
    ];
    const first = await renderSvgs(charts);
    const second = await renderSvgs(charts);
    expect(first.get('house')).toContain('statediagram-cluster');
    expect(second.get('house')).toBe(first.get('house'));
    expect(second.get('lamp')).toBe(first.get('lamp'));
  });
});
