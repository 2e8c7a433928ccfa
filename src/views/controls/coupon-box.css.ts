import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const couponForm = style({ display: 'flex', flexDirection: 'column', gap: '8px' });
export const couponRow = style({ display: 'flex', gap: '8px' });
export const couponSuccess = style({ margin: 0, color: vars.color.success, fontSize: '14px' });
export const couponError = style({ margin: 0, color: vars.color.error, fontSize: '14px' });
