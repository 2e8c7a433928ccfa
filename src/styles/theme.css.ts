import { createGlobalTheme } from '@vanilla-extract/css';

export const vars = createGlobalTheme(':root', {
  color: {
    primary: '#E5554F',
    primaryDark: '#c43d37',
    /** Hover on primaryDark. */
    primaryDarker: '#a3302b',
    secondary: '#009688',
    /**
     * The brand colours are lighter than WCAG AA allows for small text (3.7:1 on white): text, links and fills under
     * white text use primaryDark (5.2:1) and secondaryDark (5.3:1); the brand colours stay for the logo, icons,
     * borders and large text.
     */
    secondaryDark: '#00796b',
    text: '#1f2328',
    muted: '#5f6670',
    border: '#e3e5e8',
    surface: '#ffffff',
    background: '#faf7f5',
    success: '#137333',
    error: '#d93025',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  radius: { small: '4px', medium: '8px', large: '14px' },
  shadow: { card: '0 1px 3px rgba(0,0,0,0.08), 0 4px 14px rgba(0,0,0,0.05)' },
});
