import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useCallback, useEffect, useMemo } from 'react';
import { ClientSearchView } from '../../features/clients/components/client-search-view';
import { AutoRefresh } from '../../lib/auto-refresh';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../lib/url-state';
import { LazyPartBoundary } from '../../components/lazy-part-boundary';
import { lazyPart, prefetchWhenIdle } from '../../components/lazy-part';
import { AppShell } from '../shell/app-shell';
import { readClientPageState } from './client-params';

// The client search comes first; one client's page (its cards, the phone number metadata) is a chunk of
// its own, downloaded when a client opens (and on idle before that).
const ClientWorkspace = lazyPart(() => import('./client-workspace').then((module) => module.ClientWorkspace));

const navigate = (patch: Record<string, string | null>) =>
  writeSearchParams(patchSearchParams(new URLSearchParams(window.location.search), patch));

/**
 * /static/v2/client.html: `?id={Client ID}` is the client page (opened from a collection's header in a
 * new tab); without an id it is the client search (the systems menu's Clients). Moving between them
 * changes the address without a reload, so Back returns to the search results.
 */
export const ClientPage = () => {
  const search = useLocationSearch();
  const state = useMemo(() => readClientPageState(new URLSearchParams(search)), [search]);

  useEffect(() => {
    if (state.view === 'search') document.title = 'Client Search · Clients';
  }, [state.view]);

  useEffect(() => prefetchWhenIdle([ClientWorkspace]), []);

  const handleSearch = useCallback((keyword: string) => navigate({ search: keyword }), []);
  const handleOpenClient = useCallback((clientId: number) => navigate({ id: String(clientId) }), []);
  const handleBackToSearch = () => navigate({ id: null });

  return (
    <AppShell
      title="Clients"
      currentSystem="client"
      actions={
        state.view === 'client' && (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            startIcon={<ArrowBackIcon />}
            onClick={handleBackToSearch}
          >
            Client Search
          </Button>
        )
      }
    >
      <AutoRefresh isEnabled={state.view === 'client'}>
        {state.view === 'search' ? (
          <ClientSearchView keyword={state.search} onSearch={handleSearch} onOpenClient={handleOpenClient} />
        ) : (
          <LazyPartBoundary>
            <ClientWorkspace clientId={state.clientId} />
          </LazyPartBoundary>
        )}
      </AutoRefresh>
    </AppShell>
  );
};
