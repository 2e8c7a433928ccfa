import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const label = style({ display: 'block', fontWeight: 600, marginBottom: '6px' });
export const submit = style({ width: '100%', marginTop: '16px' });
export const notServed = style({
  marginTop: '12px',
  color: vars.color.text,
  background: '#fff4f3',
  padding: '10px 12px',
  borderRadius: vars.radius.small,
});
export const close = style({
  position: 'absolute',
  top: '10px',
  right: '12px',
  background: 'none',
  border: 'none',
  fontSize: '24px',
  cursor: 'pointer',
});

/** The geo-IP offer under the field: 'Shopping near Brooklyn? Use 10002 (New York, NY)'. */
export const suggestion = style({ fontSize: '14px', margin: '10px 0 0' });
