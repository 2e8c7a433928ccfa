import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const nav = style({ borderTop: `1px solid ${vars.color.border}`, background: vars.color.surface });
export const bar = style({
  maxWidth: '1400px',
  margin: '0 auto',
  padding: '0 16px',
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 10px',
});
export const item = style({ position: 'relative', display: 'flex', alignItems: 'center' });
export const topLink = style({
  padding: '10px 4px',
  fontWeight: 600,
  fontSize: '14px',
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primaryDark } },
});
export const toggle = style({ background: 'none', border: 'none', cursor: 'pointer', padding: '4px', color: vars.color.muted });
export const dropdownHidden = style({ display: 'none' });
export const dropdown = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: 40,
  display: 'flex',
  gap: '28px',
  padding: '14px 18px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
});
export const column = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px', minWidth: '150px' });
globalStyle(`${column} a`, { color: vars.color.text, textDecoration: 'none', fontSize: '14px', whiteSpace: 'nowrap' });
globalStyle(`${column} a:hover`, { color: vars.color.primaryDark });
