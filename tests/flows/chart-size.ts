/**
 * When a chart can be read whole on a laptop: fitted into a 1440×900 CSS-pixel screen (scaled down, never up, keeping
 * its proportions, as an <img> or a browser tab shows it), its text must stay at least 9 px high. Mermaid draws every
 * label, note and edge label of our charts at the chart's one font size (16 px, in the SVG's own style), so the rule is
 * on the viewBox: 16 × min(1, 1440 / width, 900 / height) ≥ 9, that is width ≤ 2560 and height ≤ 1600.
 */
export const laptopScreen = { width: 1440, height: 900 };
export const minTextPx = 9;

/**
 * Charts known to break the rule, each with why and what would mend it. The readability test accepts these (and fails
 * when one of them comes to read whole, so the entry is removed); every other chart must read whole.
 */
export const tooBigForNow: Readonly<Record<string, string>> = {};

export interface ChartSize {
  width: number;
  height: number;
  /** The chart's font size in its own units (px). */
  fontPx: number;
  /** How high its text is once fitted to the laptop screen. */
  fittedTextPx: number;
  readable: boolean;
}

export function chartSize(svg: string): ChartSize {
  const box = /<svg\b[^>]*\bviewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) throw new Error('not a Mermaid SVG: no viewBox');
  const width = Number(box[1]);
  const height = Number(box[2]);
  // The root rule (`#flow-x{font-family:…;font-size:16px;…}`) comes first in Mermaid's style.
  const fontPx = Number(/font-size:\s*([\d.]+)px/.exec(svg)?.[1] ?? 16);
  const fittedTextPx = fontPx * Math.min(1, laptopScreen.width / width, laptopScreen.height / height);
  return { width, height, fontPx, fittedTextPx, readable: fittedTextPx >= minTextPx };
}
