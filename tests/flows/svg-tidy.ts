import { chartIdOf, chartParts, type ChartPart } from '../../src/dev/flows/mermaid-chart.ts';
import type { StatechartOutline } from '../../src/dev/flows/statechart-outline.ts';

/**
 * What `npm run flows` does to Mermaid's SVG after drawing it, so the same source gives the same bytes and a parent's
 * chart leads to its children's. Pure text work on the SVG: applied again to a tidied file, it changes nothing.
 */

/**
 * Same source, same bytes. Mermaid's layout leaves float noise in the last digits (4507.83154296875 one run,
 * 4507.831542968751 the next), and names each parallel region's box with a random token (`state-id-x8kgo9iay0c-1-2`).
 * Numbers are rounded to 2 decimals (a hundredth of a pixel) and the random tokens renumbered in order of appearance.
 */
export function deterministicSvg(svg: string): string {
  const tokens = new Map<string, string>();
  return svg
    .replace(/(-state-id-)([a-z0-9]+)(-\d)/g, (_match, head: string, token: string, tail: string) => {
      if (!tokens.has(token)) tokens.set(token, `region${tokens.size + 1}`);
      return `${head}${tokens.get(token)}${tail}`;
    })
    .replace(/-?\d+\.\d{3,}(?:e-?\d+)?/g, (number) => {
      const rounded = Math.round(Number(number) * 100) / 100;
      return String(Object.is(rounded, -0) ? 0 : rounded);
    });
}

/** The end of the element that opens at `start` (a `<g …>`), counting nested groups. */
function groupEnd(svg: string, start: number): number {
  const tag = /<g\b[^>]*?(\/?)>|<\/g>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    if (match[0] === '</g>') depth -= 1;
    else if (match[1] !== '/') depth += 1;
    if (depth === 0) return match.index + match[0].length;
  }
  return -1;
}

/** The id Mermaid draws a chart under (`flow-kyc--submitting`): a dot would read as a class in the SVG's CSS. */
export const renderIdOf = (chartName: string) => `flow-${chartName.replace(/[^A-Za-z0-9_-]/g, '--')}`;

/** Wraps the node drawn for `chartId` in a link, unless it is already linked. */
function linkNode(svg: string, renderId: string, chartId: string, href: string, title: string): string {
  const open = new RegExp(`<g class="[^"]*" id="${renderId}-state-${chartId}-\\d+"`).exec(svg);
  if (!open) return svg;
  const before = svg.slice(0, open.index);
  const anchor = `<a href="${href}"><title>${title}</title>`;
  // One link per node: Chromium does not draw an <a> inside an <a> (SVG forbids it), which hid the node.
  if (/<a href="[^"]*"><title>[^<]*<\/title>$/.test(before)) return svg;
  const end = groupEnd(svg, open.index);
  if (end < 0) return svg;
  return `${before}${anchor}${svg.slice(open.index, end)}</a>${svg.slice(end)}`;
}

/**
 * Links, so that opened in a browser a click leads on (charts sit side by side in docs/flows): a state that runs
 * another of the store's machines to that machine's chart (`<child>.svg`), a collapsed box to the chart of its inside,
 * and a dashed stub (a state outside a part) to the chart that draws that state. Already linked nodes are left as they are.
 */
export function linkedSvg(svg: string, outline: StatechartOutline, chart?: ChartPart, parts: ChartPart[] = chartParts(outline, [])): string {
  const renderId = renderIdOf(chart?.name ?? outline.id);
  let out = svg;
  // A box leads to its inside first (the machine it runs is linked from there).
  for (const part of parts.slice(1)) {
    if (part.name === chart?.name) continue;
    out = linkNode(out, renderId, chartIdOf(part.focusId), `${part.name}.svg`, `Open the ${part.name} chart (its inside)`);
  }
  for (const state of outline.states) {
    const child = state.invokes.map((invoke) => outline.actors.find((actor) => actor.name === invoke.src)?.machineId).find(Boolean);
    if (child) out = linkNode(out, renderId, chartIdOf(state.id), `${child}.svg`, `Open the ${child} chart`);
  }
  for (const state of outline.states) {
    // The chart that draws a state: the innermost part whose box holds it, else the overview.
    const home = [...parts].reverse().find((part) => state.id === part.focusId || state.id.startsWith(`${part.focusId}.`)) ?? parts[0];
    if (home && home.name !== chart?.name)
      out = linkNode(out, renderId, `${chartIdOf(state.id)}__out`, `${home.name}.svg`, `Open the ${home.name} chart`);
  }
  return out;
}

/** Everything `npm run flows` does to a drawn chart: `chart` is which of the machine's `parts` it is (the overview if none). */
export function tidySvg(svg: string, outline: StatechartOutline, chart?: ChartPart, parts?: ChartPart[]): string {
  return linkedSvg(deterministicSvg(svg), outline, chart, parts);
}
