import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const heading = style({ margin: '0 0 12px', fontSize: '18px' });
export const rows = style({ display: 'flex', flexDirection: 'column', gap: '8px', margin: 0 });
export const row = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: '12px' });
export const term = style({ color: vars.color.muted });
export const amount = style({ margin: 0, fontVariantNumeric: 'tabular-nums' });
export const note = style({ flexBasis: '100%', margin: 0, fontSize: '12px', color: vars.color.muted });
export const grand = style([row, { borderTop: `1px solid ${vars.color.border}`, paddingTop: '10px', fontWeight: 800, fontSize: '18px' }]);
export const busy = style({ margin: '8px 0 0', fontSize: '13px', color: vars.color.muted });
