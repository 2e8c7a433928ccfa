import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';
import { frame } from '../controls/selfie-camera.css.ts';

export const page = style({ display: 'grid', placeItems: 'start center', padding: '40px 16px 64px' });

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '32px',
  width: 'min(880px, 100%)',
  '@media': { [media.upToXs]: { padding: '22px 16px' } },
});

export const title = style({ margin: '0 0 6px', fontSize: '26px', fontWeight: 800, letterSpacing: '0.02em' });

export const subtitle = style({ margin: '0 0 18px', color: vars.color.muted });

export const applicationId = style({ margin: '0 0 22px', fontSize: '14px', wordBreak: 'break-all' });

export const fields = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

export const photos = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: '16px',
  '@media': { [media.upToSm]: { gridTemplateColumns: '1fr' } },
});

export const photo = style({ display: 'flex', flexDirection: 'column', gap: '10px', minWidth: 0 });

export const photoTitle = style({ margin: 0, fontSize: '15px', fontWeight: 700, letterSpacing: '0.04em' });

/** An ID photo's drop zone looks like the camera's frame beside it. */
export const dropZone = style([frame]);

export const dropZoneActive = style({ borderColor: vars.color.secondary, background: '#e6f4f2' });

export const fileInput = style({ maxWidth: '100%', fontSize: '13px' });

export const preview = style({ display: 'block', width: '100%', maxHeight: '180px', objectFit: 'contain', borderRadius: vars.radius.small });

export const error = style({ margin: 0, fontSize: '14px', color: vars.color.error, fontWeight: 600 });

export const missing = style({ margin: '18px 0 0', paddingLeft: '20px', color: vars.color.error, fontWeight: 600 });

export const message = style({
  margin: '18px 0 0',
  padding: '10px 12px',
  borderRadius: vars.radius.small,
  background: '#fdecea',
  color: vars.color.error,
  fontWeight: 600,
});

export const status = style({ margin: '18px 0 0', color: vars.color.muted, fontWeight: 600 });

export const actions = style({ display: 'flex', gap: '12px', flexWrap: 'wrap', marginTop: '22px' });

/** A way on that is not an action of the form (Continue Shopping after a refusal). */
export const link = style({ alignSelf: 'center', fontWeight: 600, color: vars.color.secondaryDark });

/** The vendor's words while it decides (decision 016): information, not an error. */
export const notice = style({
  margin: '18px 0 0',
  padding: '10px 12px',
  borderRadius: vars.radius.small,
  background: '#e6f4f2',
  color: vars.color.text,
  fontWeight: 600,
});

/** The vendor's page, opened in a new tab, looks like the form's main action. */
export const vendorLink = style({ textDecoration: 'none', display: 'inline-block' });
