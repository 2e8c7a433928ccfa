import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A modal dialog over a dimmed page (the pincode dialog, the test bank's check). */
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(20, 20, 20, 0.55)',
  display: 'grid',
  placeItems: 'center',
  padding: '16px',
  zIndex: 50,
});

export const dialog = style({
  position: 'relative',
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  padding: '28px',
  width: 'min(440px, 100%)',
  boxShadow: vars.shadow.card,
});

export const title = style({ margin: '0 0 18px', fontSize: '20px' });
