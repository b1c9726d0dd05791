import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptReadableValidationMessages } from '@lab/domain';
import { apiClient } from '../lib/api-client';
import { loadConf } from '../lib/conf';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

// Without configuration nothing can work: say so plainly and offer a retry.
const renderConfFailure = (root: HTMLElement, error: unknown) => {
  const message = error instanceof Error ? error.message : 'Configuration failed to load';
  root.replaceChildren();
  const text = document.createElement('p');
  text.textContent = `${message}. `;
  const retry = document.createElement('a');
  retry.href = window.location.href;
  retry.textContent = 'Try again';
  text.append(retry);
  text.style.cssText = 'font: 16px system-ui, sans-serif; margin: 48px; color: #b71c1c';
  root.append(text);
};

/**
 * Start-up of every staff page (spec §7): read /conf, start the access token and its 5 s re-check, then
 * render the page inside the providers.
 */
export const renderPage = async (Page: ComponentType): Promise<void> => {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  adoptReadableValidationMessages();
  apiClient.startTokenRefresh();
  const conf = await loadConf().catch((error: unknown) => {
    renderConfFailure(root, error);
    return null;
  });
  if (!conf) return;
  createRoot(root).render(
    <StrictMode>
      <Providers conf={conf} queryClient={createQueryClient()}>
        <Page />
      </Providers>
    </StrictMode>,
  );
};
