import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PartnerPage } from '../partner-page/partner-page';

// The partner share page's own start-up: no /conf, no sign-in, no token refresh (render-page.tsx does those
// for staff pages). The share key in the address is the partner's only credential.

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Each query says how it retries (a wrong key is not retried); a write is never sent twice.
const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PartnerPage />
    </QueryClientProvider>
  </StrictMode>,
);
