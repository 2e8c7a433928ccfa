import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** A short centred message page (not found, loading a page). */
export const centered = style({ textAlign: 'center', padding: '64px 16px' });

/** The brand's red full-screen frame with one white card: the age gate, the zip gate, the pincode dialog's page. */
export const landing = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: '24px',
  background: `linear-gradient(135deg, ${vars.color.primary} 0%, #8f2d29 100%)`,
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '32px',
  width: 'min(460px, 100%)',
  textAlign: 'center',
});

export const brand = style({ color: vars.color.primaryDark, fontWeight: 800, letterSpacing: '0.08em', margin: '0 0 8px' });
