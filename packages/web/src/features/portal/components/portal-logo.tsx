import Box from '@mui/material/Box';
import type { PortalBranding } from '@lab/domain';

// The brands' marks as inline SVG and styled text: nothing to download, sharp on any screen.

export const portalBrandNames: Record<PortalBranding, string> = { nexus: 'Nexus', osteon: 'Osteon' };

const NexusMark = () => (
  <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <polygon points="16,2 28,9 28,23 16,30 4,23 4,9" fill="none" stroke="#22c3e6" strokeWidth="2.5" />
    <path d="M11 22V10l10 12V10" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinejoin="round" />
  </svg>
);

const OsteonMark = () => (
  <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <circle cx="16" cy="16" r="13" fill="#0e4a6e" />
    <circle cx="16" cy="16" r="6" fill="none" stroke="#e07a1f" strokeWidth="3" />
  </svg>
);

/** The brand's mark and name; the name is the accessible text. */
export const PortalLogo = ({ branding }: { branding: PortalBranding }) => (
  <Box
    data-branding={branding}
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'inherit', userSelect: 'none' }}
  >
    {branding === 'nexus' ? <NexusMark /> : <OsteonMark />}
    <Box
      component="span"
      sx={
        branding === 'nexus'
          ? { fontWeight: 700, fontSize: 22, letterSpacing: '-0.02em', textTransform: 'lowercase' }
          : { fontWeight: 600, fontSize: 18, letterSpacing: '0.28em', textTransform: 'uppercase' }
      }
    >
      {portalBrandNames[branding]}
    </Box>
  </Box>
);
