import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** A visit's date and time (the wallet's restaurant choice and product list, and a cart's wallet group). */
export const field = style({ display: 'grid', gap: '4px' });
export const label = style({ fontSize: '13px', color: vars.color.muted, letterSpacing: '0.04em' });
export const input = style({
  minWidth: '160px',
  padding: '8px 10px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: '#fff',
  font: 'inherit',
});
export const error = style({ color: vars.color.error, margin: 0, fontSize: '14px' });
