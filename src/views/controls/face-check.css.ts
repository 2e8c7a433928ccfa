import { style } from '@vanilla-extract/css';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { vars } from '../../styles/theme.css.ts';

/** The face check (checkout's face step and /verifyFace) and the identity prompt shown instead of it. */
export const body = style({ display: 'flex', flexDirection: 'column', gap: '14px', maxWidth: '460px' });

export const lead = style({ margin: 0, color: vars.color.muted });

export const status = style({ margin: 0, color: vars.color.muted, fontWeight: 600 });

export const error = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: vars.radius.small,
  background: '#fdecea',
  color: vars.color.error,
  fontWeight: 600,
});

export const actions = style({ display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'center' });

/** Links that lead on (create an account, verify on /kyc) look like the buttons beside them. */
export const primaryLink = style([primaryButton, { display: 'inline-block', textDecoration: 'none' }]);
export const secondaryLink = style([secondaryButton, { display: 'inline-block', textDecoration: 'none' }]);

export const prompt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '14px',
  padding: '18px 20px',
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
});

export const promptTitle = style({ margin: 0, fontSize: '18px' });

export const promptText = style({ margin: 0 });
