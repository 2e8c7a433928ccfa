import { style } from '@vanilla-extract/css';

// At least a screen tall: the footer starts below the fold, so a screen growing as its data arrives moves nothing in view.
export const main = style({ flex: 1, width: '100%', maxWidth: '1400px', margin: '0 auto', padding: '20px 16px 48px', minHeight: '100vh' });
