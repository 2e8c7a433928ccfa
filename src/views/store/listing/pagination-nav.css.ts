import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: '6px',
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '40px',
  height: '40px',
  padding: '0 10px',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover:not([aria-disabled="true"])': { borderColor: vars.color.primaryDark, color: vars.color.primaryDark },
    '&[aria-current="page"]': { background: vars.color.primaryDark, borderColor: vars.color.primaryDark, color: '#fff' },
    '&[aria-disabled="true"]': { opacity: 0.45, cursor: 'not-allowed' },
  },
});

export const gap = style({ minWidth: '24px', textAlign: 'center', color: vars.color.muted });
