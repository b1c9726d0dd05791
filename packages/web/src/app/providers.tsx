import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Conf } from '@lab/domain';
import { ConfProvider } from '../lib/conf';
import { theme } from './theme';

type ProvidersProps = { conf: Conf; queryClient: QueryClient; children: ReactNode };

export const Providers = ({ conf, queryClient, children }: ProvidersProps) => (
  <ConfProvider conf={conf}>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  </ConfProvider>
);
