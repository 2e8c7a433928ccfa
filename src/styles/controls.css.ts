import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Buttons and inputs shared by every screen. */
export const primaryButton = style({
  background: vars.color.primaryDark,
  color: '#fff',
  border: 'none',
  borderRadius: vars.radius.small,
  padding: '12px 22px',
  fontWeight: 700,
  letterSpacing: '0.04em',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.primaryDarker },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const secondaryButton = style([
  primaryButton,
  {
    background: 'transparent',
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.background } },
  },
]);

export const textInput = style({
  width: '100%',
  padding: '11px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  fontSize: '16px',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.error } },
});

export const fieldError = style({ color: vars.color.error, fontSize: '14px', marginTop: '6px' });

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.secondaryDark,
  textDecoration: 'underline',
  cursor: 'pointer',
});
