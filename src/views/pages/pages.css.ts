import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const centered = style({ textAlign: 'center', padding: '64px 16px' });

export const landing = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: '24px',
  background: `linear-gradient(135deg, ${vars.color.primary} 0%, #8f2d29 100%)`,
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '32px',
  width: 'min(460px, 100%)',
  textAlign: 'center',
});

export const brand = style({ color: vars.color.primary, fontWeight: 800, letterSpacing: '0.08em', margin: '0 0 8px' });

export const actions = style({ display: 'flex', flexDirection: 'column', gap: '12px', marginTop: '20px' });

export const refusal = style({ color: vars.color.error, fontWeight: 600 });

export const zipList = style({
  listStyle: 'none',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(90px, 1fr))',
  gap: '8px',
});
