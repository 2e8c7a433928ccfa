import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const message = style({ textAlign: 'center', padding: '48px 16px' });
export const page = style({ display: 'flex', flexDirection: 'column', gap: '32px' });
export const top = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)',
  gap: '32px',
  '@media': { [media.upToMd]: { gridTemplateColumns: '1fr' } },
});
export const gallery = style({ display: 'flex', flexDirection: 'column', gap: '12px' });
export const mainImage = style({
  width: '100%',
  maxWidth: '560px',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.large,
  background: '#f3ece8',
});
export const thumbnails = style({ display: 'flex', gap: '8px', flexWrap: 'wrap' });
export const thumbnail = style({
  padding: 0,
  border: `2px solid transparent`,
  borderRadius: vars.radius.small,
  background: 'none',
  cursor: 'pointer',
  width: '96px',
  opacity: 0.7,
});
export const thumbnailActive = style([thumbnail, { borderColor: vars.color.primary, opacity: 1 }]);
export const summary = style({ display: 'flex', flexDirection: 'column', gap: '12px' });
export const name = style({ margin: 0, fontSize: '28px', lineHeight: 1.2 });
export const reviews = style({ margin: 0, color: vars.color.muted });
export const purchase = style({ display: 'flex', flexDirection: 'column', gap: '16px' });
export const choices = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: '12px' });
export const price = style({ margin: 0, fontSize: '28px', fontWeight: 800, color: vars.color.primary });
export const ageNotice = style({ margin: 0, display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' });
export const addButton = style({ alignSelf: 'flex-start', minWidth: '220px' });
export const facts = style({ background: vars.color.surface, borderRadius: vars.radius.large, padding: '24px', boxShadow: vars.shadow.card });
export const factList = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 24px' });
export const factLabel = style({ fontWeight: 600, minWidth: '110px' });
export const scale = style({ display: 'flex', alignItems: 'center', gap: '12px', marginTop: '10px' });
export const scaleTrack = style({
  position: 'relative',
  width: '180px',
  height: '10px',
  borderRadius: '999px',
  background: vars.color.border,
  overflow: 'hidden',
});
export const scaleFill = style({ position: 'absolute', inset: '0 auto 0 0', background: vars.color.secondary });
export const similar = style({ display: 'flex', flexDirection: 'column', gap: '12px' });
