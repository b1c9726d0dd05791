import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { createContext, useContext } from 'react';
import type { PortalBranding } from '@lab/domain';

// The two brandings (collection-views §1): their own colours and a few layout accents. System fonts, no
// images: the portal downloads nothing beyond its own bundle.

export type PortalLook = {
  /** The brand bar: nexus sits on a dark bar, osteon on a light one with a coloured rule. */
  headerBackground: string;
  headerText: string;
  headerRule: string;
  /** The strip above each dentate card. */
  cardAccent: string;
};

const fontFamily = '"Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif';

const brandings: Record<PortalBranding, ThemeOptions & { portal: PortalLook }> = {
  nexus: {
    palette: {
      primary: { main: '#1f5fd1', dark: '#123f94', light: '#5a8ff0' },
      secondary: { main: '#0d1b2e' },
      background: { default: '#f3f6fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 12 },
    portal: {
      headerBackground: '#0d1b2e',
      headerText: '#ffffff',
      headerRule: '#22c3e6',
      cardAccent: '#1f5fd1',
    },
  },
  osteon: {
    palette: {
      primary: { main: '#0e4a6e', dark: '#082f47', light: '#3f7ea3' },
      secondary: { main: '#e07a1f' },
      background: { default: '#f6f5f2', paper: '#ffffff' },
    },
    shape: { borderRadius: 4 },
    portal: {
      headerBackground: '#ffffff',
      headerText: '#0e4a6e',
      headerRule: '#e07a1f',
      cardAccent: '#e07a1f',
    },
  },
};

const themes = new Map<PortalBranding, Theme>();

export const portalThemeFor = (branding: PortalBranding): Theme => {
  const cached = themes.get(branding);
  if (cached) return cached;
  const { portal: _look, ...options } = brandings[branding];
  const theme = createTheme({
    ...options,
    typography: { fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // Phones: no tiny targets.
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
  themes.set(branding, theme);
  return theme;
};

export const portalLookFor = (branding: PortalBranding): PortalLook => brandings[branding].portal;

/** The branding on screen, for the few accents a theme has no slot for. */
export const PortalBrandingContext = createContext<PortalBranding>('nexus');

export const usePortalLook = (): PortalLook => portalLookFor(useContext(PortalBrandingContext));
