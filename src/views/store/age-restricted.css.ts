import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The '21+' badge: white on primaryDark (5.2:1), so it reads as a warning at card size. */
export const mark = style({
  display: 'inline-block',
  alignSelf: 'flex-start',
  fontSize: '12px',
  fontWeight: 800,
  lineHeight: 1.4,
  color: '#ffffff',
  background: vars.color.primaryDark,
  borderRadius: '999px',
  padding: '1px 8px',
  letterSpacing: '0.02em',
});

export const notice = style({ margin: 0, fontSize: '13px', color: vars.color.text });
