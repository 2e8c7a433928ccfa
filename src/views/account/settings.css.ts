import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: '20px', maxWidth: '1100px', margin: '0 auto', width: '100%' });

export const tabs = style({ display: 'flex', gap: '8px', borderBottom: `1px solid ${vars.color.border}` });
export const tab = style({
  padding: '12px 20px',
  background: 'none',
  border: 'none',
  borderBottom: '3px solid transparent',
  cursor: 'pointer',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.muted,
  selectors: { '&[aria-selected="true"]': { borderBottomColor: vars.color.primary, color: vars.color.text } },
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '20px',
  '@media': { [media.upToSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '20px',
  display: 'grid',
  gap: '14px',
  alignContent: 'start',
  minWidth: 0,
});
export const cardTitle = style({ margin: 0, fontSize: '16px', letterSpacing: '0.06em', color: vars.color.text });
export const status = style({ color: vars.color.muted, margin: 0 });
export const error = style({ color: vars.color.error, margin: 0 });

/** Name and value columns; the names' column has one width in every list, so the identity facts line up with the rest. */
export const facts = style({ display: 'grid', gridTemplateColumns: 'minmax(max-content, 9.5em) minmax(0, 1fr)', gap: '10px 16px', margin: 0 });
export const factName = style({ color: vars.color.muted, fontSize: '13px', letterSpacing: '0.04em', textTransform: 'uppercase' });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });

export const switchRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px', fontWeight: 600 });
/** A checkbox drawn as a switch (role="switch"). */
export const switchInput = style({
  appearance: 'none',
  width: '44px',
  height: '24px',
  borderRadius: '12px',
  background: vars.color.border,
  position: 'relative',
  cursor: 'pointer',
  flexShrink: 0,
  transition: 'background 120ms',
  margin: 0,
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      top: '3px',
      left: '3px',
      width: '18px',
      height: '18px',
      borderRadius: '50%',
      background: '#fff',
      boxShadow: '0 1px 2px rgba(0,0,0,0.3)',
      transition: 'left 120ms',
    },
    '&:checked': { background: vars.color.secondaryDark },
    '&:checked::after': { left: '23px' },
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
  },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  '@media': { [media.upToSm]: { display: 'block' } },
});
export const headRow = style({ '@media': { [media.upToSm]: { display: 'none' } } });
export const th = style({
  textAlign: 'left',
  fontSize: '13px',
  letterSpacing: '0.06em',
  color: vars.color.muted,
  padding: '8px',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const body = style({ '@media': { [media.upToSm]: { display: 'grid', gap: '12px' } } });
export const row = style({
  '@media': {
    [media.upToSm]: { display: 'grid', gap: '6px', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.medium, padding: '12px' },
  },
});
export const td = style({
  padding: '10px 8px',
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  // A long name or street wraps in its cell: the page never scrolls sideways on a phone. Amounts and dates sit in
  // `unbroken` spans, whose width the table keeps: 'anywhere' alone squeezed them to '$40.2' over '5'.
  overflowWrap: 'anywhere',
  '@media': { [media.upToSm]: { display: 'block', padding: 0, border: 'none' } },
});
/** An amount or a date (or a slot): never broken inside; a cell of several may wrap between them. */
export const unbroken = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
/** On phones the cells stack: each says what it is (data-label). */
export const labelledTd = style([
  td,
  {
    '@media': {
      [media.upToSm]: {
        selectors: {
          '&::before': {
            content: 'attr(data-label)',
            display: 'inline-block',
            minWidth: '84px',
            color: vars.color.muted,
            fontSize: '12px',
            letterSpacing: '0.06em',
          },
        },
      },
    },
  },
]);
export const badge = style({
  display: 'inline-block',
  marginLeft: '8px',
  padding: '2px 8px',
  borderRadius: '10px',
  background: vars.color.secondaryDark,
  color: '#fff',
  fontSize: '12px',
  fontWeight: 700,
});
export const nickname = style({ display: 'block', color: vars.color.muted, fontSize: '13px' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '8px' });
export const smallButton = style({ padding: '6px 12px', fontSize: '13px' });

export const form = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '12px 16px',
  '@media': { [media.upToXs]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const wide = style({ gridColumn: '1 / -1' });

/** Orders tab. */
export const panelTitle = style({ margin: 0, fontSize: '18px' });
export const orderList = style({ display: 'grid', gap: '10px', listStyle: 'none', margin: 0, padding: 0 });
export const orderHeader = style({
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '12px',
  padding: '12px 14px',
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  font: 'inherit',
  fontWeight: 700,
  textAlign: 'left',
  selectors: { '&[aria-expanded="true"]': { borderBottomLeftRadius: 0, borderBottomRightRadius: 0 } },
});
export const orderNumber = style({ whiteSpace: 'nowrap' });
export const orderMeta = style({ fontWeight: 400, color: vars.color.muted, fontSize: '14px' });
export const orderBody = style({
  border: `1px solid ${vars.color.border}`,
  borderTop: 'none',
  borderRadius: `0 0 ${vars.radius.medium} ${vars.radius.medium}`,
  padding: '12px 14px',
  display: 'grid',
  gap: '12px',
  overflowX: 'auto',
});
export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'max-content max-content',
  justifyContent: 'end',
  gap: '4px 20px',
  margin: 0,
});
export const grandTotal = style({ fontWeight: 700 });
/** The change panel's choice of which seller's delivery moves: one option a line. */
export const partChoice = style({
  display: 'grid',
  gap: '6px',
  margin: 0,
  padding: '8px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});
