import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const wrapper = style({ position: 'relative' });

const gap = 16;
/** Column width showing n items per view with the gaps between them. */
const columns = (n: number) => `calc((100% - ${(n - 1) * gap}px) / ${n})`;

const trackBase = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gap: `${gap}px`,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'none',
  padding: '4px 2px 12px',
});
globalStyle(`${trackBase} > *`, { scrollSnapAlign: 'start' });

export const track = styleVariants({
  store: [
    trackBase,
    {
      gridAutoColumns: columns(4),
      '@media': { [media.upToLg]: { gridAutoColumns: columns(3) }, [media.upToSm]: { gridAutoColumns: columns(2) } },
    },
  ],
  detail: [
    trackBase,
    {
      gridAutoColumns: columns(5),
      '@media': {
        [media.upToLg]: { gridAutoColumns: columns(4) },
        [media.upToMd]: { gridAutoColumns: columns(3) },
        [media.upToSm]: { gridAutoColumns: columns(2) },
      },
    },
  ],
  single: [trackBase, { gridAutoColumns: '100%' }],
});

export const arrow = style({
  position: 'absolute',
  top: '40%',
  zIndex: 2,
  width: '36px',
  height: '36px',
  borderRadius: '50%',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
  fontSize: '22px',
  lineHeight: 1,
});
export const previous = style({ left: '-12px' });
export const next = style({ right: '-12px' });
