import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

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
export const label = style({ display: 'block', fontWeight: 600, marginBottom: '6px' });
export const submit = style({ width: '100%', marginTop: '16px' });
export const notServed = style({ marginTop: '12px', color: vars.color.text, background: '#fff4f3', padding: '10px 12px', borderRadius: vars.radius.small });
export const close = style({
  position: 'absolute',
  top: '10px',
  right: '12px',
  background: 'none',
  border: 'none',
  fontSize: '24px',
  cursor: 'pointer',
});
