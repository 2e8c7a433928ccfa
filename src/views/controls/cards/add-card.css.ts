import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const screen = style({ display: 'grid', gap: '16px', maxWidth: '640px' });
export const breadcrumb = style({ display: 'flex', alignItems: 'center', gap: '8px', fontWeight: 700, letterSpacing: '0.04em' });
export const backArrow = style({
  background: 'none',
  border: 'none',
  fontSize: '20px',
  cursor: 'pointer',
  padding: '2px 6px',
  color: vars.color.text,
});
export const form = style({ display: 'grid', gap: '14px' });
export const row = style({ display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' });
export const field = style({ display: 'grid', gap: '4px' });
export const label = style({ fontWeight: 600, fontSize: '14px' });
export const section = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '14px',
  display: 'grid',
  gap: '12px',
});
export const legend = style({ fontWeight: 700, padding: '0 6px' });
export const toggle = style({ display: 'flex', alignItems: 'center', gap: '8px', cursor: 'pointer' });
export const stripeField = style({
  padding: '12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
});
export const formError = style({ color: vars.color.error, fontWeight: 600 });
/** Why there is no 'Same As Shipping Address' on a dine-in or pick-up checkout. */
export const note = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });
