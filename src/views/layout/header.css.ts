import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: 'sticky',
  top: 0,
  zIndex: 20,
  // On a phone the header is four rows (about 210 of 844 px): kept on screen it took a quarter of every page, the
  // checkout's forms included. There it scrolls away with the page; the top of the page brings it back.
  '@media': { [media.upToSm]: { position: 'static' } },
});

export const bar = style({
  maxWidth: '1400px',
  margin: '0 auto',
  padding: '10px 16px',
  display: 'flex',
  alignItems: 'center',
  gap: '20px',
  // One row on a laptop (1280, 1366): the Delivery Options line and the search give way instead of pushing the user
  // menu onto a second row (issue 23). From 768 to 1199 px two rows: logo, zip and the user menu, then the Delivery
  // Options line under the logo and zip with the search beside it (a wrapping row left the user menu and cart alone
  // on a row of their own; on the first row the line had what a long name left it: decision 087). Phones wrap as
  // search-box.css.ts and the zip line order them.
  flexWrap: 'nowrap',
  '@media': {
    // Laptops: a little less between the row's parts leaves a restaurant's name and a signed-in name whole (walk 6).
    [media.fromLg]: { gap: '14px' },
    [media.upToLg]: { flexWrap: 'wrap' },
    [media.fromSmUpToLg]: { display: 'grid', gridTemplateColumns: 'auto auto minmax(0, 1fr) auto', gap: '8px 14px' },
    [media.upToSm]: { gap: '8px 12px' },
  },
});

export const logo = style({
  display: 'flex',
  alignItems: 'center',
  gap: '10px',
  fontWeight: 800,
  fontSize: '20px',
  letterSpacing: '0.06em',
  color: vars.color.primary,
  textDecoration: 'none',
  flexShrink: 0,
  // 19 px bold is large text, where the brand red's 3.7:1 meets WCAG AA.
  '@media': { [media.upToSm]: { fontSize: '19px', gap: '8px', letterSpacing: '0.01em' } },
});
globalStyle(`${logo} img`, { '@media': { [media.upToSm]: { width: '30px', height: '30px' } } });

export const zip = style({
  display: 'flex',
  alignItems: 'center',
  gap: '8px',
  fontSize: '14px',
  fontWeight: 600,
  color: vars.color.muted,
  flexShrink: 0,
  '@media': { [media.upToSm]: { order: 2, flexBasis: '100%' } },
});

/**
 * The Delivery Options line: it gives way on a narrow row (its place wraps). On a tablet or a small laptop the first
 * row leaves it little ('D… Change' at 768 px; at 1024 px beside a long signed-in name, a word a line), so it opens
 * the second row, under the logo and zip, with the search beside it.
 */
export const choice = style([
  zip,
  {
    flexShrink: 1,
    minWidth: 0,
    '@media': {
      [media.fromSmUpToLg]: { gridColumn: '1 / 3', gridRow: 2 },
      // On one row the search gives way first (to its minimum): the restaurant's name is what the shopper chose
      // (walk 6: 'DINE-IN AT Gramercy Chop H…' beside a signed-in name at 1280 px).
      [media.fromLg]: { flexShrink: 0.2 },
    },
  },
]);

export const changeLink = style({
  background: 'none',
  border: 'none',
  color: vars.color.secondaryDark,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontWeight: 600,
  padding: 0,
});

// Phones: logo and user/cart share the first row; the zip line and the search get full rows below.
// The greeting gives way with the rest of the row (the cart never): walk 8 saw a long name push the cart off a laptop.
export const right = style({
  marginLeft: 'auto',
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: '18px',
  '@media': { [media.upToSm]: { order: 1, gap: '14px' } },
});

export const userMenu = style({ position: 'relative', minWidth: 0 });

export const userButton = style({
  background: 'none',
  border: 'none',
  cursor: 'pointer',
  fontWeight: 600,
  padding: '8px 4px',
  // A long name is cut rather than widening the row.
  maxWidth: 'min(240px, 100%)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const menuList = style({
  position: 'absolute',
  right: 0,
  top: '100%',
  margin: 0,
  padding: '8px 0',
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  minWidth: '180px',
  // Above the category menu below the bar (and its own drop-downs at 40), which would otherwise cover it.
  zIndex: 50,
});

/** How far the count's circle reaches past the cart icon's right edge. */
const badgeOverhang = '10px';

/**
 * The cart keeps room for its count's circle on its right, so the circle ends inside the row (16 px from the window's
 * edge), not in its padding: walk 7 saw the circle cut at the right edge at 1280 and 390 px.
 */
export const cart = style({ position: 'relative', color: vars.color.text, display: 'flex', marginRight: badgeOverhang, flexShrink: 0 });

export const badge = style({
  position: 'absolute',
  top: '-8px',
  right: `-${badgeOverhang}`,
  background: vars.color.primaryDark,
  color: '#fff',
  borderRadius: '999px',
  fontSize: '12px',
  minWidth: '20px',
  height: '20px',
  display: 'grid',
  placeItems: 'center',
  padding: '0 5px',
  fontWeight: 700,
});

globalStyle(`${menuList} a`, { display: 'block', padding: '8px 16px', color: vars.color.text, textDecoration: 'none' });
globalStyle(`${menuList} a:hover`, { background: vars.color.background });

export const menuButton = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  padding: '8px 16px',
  background: 'none',
  border: 'none',
  font: 'inherit',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover:not(:disabled)': { background: vars.color.background } },
});

/** The Delivery Options choice: the place (cut with an ellipsis if it must be), the day and time on a line under it. */
export const choiceText = style({
  // A column as wide as its longer line (up to the cap), so Change sits right after it.
  display: 'inline-grid',
  gridTemplateColumns: 'minmax(0, max-content)',
  maxWidth: '330px',
  minWidth: 0,
  // A laptop's row has room for a restaurant's whole name (walk 6: 'DINE-IN AT Gramercy Chop H…' at 1280 px).
  '@media': { [media.upToSm]: { maxWidth: '70vw' }, [media.fromLg]: { maxWidth: '440px' } },
});
/**
 * The place: on one line where the row has room, else it wraps between words, never cut: the restaurant's name is
 * what the shopper chose (between ~1200 and 1250 px, at 1024 px beside a long signed-in name, and on a phone, an
 * ellipsis read 'The Oyster Room — Ch…'; decision 087, walk 8). The day and time take the grid's second line.
 */
export const choicePlace = style({ minWidth: 0, overflowWrap: 'break-word' });
