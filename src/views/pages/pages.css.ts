import { style } from '@vanilla-extract/css';
import { primaryButton } from '../../styles/controls.css.ts';
import { vars } from '../../styles/theme.css.ts';

export const actions = style({ display: 'flex', flexDirection: 'column', gap: '12px', marginTop: '20px' });

export const refusal = style({ color: vars.color.error, fontWeight: 600 });

export const zipList = style({
  listStyle: 'none',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(90px, 1fr))',
  gap: '8px',
});

export const splash = style({
  width: 'min(960px, 100%)',
  display: 'grid',
  gap: '20px',
  justifyItems: 'center',
  textAlign: 'center',
});

export const splashBanner = style({ display: 'block', width: '100%', height: 'auto', borderRadius: vars.radius.large });

export const splashTitle = style({ color: '#fff', fontWeight: 800, letterSpacing: '0.08em', margin: 0 });

/** A light button on the splash's red background, where the red primary button would disappear. */
export const splashButton = style([
  primaryButton,
  { background: '#fff', color: vars.color.primaryDark, selectors: { '&:hover:not(:disabled)': { background: vars.color.background } } },
]);
