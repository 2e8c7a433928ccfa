import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '6px',
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  padding: '10px 10px 14px',
  color: vars.color.text,
  textDecoration: 'none',
  height: '100%',
  transition: 'transform 120ms ease',
  selectors: { '&:hover': { transform: 'translateY(-2px)' } },
});

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.small,
  background: '#f3ece8',
});
export const name = style({ fontWeight: 600, fontSize: '15px', lineHeight: 1.3 });
export const price = style({ color: vars.color.primaryDark, fontWeight: 700 });
export const estimate = style({ fontSize: '12px', color: vars.color.muted, lineHeight: 1.3 });
export const speeds = style({ display: 'flex', flexWrap: 'wrap', gap: '6px', marginTop: 'auto' });
export const speed = style({
  fontSize: '12px',
  fontWeight: 600,
  color: vars.color.secondaryDark,
  border: `1px solid ${vars.color.secondaryDark}`,
  borderRadius: '999px',
  padding: '1px 8px',
});
