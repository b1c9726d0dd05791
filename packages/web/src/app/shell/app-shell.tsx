import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer';
import { AppTopBar } from './app-top-bar';
import type { SystemKey } from './systems';

type AppShellProps = {
  title: string;
  currentSystem: SystemKey;
  /** Extra app bar actions (Back to Search). */
  actions?: ReactNode;
  /** Left navigation entries; the drawer is shown only when there are some. */
  navigation?: ReactNode;
  /** Shown in the middle of the footer (the open collection's uid). */
  footerNote?: ReactNode;
  children: ReactNode;
};

export const navDrawerWidth = 232;

/**
 * The frame of every staff page: app bar (with the update notice) on top, footer at the bottom, the
 * navigation drawer and the scrolling content in between. The page fills the window; only the content scrolls.
 */
export const AppShell = ({
  title,
  currentSystem,
  actions,
  navigation,
  footerNote,
  children,
}: AppShellProps) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh', bgcolor: 'background.default' }}>
    <AppTopBar title={title} currentSystem={currentSystem} actions={actions} />
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      {navigation && (
        <Drawer
          variant="permanent"
          sx={{ width: navDrawerWidth, flexShrink: 0 }}
          slotProps={{
            paper: {
              sx: { width: navDrawerWidth, position: 'relative', borderRight: 1, borderColor: 'divider' },
            },
          }}
        >
          {navigation}
        </Drawer>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: 'auto', p: { xs: 2, md: 3 } }}>
        {children}
      </Box>
    </Box>
    <AppFooter note={footerNote} />
  </Box>
);
