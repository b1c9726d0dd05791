import type { CollectionView } from './collection-params';
import { CollectionPlaceholder } from './collection-placeholder';

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
export const CollectionWorkspace = ({ uid, view }: CollectionWorkspaceProps) => (
  <CollectionPlaceholder uid={uid} view={view} />
);
