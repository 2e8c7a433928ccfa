import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ display: 'grid', placeItems: 'start center', padding: '40px 16px 64px' });

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '32px',
  width: 'min(480px, 100%)',
  '@media': { [media.upToXs]: { padding: '22px 16px' } },
});

export const title = style({ margin: '0 0 6px', fontSize: '26px', fontWeight: 800, letterSpacing: '0.02em' });

export const subtitle = style({ margin: '0 0 22px', color: vars.color.muted });

export const form = style({ display: 'flex', flexDirection: 'column', gap: '16px' });

/** The zipcode gate sits on the centred landing card; its form still reads left to right. */
export const gateForm = style([form, { textAlign: 'left', marginTop: '20px' }]);

/** A fieldset that only groups (disabled while a call runs), with no frame of its own. */
export const fields = style({ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 });

export const nameRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: '12px',
  '@media': { [media.upToXs]: { gridTemplateColumns: '1fr' } },
});

export const checkbox = style({ display: 'flex', alignItems: 'flex-start', gap: '10px', fontSize: '13px', fontWeight: 600, letterSpacing: '0.02em' });

export const captcha = style({ minHeight: '74px' });

/*
 * The widget's stylesheet colours itself with light-dark(). The build lowers that for older browsers into variables
 * that only a `color-scheme` declaration sets; without one every widget colour is invalid (no checkbox box, no border).
 * The store has one light theme, so it says so.
 */
globalStyle(':root', { colorScheme: 'light' });

globalStyle(`${captcha} altcha-widget`, {
  vars: {
    '--altcha-max-width': '100%',
    '--altcha-color-primary': vars.color.secondary,
    '--altcha-border-radius': vars.radius.small,
  },
});

export const submit = style({ width: '100%' });

export const formMessage = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: vars.radius.small,
  background: '#fdecea',
  color: vars.color.error,
  fontWeight: 600,
});

export const sentMessage = style({
  margin: 0,
  padding: '14px 16px',
  borderRadius: vars.radius.small,
  background: '#e6f4ea',
  color: vars.color.success,
  fontWeight: 600,
});

export const links = style({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: '8px', fontSize: '14px' });

export const switchLine = style({ margin: '18px 0 0', textAlign: 'center', color: vars.color.muted, fontSize: '14px' });

globalStyle(`${links} a, ${switchLine} a`, { color: vars.color.secondaryDark, fontWeight: 600 });
