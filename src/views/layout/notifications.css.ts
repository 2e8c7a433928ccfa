import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const toasts = style({
  position: 'fixed',
  right: '16px',
  bottom: '16px',
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
  zIndex: 100,
  maxWidth: 'min(380px, calc(100vw - 32px))',
});

const toastBase = style({
  color: '#fff',
  borderRadius: vars.radius.medium,
  padding: '12px 14px',
  boxShadow: vars.shadow.card,
  display: 'flex',
  gap: '12px',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
});

export const toast = styleVariants({
  success: [toastBase, { background: vars.color.success }],
  error: [toastBase, { background: vars.color.error }],
});

export const close = style({ background: 'none', border: 'none', color: 'inherit', fontSize: '18px', cursor: 'pointer', lineHeight: 1 });

export const snackbar = style({
  position: 'fixed',
  left: '50%',
  bottom: '24px',
  transform: 'translateX(-50%)',
  background: vars.color.text,
  color: '#fff',
  padding: '12px 20px',
  borderRadius: vars.radius.medium,
  zIndex: 100,
});
