import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: '20px' });
export const top = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 280px) minmax(0, 1fr)',
  gap: '32px',
  '@media': { [media.upToMd]: { gridTemplateColumns: '1fr' } },
});
export const average = style({ margin: 0, fontSize: '40px', fontWeight: 800 });
export const stars = style({ color: vars.color.primaryDark, letterSpacing: '2px' });
export const bars = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' });
export const bar = style({ display: 'grid', gridTemplateColumns: '56px 1fr 56px', alignItems: 'center', gap: '8px', fontSize: '14px' });
export const track = style({ height: '10px', borderRadius: '5px', background: vars.color.border, overflow: 'hidden' });
export const fill = style({ height: '100%', background: vars.color.primaryDark });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '16px' });
export const item = style({ borderBottom: `1px solid ${vars.color.border}`, paddingBottom: '16px' });
export const title = style({ margin: '4px 0', fontSize: '17px' });
export const meta = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
export const detail = style({ margin: '6px 0 0', whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '560px' });
export const ratingChoices = style({ display: 'flex', gap: '8px', border: 0, padding: 0, margin: 0, flexWrap: 'wrap' });
export const textarea = style({
  minHeight: '120px',
  font: 'inherit',
  padding: '10px',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
});
export const error = style({ color: vars.color.error, margin: 0 });
