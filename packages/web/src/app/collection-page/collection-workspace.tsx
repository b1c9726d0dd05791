import Alert from '@mui/material/Alert';
import { restrictedSystemRefusal } from '@lab/domain';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCollection } from '../../features/collections/api/get-collection';
import { useMe } from '../../features/me/api/get-me';
import { CollectionHeader } from '../../features/collections/components/collection-header';
import { FileLockBar } from '../../features/files/components/file-lock-bar';
import { LazyPartBoundary } from '../../components/lazy-part-boundary';
import { prefetchWhenIdle } from '../../components/lazy-part';
import { prefetchMessages } from './collection-prefetch';
import type { CollectionView } from './collection-params';
import {
  CaseDrawer,
  ChecklistsView,
  CollectionApprovalsView,
  CollectionMessagesPanel,
  ComponentsView,
  DispatchesView,
  InvoicesView,
  OrderFormsView,
} from './collection-parts';

type CollectionWorkspaceProps = {
  uid: string;
  view: CollectionView;
  cuid: string | null;
  onOpenCase: (cuid: string | null) => void;
  onChangeView: (view: CollectionView) => void;
  /** The collection failed to load: the page goes back to the search view. */
  onLoadFailed: () => void;
};

/** An open collection: its header, the current view, and the case drawer when a case is selected. */
export const CollectionWorkspace = ({
  uid,
  view,
  cuid,
  onOpenCase,
  onLoadFailed,
}: CollectionWorkspaceProps) => {
  const query = useCollection(uid);
  const me = useMe();
  // Invoices are Accounts: a restricted employee is told so, as the server answers them.
  const accountsRefusal = me.data ? restrictedSystemRefusal(me.data, 'Accounts') : null;
  const collection = query.data;
  // Spec §8: 'Could not load case collection' (listed by the app bar through the query's meta) also
  // returns to the search view. A failed background refresh of a loaded collection keeps it on screen.
  const hasFailedToLoad = query.isError && collection === undefined;

  useEffect(() => {
    if (hasFailedToLoad) onLoadFailed();
  }, [hasFailedToLoad, onLoadFailed]);

  // The Notes & Messages view's data (2,000 messages are over a megabyte of JSON) once the page is idle,
  // so a click on it finds them; when it is the view being opened, the page starts them sooner
  // (collection-page.tsx, prefetchMessagesOfCollection).
  const queryClient = useQueryClient();
  const isMessagesView = view === 'messages';
  const collectionUid = collection?.uid;
  const clientUid = collection?.shipping_client.uid;
  useEffect(() => {
    if (collectionUid === undefined || clientUid === undefined || isMessagesView) return undefined;
    return prefetchWhenIdle([{ prefetch: () => prefetchMessages(queryClient, collectionUid, clientUid) }]);
  }, [collectionUid, clientUid, isMessagesView, queryClient]);

  // The same elements while only the view changes, so React skips them when the navigation is clicked
  // (the header's flag alone is a large SVG).
  const isStaging = me.data?.staging !== false;
  const header = useMemo(() => collection && <CollectionHeader collection={collection} />, [collection]);
  const lockBar = useMemo(
    () => collectionUid !== undefined && <FileLockBar collectionUid={collectionUid} isStaging={isStaging} />,
    [collectionUid, isStaging],
  );

  if (!collection) {
    return query.isError ? (
      <Alert severity="error">{query.error.message}</Alert>
    ) : (
      <LinearProgress aria-label="Loading collection" />
    );
  }

  return (
    <Stack spacing={2}>
      {header}
      {lockBar}
      <LazyPartBoundary>
        {view === 'components' && (
          <ComponentsView collection={collection} isAdmin={me.data?.admin === true} onOpenCase={onOpenCase} />
        )}
        {view === 'orderForms' && <OrderFormsView collection={collection} />}
        {view === 'approvals' && <CollectionApprovalsView collection={collection} />}
        {view === 'messages' && <CollectionMessagesPanel collection={collection} />}
        {view === 'checklists' && (
          <ChecklistsView
            collection={collection}
            userDepartment={me.data?.department ?? null}
            isAdmin={me.data?.admin === true}
          />
        )}
        {view === 'invoices' &&
          (accountsRefusal ? (
            <Alert severity="info">{accountsRefusal}</Alert>
          ) : (
            <InvoicesView collection={collection} isAdmin={me.data?.admin === true} />
          ))}
        {view === 'dispatches' && <DispatchesView collection={collection} />}
      </LazyPartBoundary>
      {cuid !== null && (
        <LazyPartBoundary>
          <CaseDrawer
            collection={collection}
            cuid={cuid}
            onClose={() => onOpenCase(null)}
            onOpenCase={onOpenCase}
          />
        </LazyPartBoundary>
      )}
    </Stack>
  );
};
