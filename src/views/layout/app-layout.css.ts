import { style } from '@vanilla-extract/css';

export const main = style({ flex: 1, width: '100%', maxWidth: '1400px', margin: '0 auto', padding: '20px 16px 48px' });
