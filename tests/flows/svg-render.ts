import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../playwright.config.ts';
import { svgHashComment } from './flow-docs.ts';
import { deterministicSvg, renderIdOf } from './svg-tidy.ts';

/**
 * Renders Mermaid sources to SVG offline: Debian's Chromium with the project's flags loads mermaid.min.js from
 * node_modules into a blank page (no network) and calls mermaid.render. One browser for all charts.
 */
const mermaidScript = path.resolve(import.meta.dirname, '../../node_modules/mermaid/dist/mermaid.min.js');

interface MermaidGlobal {
  initialize(config: Record<string, unknown>): void;
  render(id: string, source: string): Promise<{ svg: string }>;
}

export interface ChartToDraw {
  /** The chart's name (`kyc`, `kyc.submitting`): it seeds Mermaid's ids. */
  id: string;
  mermaid: string;
  hash: string;
}

/** One browser for as many charts as asked of it: `draw` returns the deterministic SVG, with the source's hash. */
export async function openRenderer(): Promise<{ draw(chart: ChartToDraw): Promise<string>; close(): Promise<void> }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  const draw = async (chart: ChartToDraw) => {
    // A fresh page per chart: Mermaid keeps state between renders, which moved edges by a few pixels.
    const page = await browser.newPage();
    // Nothing but our own script: a chart that tried to fetch anything would fail here, not reach the network.
    await page.route('**/*', (route) => route.abort());
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: mermaidScript });
    const svg = await page
      .evaluate(
        async ({ id, source }) => {
          const mermaid = (window as unknown as { mermaid: MermaidGlobal }).mermaid;
          await document.fonts.ready;
          // Labels as SVG text, not HTML in foreignObject, so the file shows the same in an <img> and on a code host;
          // deterministic ids, so an unchanged chart renders to the same bytes.
          mermaid.initialize({
            startOnLoad: false,
            securityLevel: 'strict',
            htmlLabels: false,
            deterministicIds: true,
            deterministicIDSeed: id,
            theme: 'default',
            // Shapes are drawn by rough.js with a random seed unless one is given.
            handDrawnSeed: 1,
          });
          return (await mermaid.render(id, source)).svg;
        },
        { id: renderIdOf(chart.id), source: chart.mermaid },
      )
      .catch((error: unknown) => {
        throw new Error(`Mermaid could not draw ${chart.id} (docs/flows/${chart.id}.mmd): ${String(error)}`);
      })
      .finally(() => page.close());
    return deterministicSvg(`${svgHashComment(chart.hash)}\n${svg}\n`);
  };
  return { draw, close: () => browser.close() };
}

export async function renderSvgs(charts: ChartToDraw[]): Promise<Map<string, string>> {
  const svgs = new Map<string, string>();
  if (charts.length === 0) return svgs;
  const renderer = await openRenderer();
  try {
    for (const chart of charts) svgs.set(chart.id, await renderer.draw(chart));
  } finally {
    await renderer.close();
  }
  return svgs;
}
