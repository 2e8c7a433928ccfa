import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const footer = style({
  background: vars.color.text,
  color: '#fff',
  textAlign: 'center',
  padding: '18px 16px',
  fontSize: '14px',
});
