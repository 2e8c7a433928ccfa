import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The word that the session ended, over the top of the page until the shopper signs in again (walk 5 #4). */
export const sessionEnded = style({
  position: 'fixed',
  top: '12px',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 30,
  maxWidth: 'calc(100% - 24px)',
  background: vars.color.surface,
  padding: '10px 16px',
  border: `1px solid ${vars.color.primaryDark}`,
  borderRadius: '4px',
  color: vars.color.text,
});
