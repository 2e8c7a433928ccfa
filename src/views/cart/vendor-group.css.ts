import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '20px',
  display: 'flex',
  flexDirection: 'column',
  gap: '16px',
});
export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '8px' });
export const vendor = style({ margin: 0, fontSize: '20px' });
export const speed = style({
  fontSize: '13px',
  fontWeight: 700,
  letterSpacing: '0.04em',
  color: vars.color.secondaryDark,
  border: `1px solid ${vars.color.secondaryDark}`,
  borderRadius: '999px',
  padding: '2px 10px',
});
export const promise = style({ margin: 0, fontWeight: 600 });
export const timeLeft = style({ margin: 0, color: vars.color.primaryDark, fontSize: '14px' });
export const delivery = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: '16px',
  padding: '16px',
  background: vars.color.background,
  borderRadius: vars.radius.medium,
  '@media': { [media.upToSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
/** A wallet group's visit to choose (lines redeemed before the cart kept one): a fieldset drawing no frame of its own. */
export const visitChoice = style({
  display: 'grid',
  gap: '12px',
  padding: '16px',
  margin: 0,
  border: 0,
  minWidth: 0,
  background: vars.color.background,
  borderRadius: vars.radius.medium,
});
export const visitFields = style({ display: 'flex', flexWrap: 'wrap', gap: '12px 20px', alignItems: 'flex-end' });
export const muted = style({ margin: 0, color: vars.color.muted });
export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
/** The seller's "Shop more from" link under its lines. */
export const shopMore = style({ margin: 0, fontWeight: 600 });
