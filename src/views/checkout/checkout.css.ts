import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: '20px', maxWidth: '1100px', margin: '0 auto', width: '100%' });
export const panel = style({ background: vars.color.surface, borderRadius: vars.radius.large, boxShadow: vars.shadow.card, padding: '20px' });
export const title = style({ margin: 0, fontSize: '24px' });
export const status = style({ textAlign: 'center', padding: '32px 16px', color: vars.color.muted });
export const error = style({ color: vars.color.error, margin: 0 });

/** Shown only on phones (≤ 767 px): a back arrow and the step's title. */
export const titleBar = style({
  display: 'none',
  alignItems: 'center',
  gap: '12px',
  '@media': { [media.upToSm]: { display: 'flex' } },
});
export const backArrow = style({ background: 'none', border: 'none', fontSize: '22px', cursor: 'pointer', padding: '4px 8px' });

export const tabs = style({ display: 'flex', gap: '8px', borderBottom: `1px solid ${vars.color.border}`, padding: 0, margin: 0 });
export const tab = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '4px',
  padding: '10px',
  background: 'none',
  border: 'none',
  borderBottom: '3px solid transparent',
  cursor: 'pointer',
  color: vars.color.muted,
  selectors: {
    '&[aria-selected="true"]': { borderBottomColor: vars.color.primary, color: vars.color.text, fontWeight: 700 },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
});
export const tabIcon = style({ fontSize: '22px', lineHeight: 1 });

export const cards = style({
  display: 'grid',
  // Never wider than the page: a phone narrower than one card's 230 px still gets one column.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(230px, 100%), 1fr))',
  gap: '16px',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
const cardBase = style({
  width: '100%',
  height: '100%',
  minWidth: 0,
  // A long name or street (one word of 49 letters) wraps inside the card instead of running out of it.
  overflowWrap: 'anywhere',
  textAlign: 'left',
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
  padding: '16px',
  background: vars.color.surface,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  font: 'inherit',
});
export const card = styleVariants({
  plain: [cardBase],
  chosen: [cardBase, { borderColor: vars.color.primary, background: '#fff5f4' }],
  add: [cardBase, { alignItems: 'center', justifyContent: 'center', fontWeight: 700, color: vars.color.secondaryDark, borderStyle: 'dashed' }],
});
export const nickname = style({ fontWeight: 700, textTransform: 'uppercase', fontSize: '13px', color: vars.color.secondaryDark });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: '12px', flexWrap: 'wrap' });

export const breadcrumb = style({ display: 'flex', alignItems: 'center', gap: '8px', fontWeight: 700 });
export const form = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '14px 18px',
  '@media': { [media.upToSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const field = style({ display: 'flex', flexDirection: 'column', gap: '6px' });
export const wide = style({ gridColumn: '1 / -1' });
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: '8px', gridColumn: '1 / -1' });
export const spinner = style({
  display: 'inline-block',
  width: '14px',
  height: '14px',
  marginRight: '8px',
  border: '2px solid rgba(255,255,255,0.5)',
  borderTopColor: '#fff',
  borderRadius: '50%',
  verticalAlign: 'middle',
});

export const speedList = style({ display: 'flex', flexDirection: 'column', gap: '10px', listStyle: 'none', margin: 0, padding: 0 });
/** The sellers a delivery covers, one a line. */
export const sellerList = style({ display: 'flex', flexDirection: 'column', gap: '4px', listStyle: 'none', margin: 0, padding: 0 });
export const dl = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '8px 16px', margin: 0 });

export const summaryLayout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 340px',
  gap: '24px',
  alignItems: 'start',
  '@media': { [media.upToMd]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const items = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' });
export const item = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '12px',
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: '8px',
});
/** A line's substitution preference, under its name: small, so the summary still reads as a list of items. */
export const itemLine = style({ display: 'flex', flexDirection: 'column', gap: '4px' });
/** 'Out of stock' / 'Only N left' beside a summary line sold out since CHECKOUT, as the cart marks it (decision 088 left). */
export const shortage = style({ color: vars.color.error, fontSize: '14px', fontWeight: 600 });
/** The amount of a line left out of the totals: struck through, so it is not read as counted. */
export const notCounted = style({ color: vars.color.muted, textDecoration: 'line-through' });
export const substitution = style({ display: 'flex', alignItems: 'center', gap: '6px', fontSize: '13px', color: vars.color.muted });
export const tipNote = style({ margin: '0 0 6px', fontSize: '13px', color: vars.color.muted });
/** The summary's line naming the chosen payment, above PLACE ORDER. */
export const paymentChosen = style({ margin: '0 0 12px', fontSize: '14px' });
export const tips = style({ display: 'flex', gap: '8px', flexWrap: 'wrap' });
export const tipButton = style({
  padding: '8px 14px',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.secondaryDark, color: '#fff', borderColor: vars.color.secondaryDark } },
});
export const rows = style({ display: 'flex', flexDirection: 'column', gap: '8px', margin: 0 });
export const row = style({ display: 'flex', justifyContent: 'space-between' });
export const grand = style([row, { fontWeight: 700, borderTop: `1px solid ${vars.color.border}`, paddingTop: '8px' }]);
export const textarea = style({
  width: '100%',
  minHeight: '80px',
  padding: '10px',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  font: 'inherit',
});

export const snackbar = style({
  position: 'fixed',
  right: '24px',
  bottom: '24px',
  zIndex: 50,
  maxWidth: '420px',
  background: '#323232',
  color: '#fff',
  padding: '14px 18px',
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.card,
});
export const result = style([
  panel,
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '14px',
    padding: '48px 24px',
    textAlign: 'center',
    maxWidth: '560px',
    margin: '24px auto',
  },
]);

/** The speed step's 'Select Date and Time' heading and one block per seller (issue 23). */
export const subtitle = style({ fontSize: '16px', margin: '16px 0 8px' });
export const sellerBlock = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: '12px',
  marginBottom: '12px',
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
});
export const sellerName = style({ fontSize: '15px', margin: 0 });
export const sellerFee = style({ fontSize: '14px', margin: 0 });
