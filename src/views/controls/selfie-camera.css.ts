import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The webcam's frame, shared by the KYC screen and the checkout's face step. */
export const frame = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '10px',
  minHeight: '190px',
  padding: '12px',
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.background,
  textAlign: 'center',
  fontSize: '14px',
  color: vars.color.muted,
});

export const preview = style({ display: 'block', width: '100%', maxHeight: '180px', objectFit: 'contain', borderRadius: vars.radius.small });

export const video = style({ display: 'block', width: '100%', maxHeight: '180px', background: '#000', borderRadius: vars.radius.small });

export const hint = style({ margin: 0, fontSize: '13px', color: vars.color.muted });
