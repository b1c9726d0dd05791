import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalPage } from '../portal-page/portal-page';

// The customer portal's own start-up: no /conf, no sign-in, no token refresh (render-page.tsx does those
// for staff pages). The portal key in the address is the client's only credential.

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Each query says how it retries (a wrong key is not retried); an answer is never sent twice.
const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PortalPage />
    </QueryClientProvider>
  </StrictMode>,
);
