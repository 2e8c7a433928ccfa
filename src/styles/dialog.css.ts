import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * A modal dialog over a dimmed page (the pincode dialog, the change-option question, the test bank's check, the
 * sample prices). The dialog never grows past the window: a taller one scrolls inside it, so its actions stay
 * reachable in a short window (walk 8: at 780 × 437 the change question was 678 px tall, its buttons off screen).
 */
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(20, 20, 20, 0.55)',
  display: 'grid',
  placeItems: 'center',
  padding: '16px',
  zIndex: 50,
});

export const dialog = style({
  position: 'relative',
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  padding: '28px',
  width: 'min(440px, 100%)',
  boxShadow: vars.shadow.card,
  // The backdrop's padding on both sides; dvh follows a phone's browser bars (vh where it is not known).
  maxHeight: ['calc(100vh - 32px)', 'calc(100dvh - 32px)'],
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});

export const title = style({ margin: '0 0 18px', fontSize: '20px' });
