import Box from '@mui/material/Box';
import type { PortalBranding } from '@lab/domain';
import { PortalLogo } from './portal-logo';
import { portalLookFor } from './portal-theme';

// The brand bar at the top: nexus on a dark bar with its mark on the left, osteon on a light bar with
// its mark in the middle and a coloured rule, so the two brandings read apart at a glance.

export const PortalBrandBar = ({ branding }: { branding: PortalBranding }) => {
  const look = portalLookFor(branding);
  return (
    <Box
      component="header"
      sx={{
        bgcolor: look.headerBackground,
        color: look.headerText,
        borderBottom: branding === 'osteon' ? 3 : 2,
        borderColor: look.headerRule,
        px: 2,
        py: 1.25,
        display: 'flex',
        justifyContent: branding === 'osteon' ? 'center' : 'flex-start',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', display: 'flex', justifyContent: 'inherit' }}>
        <PortalLogo branding={branding} />
      </Box>
    </Box>
  );
};
