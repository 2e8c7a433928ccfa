import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const wallet = style({ display: 'grid', gap: '12px', borderTop: `1px solid ${vars.color.border}`, paddingTop: '12px' });
export const title = style({ margin: 0, fontSize: '15px', letterSpacing: '0.06em' });
export const filters = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '12px 20px' });
export const field = style({ display: 'grid', gap: '4px' });
export const label = style({ fontSize: '13px', color: vars.color.muted, letterSpacing: '0.04em' });
export const select = style({
  minWidth: '140px',
  padding: '8px 10px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: '#fff',
  font: 'inherit',
});
export const total = style({ margin: 0, flex: '1 1 auto' });
/** The state filter's 'Selecting state is mandatory', visible under it. */
export const hint = style({ fontSize: '12px', color: vars.color.muted });
export const redeem = style({ display: 'grid', gap: '4px', justifyItems: 'start' });
/** Why REDEEM NOW is greyed out, visible beside it. */
export const reason = style({ margin: 0, fontSize: '13px', color: vars.color.muted, maxWidth: '24ch' });
