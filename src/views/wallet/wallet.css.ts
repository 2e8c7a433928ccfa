import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

// A labelled field and its error, shared with the visit's date and time (views/controls, the cart uses them too).
export { error, field, input, label } from '../controls/visit-date-time.css.ts';

export const page = style({ display: 'grid', gap: '18px', maxWidth: '1100px', margin: '0 auto', width: '100%' });
export const title = style({ margin: 0, fontSize: '22px', letterSpacing: '0.04em' });
export const subtitle = style({ margin: 0, color: vars.color.muted });
export const card = style({
  display: 'grid',
  gap: '14px',
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '20px',
});
export const retailerList = style({
  display: 'grid',
  gap: '10px',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  border: 'none',
  margin: 0,
  padding: 0,
});
export const retailer = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '4px 10px',
  alignItems: 'start',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '12px',
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primaryDark, background: vars.color.background } },
});
export const retailerName = style({ fontWeight: 700 });
export const muted = style({ color: vars.color.muted, fontSize: '14px', gridColumn: '2' });
export const fields = style({ display: 'flex', flexWrap: 'wrap', gap: '12px 20px', alignItems: 'flex-end' });
/** The product list's filters in a fieldset (to disable them at once): the fieldset draws no frame of its own. */
export const filterSet = style([fields, { border: 0, margin: 0, padding: 0, minWidth: 0 }]);
/** Desktop: the sort and retailer sit inline; phones get the Filter button and its panel instead. */
export const inlineFilters = style({ '@media': { [media.upToSm]: { display: 'none' } } });
export const filterButton = style({ display: 'none', '@media': { [media.upToSm]: { display: 'inline-block' } } });
export const filterPanel = style({
  display: 'grid',
  gap: '12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '14px',
  background: vars.color.surface,
});
export const panelActions = style({ display: 'flex', gap: '10px' });
export const grid = style({
  display: 'grid',
  gap: '16px',
  gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const product = style({
  display: 'grid',
  gap: '8px',
  alignContent: 'start',
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '14px',
});
export const image = style({
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'contain',
  borderRadius: vars.radius.medium,
  background: vars.color.background,
});
export const productName = style({ margin: 0, fontSize: '16px' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 10px', margin: 0, fontSize: '14px' });
export const factName = style({ color: vars.color.muted });
export const factValue = style({ margin: 0 });
