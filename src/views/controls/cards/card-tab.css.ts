import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const tab = style({ display: 'grid', gap: '20px' });
export const title = style({ fontSize: '20px', fontWeight: 700, margin: 0 });
export const options = style({ display: 'flex', flexWrap: 'wrap', gap: '12px 24px', border: 'none', padding: 0, margin: 0 });
export const option = style({ display: 'flex', alignItems: 'center', gap: '8px', cursor: 'pointer', fontWeight: 600 });
export const banks = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '10px 14px',
  margin: 0,
});
export const bankTitle = style({ fontWeight: 700, padding: '0 4px' });
export const bankList = style({ display: 'flex', flexWrap: 'wrap', gap: '8px 20px', marginTop: '6px' });
export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '16px' });
export const addTile = style({
  minHeight: '140px',
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.primaryDark,
  fontWeight: 700,
  letterSpacing: '0.04em',
  cursor: 'pointer',
});
export const actions = style({ display: 'flex', gap: '12px', flexWrap: 'wrap' });
export const status = style({ color: vars.color.muted });
export const error = style({ color: vars.color.error });
export const success = style({ color: vars.color.success });
export const removeButton = style({ marginTop: '6px' });
/** 'Remove Visa ending 4242?  Yes, remove  Keep' under the cards (settings). */
export const confirm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', marginTop: '12px' });
export const cardCell = style({ display: 'grid' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  display: 'inline-block',
  width: '14px',
  height: '14px',
  marginRight: '8px',
  border: '2px solid rgba(255,255,255,0.5)',
  borderTopColor: '#fff',
  borderRadius: '50%',
  verticalAlign: '-2px',
  animation: `${spin} 0.8s linear infinite`,
});
export const contents = style({ display: 'contents' });
/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
