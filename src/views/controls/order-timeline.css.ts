import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '8px' });
export const step = style({
  display: 'grid',
  gridTemplateColumns: '14px minmax(0, 1fr)',
  gap: '10px',
  alignItems: 'baseline',
  selectors: { '&::before': { content: '""', width: '10px', height: '10px', borderRadius: '50%', background: vars.color.secondaryDark } },
});
export const current = style({ fontWeight: 700 });
export const when = style({ color: vars.color.muted, fontSize: '13px', marginLeft: '4px' });
// (4 px beside the space before it: the 8 px gap the parts had.)
export const reason = style({ display: 'block', color: vars.color.muted, fontSize: '14px' });
