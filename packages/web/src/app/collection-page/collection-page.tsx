import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useReferenceData } from '../../features/reference/hooks/use-reference-data';
import { SearchView } from '../../features/search/components/search-view';
import { AutoRefresh } from '../../lib/auto-refresh';
import { checkInUrl, collectionPageUrl, goTo, openInNewTab } from '../../lib/navigation';
import { LazyPartBoundary } from '../../components/lazy-part-boundary';
import { prefetchWhenIdle } from '../../components/lazy-part';
import { AppShell } from '../shell/app-shell';
import {
  backToSearchPatch,
  changeViewPatch,
  isBackToSearchShown,
  isCollectionView,
  isNavDrawerShown,
  openCollectionPatch,
  searchPatch,
  showActivePatch,
  type CollectionView,
  type PageView,
} from './collection-params';
import { ActiveView, CollectionMessagesPanel, CollectionNav } from './collection-parts';
import { CollectionWorkspace, idleCollectionParts } from './collection-page-parts';
import { useCollectionPageState } from './use-collection-page-state';

const documentTitles: Record<'noCollection' | 'active' | 'collection', string> = {
  noCollection: 'Case Search · Cases',
  active: 'All Active Cases · Cases',
  collection: 'Collection · Cases',
};

const titleFor = (view: PageView) =>
  isCollectionView(view) ? documentTitles.collection : documentTitles[view];

/** /static/v2/collection.html: search, the active list, and an open collection's views. */
export const CollectionPage = () => {
  // Loaded once at start, in parallel, for every view to read from the cache.
  useReferenceData();
  const { state, navigate, isDirectLoadUntouched } = useCollectionPageState();
  // A search freshly submitted (or in the URL at load) opens a single result by itself; coming back to
  // its results later does not.
  const [autoOpenKeyword, setAutoOpenKeyword] = useState<string | null>(() =>
    state.view === 'noCollection' && state.search ? state.search : null,
  );

  useEffect(() => {
    document.title = titleFor(state.view);
  }, [state.view]);

  useEffect(() => prefetchWhenIdle(idleCollectionParts), []);

  // The open collection loads beside the workspace's code rather than after it has arrived and mounted.
  const queryClient = useQueryClient();
  const openUid = state.uid !== null && isCollectionView(state.view) ? state.uid : null;
  useEffect(() => {
    if (openUid === null) return;
    void import('./collection-prefetch').then((module) => module.prefetchCollection(queryClient, openUid));
  }, [openUid, queryClient]);
  // Notes & Messages likewise: its code, and its messages as soon as the collection names its client.
  const messagesUid = state.view === 'messages' ? openUid : null;
  useEffect(() => {
    if (messagesUid === null) return;
    void CollectionMessagesPanel.prefetch();
    void import('./collection-prefetch').then((module) =>
      module.prefetchMessagesOfCollection(queryClient, messagesUid),
    );
  }, [messagesUid, queryClient]);

  const handleSearch = useCallback(
    (keyword: string) => {
      setAutoOpenKeyword(keyword);
      navigate(searchPatch(keyword));
    },
    [navigate],
  );
  const handleOpenCollection = useCallback(
    (uid: string, isAutomatic: boolean) => navigate(openCollectionPatch(uid), { isAutomatic }),
    [navigate],
  );
  const handleAutoOpenSettled = useCallback(() => setAutoOpenKeyword(null), []);
  const handleShowActive = useCallback(() => navigate(showActivePatch()), [navigate]);
  const handleBackToSearch = () => navigate(backToSearchPatch());
  const handleChangeView = (view: CollectionView) => navigate(changeViewPatch(view));
  const handleCheckIn = () => goTo(checkInUrl);
  const handleOpenInNewTab = (uid: string) => openInNewTab(collectionPageUrl({ uid }));

  const { uid, view } = state;
  const isCollectionOpen = uid !== null && isCollectionView(view);

  return (
    <AppShell
      title="Cases"
      currentSystem="case"
      actions={
        isBackToSearchShown(view, isDirectLoadUntouched) && (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            startIcon={<ArrowBackIcon />}
            onClick={handleBackToSearch}
          >
            Back to Search
          </Button>
        )
      }
      navigation={
        isNavDrawerShown(state) &&
        isCollectionView(view) && <CollectionNav currentView={view} onChangeView={handleChangeView} />
      }
      openCollectionUid={isCollectionOpen ? uid : null}
      footerNote={
        uid !== null && (
          <Typography variant="caption" sx={{ fontFamily: 'monospace' }} aria-label="Collection uid">
            {uid}
          </Typography>
        )
      }
    >
      <AutoRefresh isEnabled={view !== 'active'}>
        {view === 'noCollection' && (
          <SearchView
            keyword={state.search}
            isAutoOpenArmed={autoOpenKeyword !== null && autoOpenKeyword === state.search}
            onSearch={handleSearch}
            onOpenCollection={handleOpenCollection}
            onAutoOpenSettled={handleAutoOpenSettled}
            onCheckIn={handleCheckIn}
            onShowActive={handleShowActive}
          />
        )}
        <LazyPartBoundary>
          {view === 'active' && <ActiveView onOpenCollection={handleOpenInNewTab} />}
          {isCollectionOpen && (
            <CollectionWorkspace
              uid={uid}
              view={view}
              cuid={state.cuid}
              onOpenCase={(cuid) => navigate({ cuid })}
              onChangeView={handleChangeView}
              onLoadFailed={handleBackToSearch}
            />
          )}
        </LazyPartBoundary>
      </AutoRefresh>
    </AppShell>
  );
};
