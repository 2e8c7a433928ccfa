import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '14px',
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  padding: '14px 16px',
});

export const panelHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' });
export const panelTitle = style({ margin: 0, fontSize: '18px' });

export const group = style({ border: 'none', borderTop: `1px solid ${vars.color.border}`, margin: 0, padding: '10px 0 0' });
export const legend = style({ fontWeight: 700, padding: 0, marginBottom: '6px', letterSpacing: '0.03em' });

export const options = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' });
export const nested = style([options, { paddingLeft: '22px', marginTop: '4px' }]);

export const option = style({ display: 'flex', alignItems: 'center', gap: '8px', cursor: 'pointer', padding: '3px 0' });
export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.primary, margin: 0, flexShrink: 0 });

// ---- The narrow-screen sheet --------------------------------------------------------------------------------

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  background: 'rgba(20, 20, 20, 0.55)',
  display: 'flex',
  alignItems: 'flex-end',
  // The sheet belongs to the narrow layout; a rotated or resized screen falls back to the side panel.
  '@media': { 'screen and (min-width: 768px)': { display: 'none' } },
});

export const sheet = style({
  width: '100%',
  // dvh: a phone's browser bars do not hide the sheet's actions (vh where dvh is not known).
  maxHeight: ['88vh', '88dvh'],
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
  borderRadius: `${vars.radius.large} ${vars.radius.large} 0 0`,
  '@media': { [media.upToSm]: { maxHeight: ['92vh', '92dvh'] } },
});

export const sheetTitle = style({ margin: 0, padding: '16px 16px 8px', fontSize: '20px' });
export const sheetBody = style({ overflowY: 'auto', padding: '0 12px 12px', flex: 1 });
export const sheetActions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: '12px',
  padding: '12px 16px 16px',
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
