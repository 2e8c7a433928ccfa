import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: '16px', minHeight: '200px' });
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
  padding: '14px',
  height: '100%',
  borderRadius: vars.radius.large,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  textAlign: 'left',
  font: 'inherit',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.primaryDark } },
});
export const cardName = style({ margin: 0, fontWeight: 700 });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
export const badge = style({
  alignSelf: 'flex-start',
  padding: '2px 8px',
  borderRadius: '10px',
  background: vars.color.primaryDark,
  color: '#fff',
  fontSize: '13px',
});
export const map = style({ width: '100%', maxWidth: '900px', height: 'auto', alignSelf: 'center' });
export const land = style({ fill: '#f3ece8', stroke: 'none' });
export const borders = style({ fill: 'none', stroke: '#c9bdb5', strokeWidth: 1, strokeLinejoin: 'round' });
const markerBase = {
  cursor: 'pointer',
  outline: 'none',
  stroke: '#fff',
  strokeWidth: 2,
} as const;
export const marker = style({ ...markerBase, fill: '#7a6e68' });
export const markerServing = style({ ...markerBase, fill: vars.color.primaryDark });
// The focus ring of a marker is its circle's outline (an SVG group draws no outline of its own).
for (const kind of [marker, markerServing]) {
  globalStyle(`${kind}:focus-visible circle, ${kind}:hover circle, ${kind}[aria-pressed="true"] circle`, { stroke: vars.color.text, strokeWidth: 4 });
}
export const details = style({ margin: 0, textAlign: 'center' });
export const legend = style({ margin: 0, color: vars.color.muted, fontSize: '14px', textAlign: 'center' });
