import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/** The permanent left drawer of a page's navigation (MUI's Drawer brings Modal and Slide along). */
export const NavDrawer = ({ width, children }: { width: number; children: ReactNode }) => (
  <Drawer
    variant="permanent"
    sx={{ width, flexShrink: 0 }}
    slotProps={{
      paper: {
        sx: { width, position: 'relative', borderRight: 1, borderColor: 'divider' },
      },
    }}
  >
    {children}
  </Drawer>
);
