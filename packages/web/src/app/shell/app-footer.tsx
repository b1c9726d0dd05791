import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Clock } from '../../components/clock';
import { GlobalCaseSearch } from './global-case-search';

/** Clock on the left, page-specific detail (the open collection's uid) in the middle, global search on the right. */
export const AppFooter = ({ note }: { note?: ReactNode }) => (
  <Box
    component="footer"
    sx={{
      display: 'flex',
      alignItems: 'center',
      gap: 2,
      px: 3,
      py: 1,
      borderTop: 1,
      borderColor: 'divider',
      bgcolor: 'background.paper',
      color: 'text.secondary',
    }}
  >
    <Clock />
    <Box sx={{ flexGrow: 1, textAlign: 'center', minWidth: 0 }}>{note}</Box>
    <GlobalCaseSearch />
  </Box>
);
