import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const preview = style({
  display: 'grid',
  gap: '10px',
  minHeight: '140px',
  padding: '18px',
  textAlign: 'left',
  borderRadius: vars.radius.large,
  border: '2px solid transparent',
  background: `linear-gradient(135deg, ${vars.color.secondary}, #00695c)`,
  color: '#fff',
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
  // The spec: the chosen card fully opaque, the others dimmed.
  opacity: 0.5,
  transition: 'opacity 120ms ease',
  selectors: {
    '&[aria-checked="true"]': { opacity: 1, borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.primary}`, outlineOffset: '2px' },
  },
});
export const brand = style({ fontWeight: 700, fontSize: '16px' });
export const number = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '18px', letterSpacing: '0.08em' });
export const meta = style({ display: 'flex', justifyContent: 'space-between', fontSize: '14px' });
