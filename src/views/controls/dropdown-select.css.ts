import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: '6px', minWidth: '160px' });
export const label = style({ fontWeight: 700, fontSize: '13px', letterSpacing: '0.06em' });
export const anchor = style({ position: 'relative' });
export const toggle = style({
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '12px',
  padding: '10px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  cursor: 'pointer',
  textAlign: 'left',
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'not-allowed' } },
});
export const menuHidden = style({ display: 'none' });
export const menu = style({
  position: 'absolute',
  zIndex: 30,
  left: 0,
  right: 0,
  top: 'calc(100% + 4px)',
  margin: 0,
  padding: '4px 0',
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.card,
  maxHeight: '260px',
  overflowY: 'auto',
});
export const item = style({ padding: '8px 12px', cursor: 'pointer' });
export const selected = style([item, { fontWeight: 700 }]);
export const highlighted = style([item, { background: vars.color.background }]);
