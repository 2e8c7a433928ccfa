import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const nav = style({ borderTop: `1px solid ${vars.color.border}`, background: vars.color.surface });
/** The bar's height before its categories arrive: one row of links (41 px + border), the Categories button on phones. */
export const reserved = style([nav, { height: '42px', '@media': { [media.upToSm]: { height: '49px' } } }]);
export const bar = style({
  maxWidth: '1400px',
  margin: '0 auto',
  padding: '0 16px',
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 10px',
  '@media': { [media.upToSm]: { display: 'none', flexDirection: 'column', gap: 0, paddingBottom: '8px' } },
});
/** Phones: the list shown by the Categories button. */
export const barOpen = style({ '@media': { [media.upToSm]: { display: 'flex' } } });
export const listToggle = style({
  display: 'none',
  width: '100%',
  padding: '12px 16px',
  background: 'none',
  border: 'none',
  textAlign: 'left',
  font: 'inherit',
  fontWeight: 700,
  color: vars.color.text,
  cursor: 'pointer',
  '@media': { [media.upToSm]: { display: 'block' } },
});
export const item = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  '@media': { [media.upToSm]: { flexWrap: 'wrap', borderTop: `1px solid ${vars.color.border}` } },
});
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
  // Phones: the sub-categories open in place, under their category.
  '@media': {
    [media.upToSm]: {
      position: 'static',
      flexBasis: '100%',
      flexDirection: 'column',
      gap: '6px',
      border: 'none',
      boxShadow: 'none',
      padding: '0 12px 10px',
    },
  },
});
export const column = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px', minWidth: '150px' });
globalStyle(`${column} a`, { color: vars.color.text, textDecoration: 'none', fontSize: '14px', whiteSpace: 'nowrap' });
globalStyle(`${column} a:hover`, { color: vars.color.primaryDark });
