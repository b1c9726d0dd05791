import { createTheme } from '@mui/material/styles';

// The partner page's own look: the lab's blue, system fonts, nothing downloaded beyond the bundle.

export const partnerTheme = createTheme({
  palette: {
    primary: { main: '#1f5fd1', dark: '#123f94', light: '#5a8ff0' },
    background: { default: '#f3f6fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
