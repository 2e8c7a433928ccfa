import { style } from '@vanilla-extract/css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: '6px' });
export const label = style({ fontWeight: 600, fontSize: '14px' });
