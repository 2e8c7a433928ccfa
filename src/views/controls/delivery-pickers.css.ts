import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: '6px', minWidth: 0 });
export const label = style({ fontWeight: 600, fontSize: '14px' });
export const inputRow = style({ display: 'flex', gap: '8px' });
export const toggle = style({
  flex: '0 0 auto',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  borderRadius: vars.radius.small,
  padding: '0 12px',
  cursor: 'pointer',
});
export const calendar = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '8px',
  alignSelf: 'flex-start',
  maxWidth: '100%',
  overflowX: 'auto',
});
// react-day-picker sets its variables on .rdp-root itself, so the theme's colours go there too.
globalStyle(`${calendar} .rdp-root`, {
  margin: 0,
  vars: {
    '--rdp-accent-color': vars.color.primary,
    '--rdp-accent-background-color': '#fbe3e2',
    '--rdp-today-color': vars.color.secondary,
  },
  '@media': {
    [media.upToXs]: {
      vars: { '--rdp-day-width': '38px', '--rdp-day-height': '38px', '--rdp-day_button-width': '36px', '--rdp-day_button-height': '36px' },
    },
  },
});
/** A day the seller is closed (closed weekday or holiday): struck out, as the note under the calendar says. */
export const closedDay = style({ textDecoration: 'line-through' });
export const calendarNote = style({ margin: '4px 0 0', fontSize: '13px', color: vars.color.muted });
export const slotField = style([field, { border: 'none', margin: 0, padding: 0 }]);
export const slots = style({ display: 'flex', flexWrap: 'wrap', gap: '8px' });
export const slot = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  borderRadius: '999px',
  padding: '6px 14px',
  cursor: 'pointer',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.secondaryDark, borderColor: vars.color.secondaryDark, color: '#fff' },
    '&:disabled': { opacity: 0.55, cursor: 'wait' },
  },
});
export const message = style({ margin: 0, color: vars.color.muted, fontSize: '14px' });

/** A seller's date and slot pickers side by side (one column on small screens). */
export const delivery = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: '16px',
  padding: '16px',
  background: vars.color.background,
  borderRadius: vars.radius.medium,
  '@media': { [media.upToSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const muted = style({ margin: 0, color: vars.color.muted });
