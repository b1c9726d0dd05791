import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadKeyLinkAnswers } from '../lib/key-link-fetch';

/**
 * Start-up of a public page opened by a key in its address (the customer portal, the partner share page):
 * no /conf, no sign-in, no token refresh — render-page.tsx does those for staff pages and, with the staff
 * api client, must stay out of these bundles. The key is the visitor's only credential.
 */
export const renderPublicPage = (Page: ComponentType): void => {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  // zod (and its readable messages) comes in a chunk of its own, downloading while the page first renders.
  void loadKeyLinkAnswers().catch(() => undefined);
  // Each query says how it retries (a wrong key is not retried); a write is never sent twice.
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>
    </StrictMode>,
  );
};
