import { style } from '@vanilla-extract/css';

export const question = style({ display: 'grid', gap: '8px' });
export const heading = style({ fontWeight: 600, margin: '8px 0 4px' });
export const lines = style({ margin: 0, paddingLeft: '20px' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '12px' });
