import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: '20px', maxWidth: '1100px', margin: '0 auto', width: '100%' });
export const title = style({ margin: 0, fontSize: '22px', letterSpacing: '0.04em' });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'end' });
export const filter = style({ display: 'grid', gap: '4px', fontSize: '14px', color: vars.color.muted });
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '16px 20px',
  display: 'grid',
  gap: '12px',
  minWidth: 0,
});
export const cardHead = style({ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'baseline', justifyContent: 'space-between' });
export const orderNumber = style({ margin: 0, fontSize: '17px' });
export const meta = style({ color: vars.color.muted, fontSize: '14px' });
export const badge = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: '999px',
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  fontSize: '13px',
  fontWeight: 600,
});
export const warning = style({ color: vars.color.error, fontWeight: 700, fontSize: '13px' });
export const lines = style({ margin: 0, paddingLeft: '18px', display: 'grid', gap: '6px' });
export const line = style({ display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' });
export const weight = style({ width: '7em' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '10px', alignItems: 'center' });
export const error = style({ color: vars.color.error, margin: 0 });
export const status = style({ color: vars.color.muted, margin: 0 });
export const slotTitle = style({ margin: '8px 0 0', fontSize: '16px' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '14px' });
/** The gift message the packer writes on the card: set apart from the meta line so it is not missed. */
export const gift = style({ margin: 0, padding: '6px 10px', borderLeft: `3px solid ${vars.color.secondary}`, overflowWrap: 'anywhere' });
export const giftName = style({ fontSize: '13px', letterSpacing: '0.04em', fontWeight: 700, color: vars.color.muted, marginRight: '8px' });
