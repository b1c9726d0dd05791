import { lazyPart } from '../../components/lazy-part';
import {
  ActiveView,
  CaseDrawer,
  ChecklistsView,
  CollectionApprovalsView,
  CollectionMessagesPanel,
  CollectionNav,
  ComponentsView,
  DispatchesView,
  InvoicesView,
  OrderFormsView,
} from './collection-parts';

// The workspace is a part of its own, apart from collection-parts.ts: it shows those parts, and a file
// that both imports them and is imported by them would be a cycle.
export const CollectionWorkspace = lazyPart(() =>
  import('./collection-workspace').then((module) => module.CollectionWorkspace),
);

/** Prefetched on idle in this order: what a user opens first comes first. */
export const idleCollectionParts = [
  CollectionWorkspace,
  CollectionNav,
  ComponentsView,
  CollectionMessagesPanel,
  CaseDrawer,
  CollectionApprovalsView,
  OrderFormsView,
  ChecklistsView,
  InvoicesView,
  DispatchesView,
  ActiveView,
];
