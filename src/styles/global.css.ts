import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  color: vars.color.text,
  background: vars.color.background,
  lineHeight: 1.5,
});
globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });
globalStyle('a', { color: vars.color.secondaryDark });
globalStyle('button', { font: 'inherit' });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.secondary}`, outlineOffset: '2px' });
globalStyle('img', { maxWidth: '100%', display: 'block' });
globalStyle('img', { height: 'auto' });
