import { createTheme } from '@mui/material/styles';

// Spec §9: primary colour blue, dark secondary. System fonts: nothing is downloaded at start.
export const theme = createTheme({
  palette: {
    primary: { main: '#1565c0', dark: '#0d47a1', light: '#42a5f5' },
    secondary: { main: '#263238' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, whiteSpace: 'nowrap' } } },
    MuiTooltip: { defaultProps: { enterDelay: 300 } },
  },
});
