import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const nav = style({ borderTop: `1px solid ${vars.color.border}`, background: vars.color.surface });
/** The bar's height before its categories arrive: its one row of links (41 px + border), the Categories button on phones. */
export const reserved = style([nav, { height: '42px', '@media': { [media.upToSm]: { height: '49px' } } }]);
/** The More button's width: the row keeps this much for it when its categories do not all fit (categoriesInRow). */
export const moreButtonWidth = 96;
/**
 * The row: the categories and, when they do not all fit, the More button. Positioned, so the sub-menus (absolute)
 * hang from it, outside the list's clipping.
 */
export const row = style({
  position: 'relative',
  maxWidth: '1400px',
  margin: '0 auto',
  padding: '0 16px',
  display: 'flex',
  '@media': { [media.upToSm]: { display: 'block', padding: 0 } },
});
/** Wider screens: one row, never wrapped; the categories that do not fit are hidden (and listed under More). */
export const bar = style({
  flex: '1 1 auto',
  minWidth: 0,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'nowrap',
  gap: '4px 10px',
  overflow: 'hidden',
  '@media': { [media.upToSm]: { display: 'none', flexDirection: 'column', gap: 0, padding: '0 16px 8px', overflow: 'visible' } },
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
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  '@media': { [media.upToSm]: { flexWrap: 'wrap', borderTop: `1px solid ${vars.color.border}` } },
});
/** A category past the row's end: kept in place to be measured, but not seen, reached or read (it is under More). */
export const itemPastRow = style({ '@media': { [media.fromSm]: { visibility: 'hidden' } } });
/** The More button's place at the row's end; its list hangs from it. */
export const more = style({
  position: 'relative',
  flex: 'none',
  width: `${moreButtonWidth}px`,
  display: 'flex',
  justifyContent: 'flex-end',
  '@media': { [media.upToSm]: { display: 'none' } },
});
export const moreList = style({
  position: 'absolute',
  top: '100%',
  right: 0,
  zIndex: 40,
  minWidth: '220px',
  margin: 0,
  padding: '10px 18px',
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
});
export const topLink = style({
  padding: '10px 4px',
  fontWeight: 600,
  fontSize: '14px',
  whiteSpace: 'nowrap',
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primaryDark } },
});
export const moreButton = style([
  topLink,
  { background: 'none', border: 'none', cursor: 'pointer', font: 'inherit', fontWeight: 600, fontSize: '14px', color: vars.color.text },
]);
/** A category's sub-categories under More: under its name, indented. */
export const moreChildren = style({
  listStyle: 'none',
  margin: '0 0 6px',
  padding: '0 0 0 12px',
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
});
globalStyle(`${moreList} a`, { display: 'block', color: vars.color.text, textDecoration: 'none', fontSize: '14px', whiteSpace: 'nowrap' });
globalStyle(`${moreList} a:hover`, { color: vars.color.primaryDark });
export const toggle = style({ background: 'none', border: 'none', cursor: 'pointer', padding: '4px', color: vars.color.muted });
export const dropdownHidden = style({ display: 'none' });
/** Hangs from the row (top) under its category (left: where it would stand in the category, its static position). */
export const dropdown = style({
  position: 'absolute',
  top: '100%',
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
