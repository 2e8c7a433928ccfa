import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const page = style({ maxWidth: '860px', margin: '0 auto', padding: '32px 16px 48px', lineHeight: 1.6 });

export const title = style({ fontSize: '28px', margin: '0 0 8px' });

export const lead = style({ color: vars.color.muted, margin: '0 0 24px' });

export const section = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: '20px 24px',
  marginBottom: '16px',
});

export const heading = style({ fontSize: '18px', margin: '0 0 8px' });

export const accordion = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  marginBottom: '12px',
  overflow: 'hidden',
});

export const accordionSummary = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: '16px 24px',
  listStyle: 'none',
  fontSize: '18px',
  fontWeight: 700,
  cursor: 'pointer',
  color: vars.color.text,
  ':focus-visible': { outline: `2px solid ${vars.color.secondary}`, outlineOffset: '-2px' },
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&::after': { content: "'+'", fontSize: '22px', color: vars.color.primaryDark },
    'details[open] > &::after': { content: "'−'" },
  },
});

export const accordionPanel = style({ padding: '0 24px 16px' });

export const question = style({ fontWeight: 600, margin: '12px 0 4px' });

export const contactList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '8px' });
