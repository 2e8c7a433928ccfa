import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: '20px' });
export const title = style({ margin: 0, fontSize: '28px' });
export const status = style({ textAlign: 'center', padding: '48px 16px', color: vars.color.muted });

/** Groups on the left, the summary sticky at the right; one column from 991 px down (summary below). */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 360px',
  gap: '24px',
  alignItems: 'start',
  '@media': { [media.upToMd]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const groups = style({ display: 'flex', flexDirection: 'column', gap: '20px', listStyle: 'none', margin: 0, padding: 0 });
export const aside = style({
  position: 'sticky',
  top: '16px',
  display: 'flex',
  flexDirection: 'column',
  gap: '16px',
  '@media': { [media.upToMd]: { position: 'static' } },
});
export const panel = style({ background: vars.color.surface, borderRadius: vars.radius.large, boxShadow: vars.shadow.card, padding: '20px' });
export const checkout = style({ width: '100%' });
export const checkoutHint = style({ color: vars.color.error, fontSize: '14px', margin: 0 });
export const notice = style([
  panel,
  { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px', color: vars.color.error },
]);

export const empty = style([
  panel,
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '16px',
    padding: '56px 24px',
    textAlign: 'center',
    maxWidth: '560px',
    margin: '24px auto',
  },
]);
/** The empty cart's message with the lines kept for another zip under it, as wide as the message. */
export const emptyWithKept = style({ display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '560px', margin: '24px auto' });
// The message card fills the column (its own auto margins would shrink it to its text beside the wider kept section).
globalStyle(`${emptyWithKept} > section`, { margin: 0, maxWidth: 'none' });
export const emptyIcon = style({ color: vars.color.primary, margin: '0 auto' });
export const emptyTitle = style({ margin: 0, fontSize: '24px' });
