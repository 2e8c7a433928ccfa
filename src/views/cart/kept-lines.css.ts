import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const section = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  border: `1px dashed ${vars.color.muted}`,
  padding: '20px',
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
});
export const heading = style({ margin: 0, fontSize: '20px' });
export const note = style({ margin: 0, color: vars.color.muted });
export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' });
export const line = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px' });
