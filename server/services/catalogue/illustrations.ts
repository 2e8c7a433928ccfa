/**
 * Locally drawn SVG artwork for products, home banners and ads, so the store never depends on remote images.
 * Everything here is pure: same input, same string. Shapes are drawn around (0, 0) in a box of about
 * 380 x 340 units and placed by the caller.
 */

import { bannerCopy } from '../../db/artwork-content.ts';

export const PRIMARY = '#E5554F';
export const SECONDARY = '#009688';

const seafoodKinds: ReadonlySet<string> = new Set([
  'fish',
  'salmon',
  'white-fish',
  'tuna',
  'shellfish',
  'lobster',
  'crab',
  'oyster',
  'mussel',
  'scallop',
  'squid',
]);

const FONT = "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";
const INK = '#2B2926';

// Soft backgrounds; the kind and the variant pick one so a product's thumbnails differ from each other.
const backgrounds = ['#FDF0E6', '#E3F2EF', '#FCE7E5', '#FFF5D6', '#E8EFFA', '#F0ECF8', '#EAF5E4'] as const;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Rounds computed coordinates so the markup stays short. */
function r(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/**
 * Splits text into at most maxLines lines of about maxChars characters, breaking between words;
 * what does not fit ends with an ellipsis.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const lines: string[] = [];
  let current = '';
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    const word = words[index] ?? '';
    if (current === '') {
      // A single word longer than a line is cut hard.
      if (word.length > maxChars) {
        lines.push(word.slice(0, maxChars - 1) + '-');
        words[index] = word.slice(maxChars - 1);
        continue;
      }
      current = word;
      index++;
    } else if (current.length + 1 + word.length <= maxChars) {
      current += ' ' + word;
      index++;
    } else {
      lines.push(current);
      current = '';
    }
  }
  if (current !== '' && lines.length < maxLines) lines.push(current);
  if (index < words.length && lines.length > 0) {
    const last = lines[lines.length - 1] ?? '';
    lines[lines.length - 1] = (last.length >= maxChars ? last.slice(0, maxChars - 1).trimEnd() : last) + '…';
  }
  return lines;
}

// ---------------------------------------------------------------- shapes

function drumstick(): string {
  return `
  <path d="M30 30 L150 132" stroke="#F3E7D3" stroke-width="36" stroke-linecap="round"/>
  <circle cx="168" cy="120" r="24" fill="#F3E7D3"/><circle cx="144" cy="154" r="24" fill="#F3E7D3"/>
  <circle cx="150" cy="160" r="11" fill="#E6D6BC"/>
  <path d="M-160 -40 C-170 -140 -40 -175 50 -110 C110 -65 120 0 95 40 C110 60 100 80 80 88 C55 98 35 85 20 75 C-30 100 -95 90 -125 55 C-148 30 -157 0 -160 -40Z" fill="#D8873A"/>
  <path d="M-125 55 C-80 95 0 100 40 78 C80 60 100 30 104 -10 C80 40 10 70 -70 70 C-95 70 -115 62 -125 55Z" fill="#B56625" opacity=".55"/>
  <path d="M-132 -62 C-128 -116 -62 -142 2 -120" fill="none" stroke="#F5BC77" stroke-width="16" stroke-linecap="round"/>
  <circle cx="-60" cy="-30" r="6" fill="#BF6F2C"/><circle cx="-20" cy="10" r="5" fill="#BF6F2C"/>
  <circle cx="-95" cy="15" r="5" fill="#BF6F2C"/><circle cx="20" cy="-50" r="6" fill="#BF6F2C"/>`;
}

function wholeBird(body: string, shade: string): string {
  // Side view of a roast bird on a platter, a drumstick and a wing on the near side.
  return `
  <ellipse cx="0" cy="112" rx="205" ry="50" fill="#FFFFFF"/><ellipse cx="0" cy="106" rx="172" ry="34" fill="#E9EEF0"/>
  <path d="M-172 34 C-184 -50 -110 -116 -8 -118 C100 -120 178 -62 174 10 C171 72 110 104 0 104 C-112 104 -166 84 -172 34Z" fill="${body}"/>
  <path d="M-118 -78 C-60 -112 60 -114 120 -78" fill="none" stroke="#F6C27F" stroke-width="18" stroke-linecap="round" opacity=".85"/>
  <path d="M-150 -26 C-118 -62 -56 -58 -28 -34 C-62 -18 -110 -8 -150 -26Z" fill="${shade}" opacity=".85"/>
  <path d="M106 -44 L138 -72" stroke="#F3E7D3" stroke-width="20" stroke-linecap="round"/>
  <circle cx="146" cy="-84" r="14" fill="#F3E7D3"/><circle cx="154" cy="-66" r="13" fill="#F3E7D3"/>
  <path d="M-86 56 C-120 16 -86 -30 -30 -30 C22 -30 72 -40 100 -58 L116 -42 C96 -8 62 32 12 58 C-28 78 -68 74 -86 56Z" fill="${shade}"/>
  <path d="M-62 10 C-40 -12 0 -14 40 -22" fill="none" stroke="#F6C27F" stroke-width="10" stroke-linecap="round" opacity=".7"/>
  <path d="M-160 60 C-100 96 100 96 160 60" fill="none" stroke="${shade}" stroke-width="8" stroke-linecap="round" opacity=".5"/>`;
}

function steak(meat: string, dark: string, fat: string): string {
  return `
  <path d="M-175 -20 C-180 -112 -72 -152 30 -142 C132 -132 190 -70 180 10 C170 92 92 142 -10 137 C-112 132 -170 72 -175 -20Z" fill="${fat}"/>
  <path d="M-150 -18 C-154 -95 -64 -128 28 -120 C115 -112 162 -60 155 8 C147 78 80 118 -8 114 C-95 110 -146 60 -150 -18Z" fill="${meat}"/>
  <path d="M20 -118 C110 -108 160 -58 154 6 C148 60 100 100 40 110 C90 60 100 0 60 -60 C45 -85 30 -100 20 -118Z" fill="${dark}" opacity=".55"/>
  <g fill="none" stroke="${fat}" stroke-linecap="round" opacity=".9">
    <path d="M-120 -40 C-90 -60 -60 -30 -30 -50 C0 -70 20 -40 50 -60" stroke-width="5"/>
    <path d="M-110 20 C-80 0 -50 30 -20 10 C10 -10 40 20 90 0" stroke-width="4"/>
    <path d="M-80 70 C-50 55 -20 80 20 62 C50 50 70 70 100 55" stroke-width="4"/>
    <path d="M-60 -90 C-40 -80 -20 -95 0 -85" stroke-width="3"/>
    <path d="M60 -20 C80 -35 100 -15 120 -30" stroke-width="3"/>
  </g>`;
}

function roast(): string {
  const rx = 178;
  const ry = 108;
  const twine = [-118, -59, 0, 59, 118]
    .map((x) => {
      const h = ry * Math.sqrt(1 - (x / rx) ** 2);
      return `<path d="M${x} ${r(-h)} C${x + 14} ${r(-h / 3)} ${x + 14} ${r(h / 3)} ${x} ${r(h)}" fill="none" stroke="#F6EEDC" stroke-width="8"/>`;
    })
    .join('');
  return `
  <ellipse cx="0" cy="10" rx="${rx}" ry="${ry}" fill="#8E3B2A"/>
  <ellipse cx="-6" cy="-6" rx="160" ry="84" fill="#B4553B"/>
  <path d="M-120 -50 C-60 -80 60 -82 120 -52" fill="none" stroke="#D77D5C" stroke-width="14" stroke-linecap="round"/>
  ${twine}
  <path d="M-40 -112 L60 -90" stroke="#4E8C4A" stroke-width="5" stroke-linecap="round"/>
  <g fill="#5FA35A"><ellipse cx="-20" cy="-117" rx="14" ry="5" transform="rotate(-30 -20 -117)"/><ellipse cx="5" cy="-96" rx="14" ry="5" transform="rotate(40 5 -96)"/><ellipse cx="30" cy="-108" rx="14" ry="5" transform="rotate(-30 30 -108)"/></g>`;
}

function mince(): string {
  const bits: string[] = [];
  // A golden-angle spiral spreads the texture evenly without randomness.
  for (let i = 0; i < 46; i++) {
    const angle = i * 2.39996;
    const radius = 12 * Math.sqrt(i + 1);
    const x = Math.cos(angle) * radius * 1.9;
    const y = Math.sin(angle) * radius * 0.85 - 10;
    bits.push(`<path d="M${r(x - 8)} ${r(y)} q8 -8 16 0" />`);
  }
  return `
  <rect x="-190" y="-70" width="380" height="190" rx="34" fill="#FFFFFF"/>
  <rect x="-168" y="-52" width="336" height="154" rx="24" fill="#DDE7EA"/>
  <path d="M-160 60 C-170 -40 -90 -110 0 -105 C100 -110 172 -40 160 60 C150 100 -150 100 -160 60Z" fill="#D65A54"/>
  <g fill="none" stroke="#F2A59D" stroke-width="5" stroke-linecap="round">${bits.join('')}</g>`;
}

function porkChop(): string {
  // A chop: pink eye of meat inside a rim of fat, the rib bone along one side.
  return `
  <path d="M-170 -10 C-172 -100 -80 -140 20 -132 C120 -124 185 -70 178 10 C170 90 90 136 -10 132 C-110 128 -168 70 -170 -10Z" fill="#F8E4D4"/>
  <path d="M-118 -14 C-118 -88 -44 -114 30 -108 C110 -100 156 -56 150 8 C144 72 80 108 0 104 C-72 100 -118 56 -118 -14Z" fill="#EFA3A0"/>
  <path d="M40 -100 C110 -92 155 -52 150 10 C146 60 100 98 50 104 C90 50 96 -20 40 -100Z" fill="#DF8683" opacity=".6"/>
  <path d="M-136 -70 C-150 -20 -150 40 -130 84" fill="none" stroke="#FFF8EE" stroke-width="22" stroke-linecap="round"/>
  <path d="M-140 -4 C-130 -2 -124 -4 -118 -8" fill="none" stroke="#FFF8EE" stroke-width="16" stroke-linecap="round"/>
  <path d="M-60 -60 C-20 -74 40 -52 80 -66" fill="none" stroke="#F7C9C2" stroke-width="5" stroke-linecap="round"/>
  <path d="M-70 40 C-30 30 20 52 70 36" fill="none" stroke="#F7C9C2" stroke-width="4" stroke-linecap="round"/>`;
}

function bacon(): string {
  return [-95, 0, 95]
    .map((y) => {
      const wave = (dy: number) =>
        `M-180 ${y + dy} C-120 ${y + dy - 34} -60 ${y + dy + 34} 0 ${y + dy} C60 ${y + dy - 34} 120 ${y + dy + 34} 180 ${y + dy}`;
      return `<path d="${wave(0)}" fill="none" stroke="#D8645A" stroke-width="58" stroke-linecap="round"/>
  <path d="${wave(-10)}" fill="none" stroke="#F7DDCB" stroke-width="12" stroke-linecap="round"/>
  <path d="${wave(14)}" fill="none" stroke="#B5463E" stroke-width="6" stroke-linecap="round"/>`;
    })
    .join('\n  ');
}

function lambRack(): string {
  const bones = [-120, -50, 20, 90]
    .map((x) => `<path d="M${x} -50 L${x + 28} -172" stroke="#FBF3E6" stroke-width="24" stroke-linecap="round"/>`)
    .join('');
  return `
  ${bones}
  <path d="M-172 20 C-172 -36 -124 -64 -64 -64 L124 -64 C164 -64 184 -22 178 30 C172 82 122 112 60 112 L-110 112 C-150 112 -172 72 -172 20Z" fill="#F2D5C0"/>
  <path d="M-150 34 C-150 -6 -118 -28 -70 -28 L120 -28 C150 -28 162 2 158 38 C154 74 118 94 66 94 L-100 94 C-134 94 -150 66 -150 34Z" fill="#B9534A"/>
  <g stroke="#8F3C35" stroke-width="5" stroke-linecap="round"><path d="M-80 -24 L-86 90"/><path d="M-10 -26 L-14 92"/><path d="M62 -26 L58 92"/></g>`;
}

function shank(): string {
  return `
  <path d="M96 -12 L168 -84" stroke="#F5ECDD" stroke-width="34" stroke-linecap="round"/>
  <circle cx="176" cy="-100" r="24" fill="#F5ECDD"/><circle cx="192" cy="-76" r="22" fill="#F5ECDD"/>
  <path d="M-172 -6 C-178 -110 -62 -154 22 -114 C72 -90 96 -50 116 -24 L134 0 C114 40 84 62 32 92 C-40 134 -166 104 -172 -6Z" fill="#EBC3B0"/>
  <path d="M-150 -4 C-154 -92 -62 -128 12 -96 C56 -76 78 -44 96 -20 C80 14 56 36 20 62 C-40 100 -146 86 -150 -4Z" fill="#B9564B"/>
  <path d="M-120 -40 C-80 -70 -30 -80 20 -60" fill="none" stroke="#D47A6D" stroke-width="12" stroke-linecap="round"/>`;
}

function liver(): string {
  return `
  <path d="M-172 0 C-172 -92 -62 -124 18 -92 C80 -132 182 -104 176 -20 C170 62 92 112 0 102 C-92 96 -172 72 -172 0Z" fill="#7E2A2F"/>
  <path d="M-140 -20 C-130 -70 -60 -90 -10 -70" fill="none" stroke="#A9464D" stroke-width="16" stroke-linecap="round"/>
  <path d="M40 -80 C90 -100 140 -80 150 -40" fill="none" stroke="#A9464D" stroke-width="12" stroke-linecap="round"/>
  <path d="M18 -90 C10 -30 20 40 -10 100" fill="none" stroke="#5C1C21" stroke-width="6" stroke-linecap="round"/>`;
}

function bones(): string {
  return `
  <g transform="rotate(-20)">
    <rect x="-150" y="-22" width="300" height="44" rx="22" fill="#F3E9D6"/>
    <circle cx="-160" cy="-24" r="30" fill="#F3E9D6"/><circle cx="-160" cy="24" r="30" fill="#F3E9D6"/>
    <circle cx="160" cy="-24" r="30" fill="#F3E9D6"/><circle cx="160" cy="24" r="30" fill="#F3E9D6"/>
  </g>
  <ellipse cx="-60" cy="70" rx="92" ry="70" fill="#E8D9BF"/><ellipse cx="-60" cy="70" rx="58" ry="42" fill="#D98F7A"/>
  <ellipse cx="-70" cy="60" rx="22" ry="12" fill="#EDB3A2"/>
  <ellipse cx="90" cy="60" rx="70" ry="56" fill="#E8D9BF"/><ellipse cx="90" cy="60" rx="42" ry="32" fill="#D98F7A"/>`;
}

function wholeFish(body: string, belly: string, fin: string): string {
  return `
  <path d="M-175 0 C-124 -94 42 -112 122 -30 L192 -94 L176 0 L192 94 L122 30 C42 112 -124 94 -175 0Z" fill="${body}"/>
  <path d="M-165 12 C-102 72 42 86 118 30 C40 62 -92 56 -165 12Z" fill="${belly}"/>
  <path d="M-40 -78 C-10 -126 52 -116 74 -62Z" fill="${fin}"/>
  <path d="M-20 64 C0 100 40 96 52 70Z" fill="${fin}"/>
  <path d="M-98 -48 C-76 -12 -76 22 -98 52" fill="none" stroke="${fin}" stroke-width="7" stroke-linecap="round"/>
  <g fill="none" stroke="${fin}" stroke-width="4" opacity=".55"><path d="M-40 -10 q15 15 30 0"/><path d="M0 -30 q15 15 30 0"/><path d="M10 10 q15 15 30 0"/><path d="M50 -15 q15 15 30 0"/></g>
  <circle cx="-130" cy="-16" r="14" fill="#FFFFFF"/><circle cx="-127" cy="-16" r="7" fill="#23303A"/>`;
}

function fillet(flesh: string, stripe: string, skin: string | null): string {
  const stripes = [0, 1, 2, 3, 4, 5, 6]
    .map((i) => {
      const x = -128 + i * 44;
      return `<path d="M${x} -86 C${x + 26} -40 ${x + 26} 20 ${x - 4} 78" fill="none" stroke="${stripe}" stroke-width="6" stroke-linecap="round"/>`;
    })
    .join('');
  const skinPath = skin
    ? `<path d="M-176 30 C-150 82 -40 102 60 92 C140 82 190 42 186 -10 C184 52 124 100 40 108 C-60 116 -162 94 -176 30Z" fill="${skin}"/>`
    : '';
  return `
  <path d="M-182 -30 C-172 -92 -60 -112 40 -102 C122 -94 182 -62 186 -10 C190 42 140 82 60 92 C-40 102 -152 82 -176 30 C-184 10 -184 -10 -182 -30Z" fill="${flesh}"/>
  ${skinPath}
  <g opacity=".75">${stripes}</g>`;
}

function shrimp(): string {
  // A curled band that narrows toward the tail, with shell segments drawn across it.
  const steps = 28;
  const start = (200 / 180) * Math.PI;
  const end = (-38 / 180) * Math.PI;
  const at = (t: number, radius: number): [number, number] => {
    const a = start + (end - start) * t;
    return [Math.cos(a) * radius, -Math.sin(a) * radius + 20];
  };
  const outer: string[] = [];
  const inner: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const width = 78 - 46 * t;
    const [ox, oy] = at(t, 120);
    const [ix, iy] = at(t, 120 - width);
    outer.push(`${r(ox)} ${r(oy)}`);
    inner.unshift(`${r(ix)} ${r(iy)}`);
  }
  const body = `M${outer.join(' L')} L${inner.join(' L')} Z`;
  const segments = [0.22, 0.34, 0.46, 0.58, 0.7, 0.82]
    .map((t) => {
      const width = 78 - 46 * t;
      const [ox, oy] = at(t, 116);
      const [ix, iy] = at(t, 124 - width);
      return `<path d="M${r(ox)} ${r(oy)} L${r(ix)} ${r(iy)}"/>`;
    })
    .join('');
  const [hx, hy] = at(0, 81);
  const [tx, ty] = at(1, 104);
  const legs = [0.15, 0.27, 0.39, 0.51]
    .map((t) => {
      const [ax, ay] = at(t, 120 - (78 - 46 * t));
      const [bx, by] = at(t, 120 - (78 - 46 * t) - 26);
      return `<path d="M${r(ax)} ${r(ay)} L${r(bx)} ${r(by)}"/>`;
    })
    .join('');
  return `
  <path d="M${r(hx - 20)} ${r(hy)} C-190 60 -200 -40 -170 -120" fill="none" stroke="#E0623A" stroke-width="4"/>
  <path d="M${r(hx - 10)} ${r(hy + 10)} C-170 110 -200 40 -196 -20" fill="none" stroke="#E0623A" stroke-width="4"/>
  <g stroke="#E0623A" stroke-width="6" stroke-linecap="round">${legs}</g>
  <path d="${body}" fill="#F4845F"/>
  <circle cx="${r(hx)}" cy="${r(hy)}" r="40" fill="#F4845F"/>
  <g stroke="#FFB38F" stroke-width="6" stroke-linecap="round">${segments}</g>
  <path d="M${r(tx - 10)} ${r(ty)} l60 34 l-30 40 Z" fill="#E85F35"/>
  <path d="M${r(tx - 10)} ${r(ty)} l-14 72 l40 -20 Z" fill="#F08A62"/>
  <circle cx="${r(hx - 14)}" cy="${r(hy - 10)}" r="8" fill="#23303A"/>`;
}

function lobster(): string {
  return `
  <g transform="scale(.86)">
    <path d="M-20 -120 C-60 -190 -140 -200 -180 -210" fill="none" stroke="#B51D31" stroke-width="4"/>
    <path d="M20 -120 C60 -190 140 -200 180 -210" fill="none" stroke="#B51D31" stroke-width="4"/>
    <path d="M-30 -70 L-100 -120" stroke="#C81F36" stroke-width="18" stroke-linecap="round"/>
    <path d="M30 -70 L100 -120" stroke="#C81F36" stroke-width="18" stroke-linecap="round"/>
    <path d="M-100 -120 C-170 -110 -190 -180 -140 -200 C-130 -170 -120 -160 -100 -160 C-110 -180 -100 -200 -80 -200 C-60 -170 -70 -130 -100 -120Z" fill="#D7263D"/>
    <path d="M100 -120 C170 -110 190 -180 140 -200 C130 -170 120 -160 100 -160 C110 -180 100 -200 80 -200 C60 -170 70 -130 100 -120Z" fill="#D7263D"/>
    <g stroke="#B51D31" stroke-width="6" stroke-linecap="round"><path d="M-40 -30 l-60 10"/><path d="M-40 -5 l-62 20"/><path d="M-40 20 l-56 30"/><path d="M40 -30 l60 10"/><path d="M40 -5 l62 20"/><path d="M40 20 l56 30"/></g>
    <ellipse cx="0" cy="-30" rx="48" ry="80" fill="#D7263D"/>
    <path d="M-26 -90 C-10 -60 -10 0 -26 30" fill="none" stroke="#EF5A6B" stroke-width="8" stroke-linecap="round"/>
    <rect x="-40" y="46" width="80" height="34" rx="14" fill="#C81F36"/>
    <rect x="-36" y="80" width="72" height="32" rx="14" fill="#D7263D"/>
    <rect x="-32" y="112" width="64" height="30" rx="13" fill="#C81F36"/>
    <rect x="-28" y="142" width="56" height="26" rx="12" fill="#D7263D"/>
    <ellipse cx="-30" cy="184" rx="20" ry="28" fill="#B51D31" transform="rotate(25 -30 184)"/>
    <ellipse cx="0" cy="190" rx="18" ry="30" fill="#C81F36"/>
    <ellipse cx="30" cy="184" rx="20" ry="28" fill="#B51D31" transform="rotate(-25 30 184)"/>
    <circle cx="-16" cy="-106" r="6" fill="#23303A"/><circle cx="16" cy="-106" r="6" fill="#23303A"/>
  </g>`;
}

function crab(): string {
  const legs = [-1, 1]
    .map((side) =>
      [0, 1, 2]
        .map((i) => {
          const y = -10 + i * 30;
          return `<path d="M${side * 90} ${y} C${side * 150} ${y - 20} ${side * 175} ${y + 10} ${side * 185} ${y + 50}" fill="none" stroke="#D04A25" stroke-width="14" stroke-linecap="round"/>`;
        })
        .join(''),
    )
    .join('');
  return `
  ${legs}
  <path d="M-60 -40 L-110 -100" stroke="#D04A25" stroke-width="18" stroke-linecap="round"/>
  <path d="M60 -40 L110 -100" stroke="#D04A25" stroke-width="18" stroke-linecap="round"/>
  <path d="M-110 -100 C-170 -100 -180 -160 -140 -180 C-135 -155 -120 -145 -105 -150 C-115 -170 -105 -185 -90 -185 C-70 -160 -80 -115 -110 -100Z" fill="#E4572E"/>
  <path d="M110 -100 C170 -100 180 -160 140 -180 C135 -155 120 -145 105 -150 C115 -170 105 -185 90 -185 C70 -160 80 -115 110 -100Z" fill="#E4572E"/>
  <ellipse cx="0" cy="20" rx="118" ry="80" fill="#E4572E"/>
  <path d="M-80 -10 C-40 -40 40 -40 80 -10" fill="none" stroke="#F5875F" stroke-width="14" stroke-linecap="round"/>
  <path d="M-24 -50 L-30 -84" stroke="#D04A25" stroke-width="6"/><path d="M24 -50 L30 -84" stroke="#D04A25" stroke-width="6"/>
  <circle cx="-30" cy="-90" r="11" fill="#FFFFFF"/><circle cx="30" cy="-90" r="11" fill="#FFFFFF"/>
  <circle cx="-30" cy="-90" r="5" fill="#23303A"/><circle cx="30" cy="-90" r="5" fill="#23303A"/>
  <path d="M-30 50 q30 16 60 0" fill="none" stroke="#B83A1B" stroke-width="5" stroke-linecap="round"/>`;
}

function oyster(): string {
  return `
  <path d="M-178 10 C-186 -70 -120 -130 -20 -126 C90 -132 180 -80 176 0 C172 80 90 126 -10 122 C-110 120 -172 80 -178 10Z" fill="#7F8C99"/>
  <g fill="none" stroke="#5F6B78" stroke-width="5" stroke-linecap="round" opacity=".8">
    <path d="M-170 0 C-150 -60 -60 -110 40 -108"/><path d="M-160 50 C-120 100 40 110 140 60"/><path d="M150 -60 C170 -20 170 20 160 40"/>
  </g>
  <path d="M-140 6 C-142 -56 -82 -96 -10 -94 C76 -96 140 -56 138 4 C136 64 70 96 -8 94 C-86 94 -138 62 -140 6Z" fill="#F2EEE6"/>
  <path d="M-104 8 C-100 -40 -50 -66 4 -62 C64 -60 104 -30 100 10 C96 50 50 70 -4 68 C-60 68 -106 48 -104 8Z" fill="#DCCDB3"/>
  <path d="M-80 0 C-60 -30 0 -40 60 -20" fill="none" stroke="#C4B191" stroke-width="6" stroke-linecap="round"/>
  <circle cx="30" cy="18" r="24" fill="#FFFFFF"/><circle cx="22" cy="10" r="8" fill="#F2F6FA"/>
  <circle cx="40" cy="30" r="5" fill="#E3E8EE"/>`;
}

function mussels(): string {
  const shell = (transform: string, open: boolean) => `
  <g transform="${transform}">
    <path d="M0 -120 C60 -110 80 -20 60 60 C44 112 -44 112 -60 60 C-80 -20 -60 -110 0 -120Z" fill="#2F3B52"/>
    <path d="M0 -100 C40 -90 56 -20 44 50" fill="none" stroke="#5C6F91" stroke-width="8" stroke-linecap="round"/>
    <path d="M-20 -70 C-34 -20 -36 30 -24 70" fill="none" stroke="#44557A" stroke-width="5" stroke-linecap="round"/>
    ${open ? '<path d="M0 -86 C38 -78 48 -10 36 44 C26 80 -26 80 -36 44 C-48 -10 -38 -78 0 -86Z" fill="#F0A35E"/><path d="M-14 -40 C0 -20 0 20 -10 40" fill="none" stroke="#D9823D" stroke-width="6" stroke-linecap="round"/>' : ''}
  </g>`;
  return shell('translate(-80 0) rotate(-25)', false) + shell('translate(80 10) rotate(20)', true);
}

function scallopShell(color: string, rib: string): string {
  const ribs: string[] = [];
  // Ribs fan out from the hinge and stop just inside the rim.
  for (let i = 0; i <= 8; i++) {
    const angle = Math.PI * (0.9 - (i / 8) * 0.8);
    const x = Math.cos(angle) * 135;
    const y = -Math.sin(angle) * 118 - 6;
    ribs.push(`<path d="M0 104 L${r(x)} ${r(y)}" />`);
  }
  return `
  <path d="M-60 150 L-40 110 L40 110 L60 150 Z" fill="${rib}"/>
  <path d="M0 112 L-150 10 C-170 -40 -140 -100 -70 -124 C-20 -140 20 -140 70 -124 C140 -100 170 -40 150 10 Z" fill="${color}"/>
  <g fill="none" stroke="${rib}" stroke-width="7" stroke-linecap="round">${ribs.join('')}</g>
  <path d="M-120 -60 C-80 -110 80 -110 120 -60" fill="none" stroke="#FFFFFF" stroke-width="8" stroke-linecap="round" opacity=".45"/>`;
}

function squid(): string {
  const tentacles = [-50, -25, 0, 25, 50]
    .map(
      (x, i) =>
        `<path d="M${x} 40 C${x + (i % 2 === 0 ? 30 : -30)} 90 ${x - (i % 2 === 0 ? 30 : -30)} 130 ${x + 10} 175" fill="none" stroke="#E3B4C8" stroke-width="14" stroke-linecap="round"/>`,
    )
    .join('');
  return `
  ${tentacles}
  <path d="M0 -190 C50 -150 80 -60 70 40 L-70 40 C-80 -60 -50 -150 0 -190Z" fill="#EFCADA"/>
  <path d="M-60 -120 L-130 -80 L-74 -40Z" fill="#E3B4C8"/><path d="M60 -120 L130 -80 L74 -40Z" fill="#E3B4C8"/>
  <g fill="#C98BA6"><circle cx="-20" cy="-100" r="6"/><circle cx="20" cy="-60" r="5"/><circle cx="-30" cy="-20" r="6"/><circle cx="25" cy="-130" r="4"/><circle cx="10" cy="0" r="5"/></g>
  <circle cx="-36" cy="30" r="10" fill="#FFFFFF"/><circle cx="36" cy="30" r="10" fill="#FFFFFF"/>
  <circle cx="-36" cy="30" r="5" fill="#23303A"/><circle cx="36" cy="30" r="5" fill="#23303A"/>`;
}

function sausages(): string {
  const links = [
    { x: -122, y: -6, a: -16 },
    { x: 0, y: 22, a: 0 },
    { x: 122, y: -6, a: 16 },
  ]
    .map(
      ({ x, y, a }) => `<g transform="translate(${x} ${y}) rotate(${a})">
    <rect x="-68" y="-36" width="136" height="72" rx="36" fill="#B5523B"/>
    <path d="M-42 -18 L42 -18" stroke="#DC8468" stroke-width="10" stroke-linecap="round"/>
    <circle cx="-20" cy="10" r="3" fill="#8C3A28"/><circle cx="15" cy="6" r="3" fill="#8C3A28"/><circle cx="35" cy="18" r="3" fill="#8C3A28"/>
  </g>`,
    )
    .join('\n  ');
  // The twists between links.
  return `
  <path d="M-70 6 L-52 16 M-70 16 L-52 6" stroke="#8C3A28" stroke-width="8" stroke-linecap="round"/>
  <path d="M52 6 L70 16 M52 16 L70 6" stroke="#8C3A28" stroke-width="8" stroke-linecap="round"/>
  ${links}`;
}

function salamiSlice(cx: number, cy: number, radius: number): string {
  const dots: string[] = [];
  for (let i = 0; i < 12; i++) {
    const angle = i * 2.39996;
    const dist = radius * 0.75 * Math.sqrt((i + 0.5) / 12);
    dots.push(`<circle cx="${r(cx + Math.cos(angle) * dist)}" cy="${r(cy + Math.sin(angle) * dist)}" r="${r(radius * 0.07)}"/>`);
  }
  return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#C44E58" stroke="#8E2F37" stroke-width="7"/><g fill="#F7E2DC">${dots.join('')}</g>`;
}

function coldCuts(): string {
  return `
  <rect x="-185" y="-70" width="230" height="110" rx="55" fill="#8E2F37"/>
  <path d="M-150 -50 L-10 -50" stroke="#A8434C" stroke-width="10" stroke-linecap="round"/>
  <ellipse cx="40" cy="-15" rx="30" ry="55" fill="#C44E58" stroke="#8E2F37" stroke-width="6"/>
  ${salamiSlice(110, -40, 62)}
  ${salamiSlice(60, 80, 62)}
  ${salamiSlice(-80, 100, 56)}`;
}

function skewer(): string {
  const colours = ['#A9553A', '#6DAA4B', '#8E4530', '#E5554F', '#A9553A', '#F3E3D3', '#8E4530'];
  const pieces = colours
    .map((fill, i) => {
      const x = -162 + i * 54;
      const y = -x * 0.22;
      return `<rect x="${r(x - 30)}" y="${r(y - 30)}" width="60" height="60" rx="13" fill="${fill}" transform="rotate(${i % 2 === 0 ? -12 : 10} ${r(x)} ${r(y)})"/>`;
    })
    .join('');
  return `
  <path d="M-195 43 L195 -43" stroke="#C8A27A" stroke-width="10" stroke-linecap="round"/>
  ${pieces}
  <g fill="none" stroke="#5E2A1C" stroke-width="4" stroke-linecap="round" opacity=".5"><path d="M-160 20 l20 -8"/><path d="M-60 0 l20 -8"/><path d="M40 -22 l20 -8"/><path d="M140 -44 l20 -8"/></g>`;
}

function heartBox(id: string): string {
  const heart =
    'M0 150 C-60 100 -190 20 -190 -60 C-190 -130 -120 -165 -70 -150 C-35 -140 -10 -115 0 -95 C10 -115 35 -140 70 -150 C120 -165 190 -130 190 -60 C190 20 60 100 0 150Z';
  return `
  <defs><clipPath id="${id}"><path d="${heart}"/></clipPath></defs>
  <path d="${heart}" fill="${PRIMARY}" transform="translate(0 14)" opacity=".45"/>
  <path d="${heart}" fill="${PRIMARY}"/>
  <g clip-path="url(#${id})">
    <rect x="-20" y="-170" width="40" height="340" fill="#FFFFFF" opacity=".9"/>
    <path d="M-150 -110 C-100 -150 -40 -140 -10 -110" fill="none" stroke="#F08A84" stroke-width="16" stroke-linecap="round"/>
  </g>
  <ellipse cx="-42" cy="-112" rx="44" ry="22" fill="#FFFFFF" transform="rotate(-24 -42 -112)"/>
  <ellipse cx="42" cy="-112" rx="44" ry="22" fill="#FFFFFF" transform="rotate(24 42 -112)"/>
  <circle cx="0" cy="-104" r="18" fill="#F4F4F4"/>
  <rect x="90" y="40" width="70" height="40" rx="8" fill="#FFFFFF" transform="rotate(-18 125 60)"/>
  <circle cx="100" cy="64" r="5" fill="${SECONDARY}"/>`;
}

/** A drink: a bottle with a label, tinted by what is in it (red wine, white wine or sake, bourbon, beer). */
function bottle(lower: string): string {
  const [glass, liquid] =
    lower.includes('bourbon') || lower.includes('whiskey')
      ? ['#C77A2E', '#A85F1E']
      : lower.includes('stout') || lower.includes('ipa') || lower.includes('ale')
        ? ['#6B4226', '#4E2E19']
        : lower.includes('sake') || lower.includes('blanc') || lower.includes('chardonnay') || lower.includes('champagne')
          ? ['#B9CFA0', '#93AE78']
          : ['#3B2630', '#5C1F2E'];
  return `
  <path d="M-16 -168 L16 -168 L16 -150 L-16 -150 Z" fill="${PRIMARY}"/>
  <path d="M-16 -150 L16 -150 L16 -80 C16 -50 58 -44 58 -4 L58 150 C58 162 50 168 40 168 L-40 168 C-50 168 -58 162 -58 150 L-58 -4 C-58 -44 -16 -50 -16 -80 Z" fill="${glass}"/>
  <path d="M-58 40 L58 40 L58 150 C58 162 50 168 40 168 L-40 168 C-50 168 -58 162 -58 150 Z" fill="${liquid}" opacity=".55"/>
  <rect x="-46" y="10" width="92" height="96" rx="8" fill="#FFF8EC"/>
  <rect x="-34" y="30" width="68" height="8" rx="4" fill="${PRIMARY}"/>
  <rect x="-28" y="50" width="56" height="6" rx="3" fill="#B8AFA3"/><rect x="-22" y="66" width="44" height="6" rx="3" fill="#B8AFA3"/>
  <path d="M-40 -20 C-40 -30 -30 -38 -22 -40 L-22 150" fill="none" stroke="#FFFFFF" stroke-width="7" stroke-linecap="round" opacity=".35"/>`;
}

function plate(): string {
  return `
  <circle cx="0" cy="0" r="150" fill="#FFFFFF"/><circle cx="0" cy="0" r="112" fill="none" stroke="#E3E8EA" stroke-width="6"/>
  <path d="M-195 -110 L-195 120" stroke="#9AA5AD" stroke-width="12" stroke-linecap="round"/>
  <path d="M-210 -110 L-210 -50 M-180 -110 L-180 -50" stroke="#9AA5AD" stroke-width="6" stroke-linecap="round"/>
  <path d="M195 -110 C225 -60 215 -10 195 0 L195 120" fill="none" stroke="#9AA5AD" stroke-width="12" stroke-linecap="round"/>`;
}

/** The drawing for one kind; the name tints a few (red snapper, trout, duck) the way they really look. */
function shapeFor(kind: string, name: string, uid: string): string {
  const lower = name.toLowerCase();
  switch (kind) {
    case 'chicken':
      return drumstick();
    case 'whole-bird':
      return lower.includes('duck') ? wholeBird('#B8652D', '#8E4A1F') : wholeBird('#D98A3D', '#B86B28');
    case 'beef':
      return lower.includes('duck') ? steak('#9E3A35', '#7A2A26', '#F4E3D0') : steak('#C8413A', '#A3302B', '#F6E1CF');
    case 'roast':
      return roast();
    case 'burger':
      return mince();
    case 'pork':
      return porkChop();
    case 'bacon':
      return bacon();
    case 'lamb':
      return lambRack();
    case 'goat':
    case 'shank':
      return shank();
    case 'offal':
      return liver();
    case 'bones':
      return bones();
    case 'fish':
      if (lower.includes('snapper')) return wholeFish('#E0675C', '#F6C9BE', '#C24D43');
      if (lower.includes('trout')) return wholeFish('#8FA874', '#F2C7B8', '#6C8456');
      return wholeFish('#7FA6B8', '#D9E6EC', '#5E8798');
    case 'salmon':
      return fillet('#F58B5E', '#FFD3BA', '#9AA6AE');
    case 'white-fish':
      return fillet('#F6EEE3', '#E3D3BF', lower.includes('sea bass') ? '#55606A' : null);
    case 'tuna':
      return fillet('#B8283F', '#D95E70', null);
    case 'shellfish':
      return shrimp();
    case 'lobster':
      return lobster();
    case 'crab':
      return crab();
    case 'oyster':
      return oyster();
    case 'mussel':
      return mussels();
    case 'scallop':
      return lower.includes('clam') ? scallopShell('#D9CBB8', '#B8A68E') : scallopShell('#F6B38E', '#E08E67');
    case 'squid':
      return squid();
    case 'sausage':
      return sausages();
    case 'cold-cuts':
      return coldCuts();
    case 'ready-to-cook':
      return skewer();
    case 'gift':
      return heartBox(`heart-${uid}`);
    case 'bottle':
      return bottle(lower);
    default:
      return plate();
  }
}

// ---------------------------------------------------------------- garnish and settings

function herbSprig(x: number, y: number): string {
  return `<g transform="translate(${x} ${y}) rotate(-30)">
    <path d="M0 0 L0 -90" stroke="#4E8C4A" stroke-width="5" stroke-linecap="round"/>
    <g fill="#5FA35A">
      <ellipse cx="-12" cy="-20" rx="14" ry="6" transform="rotate(30 -12 -20)"/><ellipse cx="12" cy="-34" rx="14" ry="6" transform="rotate(-30 12 -34)"/>
      <ellipse cx="-12" cy="-50" rx="14" ry="6" transform="rotate(30 -12 -50)"/><ellipse cx="12" cy="-64" rx="14" ry="6" transform="rotate(-30 12 -64)"/>
      <ellipse cx="0" cy="-90" rx="6" ry="14"/>
    </g>
  </g>`;
}

function lemonWedge(x: number, y: number): string {
  return `<g transform="translate(${x} ${y}) rotate(-20)">
    <path d="M-50 0 A50 50 0 0 0 50 0 Z" fill="#F2C230"/>
    <path d="M-40 0 A40 40 0 0 0 40 0 Z" fill="#FCE58A"/>
    <g stroke="#F2C230" stroke-width="4"><path d="M0 0 L0 40"/><path d="M0 0 L-28 28"/><path d="M0 0 L28 28"/></g>
  </g>`;
}

function peppercorns(x: number, y: number): string {
  return `<g fill="#3F3A36"><circle cx="${x}" cy="${y}" r="7"/><circle cx="${x + 18}" cy="${y + 8}" r="6"/><circle cx="${x + 6}" cy="${y + 22}" r="7"/><circle cx="${x - 16}" cy="${y + 14}" r="5"/></g>`;
}

function dotPattern(colour: string): string {
  const dots: string[] = [];
  for (let y = 30; y < 460; y += 40) {
    for (let x = (y / 40) % 2 === 0 ? 30 : 50; x < 600; x += 40) dots.push(`<circle cx="${x}" cy="${y}" r="3"/>`);
  }
  return `<g fill="${colour}" opacity=".12">${dots.join('')}</g>`;
}

function nameLabel(name: string): string {
  const lines = wrapText(name, 24, 2);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  // Bold sans glyphs average about 0.58 em; keep the longest line inside the 500-unit band.
  const size = Math.max(24, Math.min(40, Math.floor(500 / (0.58 * longest))));
  const lineHeight = Math.round(size * 1.2);
  const bandHeight = lines.length === 1 ? 96 : 120;
  const bandTop = 584 - bandHeight;
  const firstBaseline = bandTop + bandHeight / 2 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const tspans = lines.map((line, i) => `<tspan x="300" y="${r(firstBaseline + i * lineHeight)}">${escapeXml(line)}</tspan>`).join('');
  return `<rect x="36" y="${bandTop}" width="528" height="${bandHeight}" rx="24" fill="#FFFFFF" fill-opacity=".93"/>
  <rect x="276" y="${bandTop - 3}" width="48" height="6" rx="3" fill="${PRIMARY}"/>
  <text font-family="${FONT}" font-size="${size}" font-weight="700" fill="${INK}" text-anchor="middle">${tspans}</text>`;
}

/**
 * A square product picture: the kind's shape on a soft background with the product's name on a label.
 * variant (0..3) changes the setting (plain, plate, board, pattern) and the background, so a product's
 * thumbnails are not four copies of one image.
 */
export function productIllustration({ name, kind, variant }: { name: string; kind: string; variant: number }): string {
  const v = ((Math.trunc(variant) % 4) + 4) % 4;
  const hash = hashText(`${kind}|${name}`);
  const background = pick(backgrounds, (hash % backgrounds.length) + v * 2);
  const uid = `${(hash % 100000).toString(36)}${v}`;
  const seafood = seafoodKinds.has(kind);
  const shape = shapeFor(kind, name, uid);

  let setting: string;
  let garnish = '';
  let transform = 'translate(300 240) scale(1)';
  if (v === 0) {
    setting = `<circle cx="90" cy="70" r="150" fill="#FFFFFF" opacity=".45"/><circle cx="540" cy="420" r="120" fill="#FFFFFF" opacity=".35"/>`;
  } else if (v === 1) {
    setting = `<circle cx="300" cy="240" r="222" fill="#FFFFFF"/><circle cx="300" cy="240" r="196" fill="none" stroke="#E6ECEE" stroke-width="6"/>`;
    transform = 'translate(300 240) scale(.86)';
    garnish = seafood ? lemonWedge(500, 110) : herbSprig(510, 150);
  } else if (v === 2) {
    setting = `<rect x="40" y="70" width="470" height="340" rx="40" fill="#D9A86C"/>
  <rect x="500" y="200" width="80" height="70" rx="24" fill="#D9A86C"/><circle cx="548" cy="235" r="14" fill="${background}"/>
  <g stroke="#C4915A" stroke-width="4" stroke-linecap="round" fill="none"><path d="M80 130 C200 120 320 140 460 125"/><path d="M70 330 C200 345 330 320 470 340"/></g>`;
    transform = 'translate(275 240) rotate(-8) scale(.82)';
    garnish = seafood ? lemonWedge(90, 420) : peppercorns(70, 410);
  } else {
    setting = dotPattern(v === 3 && seafood ? SECONDARY : PRIMARY);
    transform = 'translate(300 235) rotate(8) scale(-.9 .9)';
    garnish = seafood ? lemonWedge(90, 110) : herbSprig(80, 160);
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${escapeXml(name)}">
  <title>${escapeXml(name)}</title>
  <rect width="600" height="600" fill="${background}"/>
  ${setting}
  <g transform="${transform}">${shape}
  </g>
  ${garnish}
  ${nameLabel(name)}
</svg>
`;
}

// ---------------------------------------------------------------- banners and ads

const bannerThemes = [
  { from: PRIMARY, to: '#F08A6C', heart: '#FFFFFF', button: '#FFFFFF', buttonText: PRIMARY },
  { from: '#00796B', to: SECONDARY, heart: PRIMARY, button: PRIMARY, buttonText: '#FFFFFF' },
  { from: '#6E1E2B', to: '#B23A48', heart: '#F6B8B5', button: '#FFFFFF', buttonText: '#6E1E2B' },
] as const;

function heartPath(x: number, y: number, size: number): string {
  const s = size / 100;
  return `<path transform="translate(${x} ${y}) scale(${r(s)})" d="M0 40 C-20 20 -50 0 -50 -20 C-50 -40 -30 -50 -15 -45 C-7 -42 -2 -35 0 -30 C2 -35 7 -42 15 -45 C30 -50 50 -40 50 -20 C50 0 20 20 0 40Z"/>`;
}

/** The art on the right of each banner, reusing the product shapes on a serving board. */
function bannerArt(index: number): string {
  const steakArt = `<g transform="translate(1110 250) scale(.62)">${steak('#C8413A', '#A3302B', '#F6E1CF')}</g>`;
  const lobsterArt = `<g transform="translate(1340 220) rotate(12) scale(.55)">${lobster()}</g>`;
  if (index === 1) {
    return [
      `<g transform="translate(1090 280) scale(.5)">${steak('#C8413A', '#A3302B', '#F6E1CF')}</g>`,
      `<g transform="translate(1230 250) scale(.45)">${steak('#C8413A', '#A3302B', '#F6E1CF')}</g>`,
      `<g transform="translate(1380 260) rotate(-14) scale(.52)">${lobster()}</g>`,
      herbSprig(1000, 190),
      lemonWedge(1420, 400),
    ].join('\n  ');
  }
  if (index === 2) {
    return [
      `<g transform="translate(1190 240) scale(.6)">${crab()}</g>`,
      `<g transform="translate(1010 330) scale(.36)">${oyster()}</g>`,
      `<g transform="translate(1150 400) scale(.34)">${oyster()}</g>`,
      `<g transform="translate(1400 360) scale(.36)">${scallopShell('#F6B38E', '#E08E67')}</g>`,
      lemonWedge(1330, 420),
    ].join('\n  ');
  }
  return [
    steakArt,
    lobsterArt,
    `<g transform="translate(1000 390) scale(.38)">${oyster()}</g>`,
    `<g transform="translate(1250 400) scale(.34)">${oyster()}</g>`,
  ].join('\n  ');
}

/** A 1600 x 500 home banner for the Valentine's Collection; index picks the copy, colours and art. */
export function bannerIllustration(index: number): string {
  const i = ((Math.trunc(index) % bannerCopy.length) + bannerCopy.length) % bannerCopy.length;
  const copy = pick(bannerCopy, i);
  const theme = pick(bannerThemes, i);
  // The text column ends before the board (x 870): 20 characters of 58-unit bold text fit.
  const titleLines = wrapText(copy.title, 20, 3);
  const titleSize = 58;
  const titleStep = 68;
  // Stack eyebrow, title, subtitle and button, then centre the stack vertically.
  const blockHeight = 40 + titleLines.length * titleStep + 50 + 90;
  const top = Math.round((500 - blockHeight) / 2);
  const eyebrowY = top + 26;
  const firstTitleY = eyebrowY + 30 + titleSize;
  const subtitleY = firstTitleY + (titleLines.length - 1) * titleStep + 62;
  const buttonY = subtitleY + 30;
  const titles = titleLines.map((line, n) => `<tspan x="110" y="${firstTitleY + n * titleStep}">${escapeXml(line)}</tspan>`).join('');
  const hearts = [
    [780, 80, 60],
    [1500, 70, 44],
    [1540, 420, 70],
    [880, 450, 36],
    [1080, 50, 30],
    [1560, 250, 26],
  ]
    .map(([x = 0, y = 0, s = 0]) => heartPath(x, y, s))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 500" width="1600" height="500" role="img" aria-label="${escapeXml(copy.alt)}">
  <title>${escapeXml(copy.alt)}</title>
  <defs><linearGradient id="banner-bg-${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>
  <rect width="1600" height="500" fill="url(#banner-bg-${i})"/>
  <g fill="${theme.heart}" opacity=".22">${hearts}</g>
  <ellipse cx="1200" cy="310" rx="330" ry="170" fill="#FFFFFF" opacity=".2"/>
  <ellipse cx="1200" cy="300" rx="300" ry="150" fill="#E2B07A"/>
  <ellipse cx="1200" cy="292" rx="280" ry="136" fill="#EBC08E"/>
  ${bannerArt(i)}
  <text x="110" y="${eyebrowY}" font-family="${FONT}" font-size="28" font-weight="700" letter-spacing="6" fill="#FFFFFF">${escapeXml(copy.eyebrow)}</text>
  <text font-family="${FONT}" font-size="${titleSize}" font-weight="800" fill="#FFFFFF">${titles}</text>
  <text x="110" y="${subtitleY}" font-family="${FONT}" font-size="28" fill="#FFFFFF" opacity=".92">${escapeXml(copy.subtitle)}</text>
  <rect x="110" y="${buttonY}" width="300" height="64" rx="32" fill="${theme.button}"/>
  <text x="260" y="${buttonY + 41}" font-family="${FONT}" font-size="26" font-weight="700" fill="${theme.buttonText}" text-anchor="middle">Shop the collection</text>
</svg>
`;
}

function truckIcon(colour: string): string {
  return `<g fill="${colour}">
    <rect x="-70" y="-40" width="90" height="60" rx="8"/>
    <path d="M24 -20 L56 -20 L74 4 L74 20 L24 20 Z"/>
    <circle cx="-44" cy="28" r="14"/><circle cx="50" cy="28" r="14"/>
  </g><g fill="#FFFFFF"><circle cx="-44" cy="28" r="6"/><circle cx="50" cy="28" r="6"/><path d="M34 -12 L52 -12 L62 2 L34 2 Z"/></g>`;
}

function snowflakeIcon(colour: string): string {
  const arms = [0, 60, 120]
    .map((a) => `<g transform="rotate(${a})"><path d="M0 -64 L0 64"/><path d="M-14 -50 L0 -36 L14 -50"/><path d="M-14 50 L0 36 L14 50"/></g>`)
    .join('');
  return `<g fill="none" stroke="${colour}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round">${arms}</g>`;
}

function barnIcon(colour: string, detail: string): string {
  return `<path d="M-70 -10 L0 -62 L70 -10 L70 56 L-70 56 Z" fill="${colour}"/>
  <rect x="-24" y="8" width="48" height="48" fill="${detail}"/><rect x="-12" y="-32" width="24" height="20" fill="${detail}"/>
  <path d="M-24 8 L24 56 M24 8 L-24 56" stroke="${colour}" stroke-width="5"/>`;
}

const adThemes = [
  { background: SECONDARY, blob: '#00796B', text: '#FFFFFF', icon: truckIcon('#FFFFFF') },
  { background: '#FDF0E6', blob: '#FCE0D2', text: INK, icon: snowflakeIcon(SECONDARY) },
  { background: PRIMARY, blob: '#D2433E', text: '#FFFFFF', icon: barnIcon('#FFFFFF', '#D2433E') },
] as const;

/** A 600 x 300 ad tile with its text (escaped, wrapped over up to three lines) and an icon. */
export function adIllustration(index: number, text: string): string {
  const i = ((Math.trunc(index) % adThemes.length) + adThemes.length) % adThemes.length;
  const theme = pick(adThemes, i);
  // The text column ends before the icon circle (x 410); longer texts get a smaller font and a fourth line.
  let size = 36;
  let lines = wrapText(text, 16, 3);
  if (lines.some((line) => line.endsWith('…'))) {
    size = 30;
    lines = wrapText(text, 19, 4);
  }
  const top = 150 - ((lines.length - 1) * size * 1.2) / 2 + size * 0.35;
  const tspans = lines.map((line, n) => `<tspan x="40" y="${r(top + n * size * 1.2)}">${escapeXml(line)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 300" width="600" height="300" role="img" aria-label="${escapeXml(text)}">
  <title>${escapeXml(text)}</title>
  <rect width="600" height="300" rx="24" fill="${theme.background}"/>
  <circle cx="510" cy="150" r="100" fill="${theme.blob}"/>
  <g transform="translate(510 150) scale(.9)">${theme.icon}</g>
  <text font-family="${FONT}" font-size="${size}" font-weight="800" fill="${theme.text}">${tspans}</text>
</svg>
`;
}
