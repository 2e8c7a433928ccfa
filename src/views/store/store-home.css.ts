import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: '28px' });
export const message = style({ textAlign: 'center', padding: '48px 16px', fontSize: '18px' });
// A section out of view is neither laid out nor painted until scrolled near (its size guessed until then, then
// remembered): the store home's dozens of cards cost the first render's layout only for the rows on screen (TBT).
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 380px',
});
export const heading = style({
  margin: 0,
  fontSize: '20px',
  letterSpacing: '0.06em',
  color: vars.color.text,
  borderLeft: `4px solid ${vars.color.primary}`,
  paddingLeft: '10px',
});
export const banner = style({ display: 'block', borderRadius: vars.radius.large, overflow: 'hidden' });
export const ads = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  gap: '16px',
  '@media': { [media.upToXs]: { gridTemplateColumns: '1fr' } },
});
export const ad = style({ display: 'block', borderRadius: vars.radius.medium, overflow: 'hidden' });
