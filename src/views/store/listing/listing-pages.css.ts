import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const message = style({ textAlign: 'center', padding: '48px 16px', fontSize: '18px' });

export const searchForm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '10px', maxWidth: '640px' });
export const searchField = style({ display: 'flex', flexDirection: 'column', gap: '6px', flex: '1 1 260px', fontWeight: 600 });
export const total = style({ margin: 0, color: vars.color.muted, fontWeight: 600 });

export const categoryGrid = style({
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

export const categoryLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '96px',
  padding: '16px',
  textAlign: 'center',
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  borderTop: `4px solid ${vars.color.primary}`,
  color: vars.color.text,
  fontWeight: 700,
  fontSize: '17px',
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primaryDark } },
});
