import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: '16px' });

export const header = style({ display: 'flex', flexDirection: 'column', gap: '6px' });
export const title = style({
  margin: 0,
  fontSize: '26px',
  letterSpacing: '0.02em',
  borderLeft: `4px solid ${vars.color.primary}`,
  paddingLeft: '10px',
  scrollMarginTop: '16px',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: '12px 20px',
  padding: '10px 12px',
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
});

export const control = style({ display: 'flex', alignItems: 'center', gap: '8px', fontWeight: 600 });
export const select = style({
  padding: '8px 10px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  fontSize: '15px',
});

/** The Filter button exists only where the panel is hidden (phones and small tablets). */
export const filterButton = style({
  marginRight: 'auto',
  display: 'none',
  '@media': { [media.upToSm]: { display: 'inline-block' } },
});

export const body = style({
  display: 'grid',
  gridTemplateColumns: '250px minmax(0, 1fr)',
  gap: '20px',
  alignItems: 'start',
  '@media': { [media.upToSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const bodyWithoutFilters = style({ display: 'block' });

/** The desktop filter column; on narrow screens the Filter sheet takes its place. */
export const aside = style({
  position: 'sticky',
  top: '16px',
  '@media': { [media.upToSm]: { display: 'none' } },
});

export const results = style({ display: 'flex', flexDirection: 'column', gap: '20px', minWidth: 0 });
export const busy = style({ opacity: 0.6, transition: 'opacity 150ms ease' });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: '16px',
  '@media': {
    [media.upToLg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.upToMd]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.upToXs]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const message = style({ textAlign: 'center', padding: '40px 16px', fontSize: '18px', margin: 0 });
export const error = style([message, { color: vars.color.error }]);
