import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const box = style({
  position: 'relative',
  // On a laptop's one row (the only row it is a flex item of: phones give it its own row, tablets a grid cell) the
  // search takes what the others leave, down to its minimum, so they keep their whole text before it asks any of them
  // to give way (walk 6: 'Gramercy Chop Hou…' beside 'Ada Lovelace' at 1280 px while the search had 36 px to spare).
  flex: '1 1 0',
  minWidth: '160px',
  maxWidth: '420px',
  '@media': {
    [media.upToSm]: { order: 3, flexBasis: '100%', maxWidth: 'none' },
    // Tablets and small laptops: the header's second row, beside the Delivery Options line (header.css.ts's choice).
    [media.fromSmUpToLg]: { gridColumn: '3 / -1', gridRow: 2, maxWidth: 'none' },
  },
});
export const input = style({
  width: '100%',
  padding: '9px 14px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '999px',
  fontSize: '14px',
  background: vars.color.background,
});
export const panel = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  left: 0,
  right: 0,
  zIndex: 40,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  padding: '10px 14px',
  fontSize: '14px',
});
