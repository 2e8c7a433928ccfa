import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../playwright.config.ts';
import { svgHashComment } from './flow-docs.ts';
import { deterministicSvg } from './svg-tidy.ts';

/**
 * Renders Mermaid sources to SVG offline: Debian's Chromium with the project's flags loads mermaid.min.js from
 * node_modules into a blank page (no network) and calls mermaid.render. One browser for all charts.
 */
const mermaidScript = path.resolve(import.meta.dirname, '../../node_modules/mermaid/dist/mermaid.min.js');

interface MermaidGlobal {
  initialize(config: Record<string, unknown>): void;
  render(id: string, source: string): Promise<{ svg: string }>;
}

export async function renderSvgs(charts: { id: string; mermaid: string; hash: string }[]): Promise<Map<string, string>> {
  const svgs = new Map<string, string>();
  if (charts.length === 0) return svgs;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    for (const chart of charts) {
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
            return (await mermaid.render(`flow-${id}`, source)).svg;
          },
          { id: chart.id, source: chart.mermaid },
        )
        .catch((error: unknown) => {
          throw new Error(`Mermaid could not draw ${chart.id} (docs/flows/${chart.id}.mmd): ${String(error)}`);
        });
      await page.close();
      svgs.set(chart.id, deterministicSvg(`${svgHashComment(chart.hash)}\n${svg}\n`));
    }
  } finally {
    await browser.close();
  }
  return svgs;
}
