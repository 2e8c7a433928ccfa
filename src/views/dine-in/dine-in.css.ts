import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ maxWidth: '960px', margin: '0 auto', padding: '32px 16px 64px' });

export const title = style({ margin: '0 0 20px', fontSize: '26px', fontWeight: 800, letterSpacing: '0.02em' });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: '14px',
  marginBottom: '24px',
  '@media': { [media.upToXs]: { gridTemplateColumns: '1fr' } },
});

const cardBase = {
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  padding: '18px',
  textAlign: 'left' as const,
  font: 'inherit',
  color: vars.color.text,
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column' as const,
  gap: '6px',
};

export const card = style({ ...cardBase, ':disabled': { cursor: 'not-allowed', opacity: 0.55 } });
export const cardSelected = style({ ...cardBase, borderColor: vars.color.primaryDark, boxShadow: vars.shadow.card });
export const cardName = style({ fontSize: '18px', fontWeight: 800 });
export const cardNote = style({ fontSize: '13px', color: vars.color.muted });
export const primaryBadge = style({
  alignSelf: 'flex-start',
  fontSize: '11px',
  fontWeight: 700,
  letterSpacing: '0.06em',
  color: vars.color.surface,
  background: vars.color.secondaryDark,
  borderRadius: vars.radius.small,
  padding: '2px 6px',
});

export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '24px',
  display: 'grid',
  gap: '18px',
  // Grid items default to their content's width: let them shrink to the panel on a phone.
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.upToXs]: { padding: '16px' } },
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: '18px',
  '@media': { [media.upToSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const legend = style({ fontWeight: 700, fontSize: '14px', marginBottom: '8px', padding: 0 });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: '8px' });
const chipBase = {
  border: `1px solid ${vars.color.border}`,
  borderRadius: '999px',
  padding: '6px 14px',
  background: vars.color.surface,
  font: 'inherit',
  fontSize: '14px',
  cursor: 'pointer',
  color: vars.color.text,
};
export const chip = style({ ...chipBase, ':disabled': { cursor: 'not-allowed', opacity: 0.5 } });
export const chipSelected = style({
  ...chipBase,
  borderColor: vars.color.secondaryDark,
  background: vars.color.secondaryDark,
  color: vars.color.surface,
});

export const hint = style({ color: vars.color.error, fontSize: '14px', margin: '6px 0 0' });
export const message = style({ color: vars.color.primaryDark, fontWeight: 600, margin: 0 });
export const muted = style({ color: vars.color.muted, fontSize: '14px', margin: 0 });
/** The reasons under the Delivery date picker ('… is closed on Sundays.'). */
export const closedNotes = style({ margin: '4px 0 0', paddingLeft: '18px', maxWidth: '320px' });
export const linkLike = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.secondaryDark,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
});
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: '12px' });

export const retailerCard = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '12px 14px',
  fontSize: '14px',
});
export const stars = style({ color: vars.color.primaryDark, letterSpacing: '0.1em' });

export const sampleTable = style({ width: '100%', borderCollapse: 'collapse', margin: '4px 0 16px' });

export const locatorList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '14px' });
export const locatorItem = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '18px 20px',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '6px 16px',
  alignItems: 'center',
  '@media': { [media.upToXs]: { gridTemplateColumns: '1fr' } },
});
export const locatorName = style({ margin: 0, fontSize: '18px' });

/** The visit calendar in the theme's colours (react-day-picker sets its variables on .rdp-root itself). */
export const calendar = style({});
globalStyle(`${calendar} .rdp-root`, {
  vars: {
    '--rdp-accent-color': vars.color.primaryDark,
    '--rdp-accent-background-color': '#fbe3e2',
    '--rdp-today-color': vars.color.secondaryDark,
  },
  '@media': {
    [media.upToXs]: {
      vars: { '--rdp-day-width': '38px', '--rdp-day-height': '38px', '--rdp-day_button-width': '36px', '--rdp-day_button-height': '36px' },
    },
  },
});
