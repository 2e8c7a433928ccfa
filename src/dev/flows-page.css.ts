import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const page = style({
  display: 'grid',
  gridTemplateColumns: '16rem 1fr',
  minHeight: '100vh',
  fontFamily: vars.font.body,
  color: vars.color.text,
});
export const nav = style({ borderRight: `1px solid ${vars.color.border}`, padding: '1rem', overflowY: 'auto', background: vars.color.surface });
export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.125rem' });
export const navLink = style({
  display: 'flex',
  justifyContent: 'space-between',
  padding: '0.25rem 0.5rem',
  borderRadius: vars.radius.small,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.border, fontWeight: 600 } },
});
export const liveBadge = style({
  background: '#fde68a',
  border: '1px solid #b45309',
  borderRadius: '999px',
  padding: '0 0.4rem',
  fontSize: '0.75rem',
});
export const main = style({ padding: '1rem 1.5rem', overflowX: 'auto' });
export const chart = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '1rem',
});
export const table = style({ borderCollapse: 'collapse', marginTop: '1rem', fontSize: '0.875rem' });
export const cell = style({ borderBottom: `1px solid ${vars.color.border}`, padding: '0.25rem 0.5rem', textAlign: 'left', verticalAlign: 'top' });
export const liveRow = style({ background: '#fef3c7', fontWeight: 600 });
export const muted = style({ color: vars.color.muted });
