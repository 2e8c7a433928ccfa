import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const line = style({
  display: 'grid',
  gridTemplateColumns: '72px minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: '16px',
  padding: '14px 0',
  borderTop: `1px solid ${vars.color.border}`,
  // Phones: the image beside two rows, the name on top, the stepper and the total below it.
  '@media': { [media.upToXs]: { gridTemplateColumns: '56px minmax(0, 1fr) auto', rowGap: '10px', columnGap: '12px' } },
});
export const image = style({
  width: '72px',
  height: '72px',
  objectFit: 'cover',
  borderRadius: vars.radius.medium,
  background: '#f3ece8',
  '@media': { [media.upToXs]: { width: '56px', height: '56px', gridRow: '1 / 3' } },
});
export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
  '@media': { [media.upToXs]: { gridColumn: '2 / 4' } },
});
export const name = style({ margin: 0, fontWeight: 600 });
export const meta = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
export const stepper = style({
  display: 'inline-flex',
  justifySelf: 'start',
  alignItems: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
});
export const stepButton = style({
  width: '36px',
  height: '36px',
  border: 'none',
  background: 'transparent',
  fontSize: '18px',
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } },
});
export const qty = style({ minWidth: '32px', textAlign: 'center', fontWeight: 700 });
export const end = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '4px' });
export const total = style({ fontWeight: 700 });
/** 'Out of stock' / 'Only N left' beside a line left out of the totals (walk 9 #2). */
export const shortage = style({ margin: 0, color: vars.color.error, fontSize: '14px', fontWeight: 600 });
/** The amount of a line left out of the totals: shown struck through, so it is not read as counted. */
export const notCounted = style({ fontWeight: 400, color: vars.color.muted, textDecoration: 'line-through' });
