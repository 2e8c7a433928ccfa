import { createGlobalTheme } from '@vanilla-extract/css';

export const vars = createGlobalTheme(':root', {
  color: {
    primary: '#E5554F',
    primaryDark: '#c43d37',
    secondary: '#009688',
    text: '#1f2328',
    muted: '#5f6670',
    border: '#e3e5e8',
    surface: '#ffffff',
    background: '#faf7f5',
    success: '#1e8e3e',
    error: '#d93025',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  radius: { small: '4px', medium: '8px', large: '14px' },
  shadow: { card: '0 1px 3px rgba(0,0,0,0.08), 0 4px 14px rgba(0,0,0,0.05)' },
});
