import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const footer = style({
  background: vars.color.text,
  color: '#fff',
  textAlign: 'center',
  padding: '18px 16px',
  fontSize: '14px',
});

export const links = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '8px 24px',
  padding: 0,
  margin: '0 0 12px',
});

export const link = style({
  color: '#fff',
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
  ':focus-visible': { outline: '2px solid #fff', outlineOffset: '2px' },
});
