import { chartIdOf } from '../../src/dev/flows/mermaid-chart.ts';
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

/**
 * A state that runs another of the store's machines links to that machine's chart (`<child>.svg`, beside it in
 * docs/flows): opened in a browser, a click on the state opens the child's chart. Already linked states are left as
 * they are.
 */
export function linkedSvg(svg: string, outline: StatechartOutline): string {
  let out = svg;
  for (const state of outline.states) {
    const child = state.invokes.map((invoke) => outline.actors.find((actor) => actor.name === invoke.src)?.machineId).find(Boolean);
    if (!child) continue;
    const open = new RegExp(`<g class="[^"]*" id="flow-${outline.id}-state-${chartIdOf(state.id)}-\\d+"`).exec(out);
    if (!open) continue;
    const before = out.slice(0, open.index);
    const anchor = `<a href="${child}.svg"><title>Open the ${child} chart</title>`;
    if (before.endsWith(anchor)) continue;
    const end = groupEnd(out, open.index);
    if (end < 0) continue;
    out = `${before}${anchor}${out.slice(open.index, end)}</a>${out.slice(end)}`;
  }
  return out;
}

/** Everything `npm run flows` does to a drawn chart. */
export function tidySvg(svg: string, outline: StatechartOutline): string {
  return linkedSvg(deterministicSvg(svg), outline);
}
