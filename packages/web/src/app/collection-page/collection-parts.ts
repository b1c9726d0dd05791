import { lazyPart } from '../../components/lazy-part';

// Everything of the collection page but the search view is a chunk of its own, downloaded when first
// shown (and on idle before that), so the page shows its search box after a light first download.

export const CollectionNav = lazyPart(() =>
  import('./collection-nav').then((module) => module.CollectionNav),
);
export const ActiveView = lazyPart(() =>
  import('../../features/active/components/active-view').then((module) => module.ActiveView),
);
export const ComponentsView = lazyPart(() =>
  import('../../features/collections/components/components-view').then((module) => module.ComponentsView),
);
export const OrderFormsView = lazyPart(() =>
  import('../../features/order-forms/components/order-forms-view').then((module) => module.OrderFormsView),
);
export const CollectionApprovalsView = lazyPart(() =>
  import('./approval-composition').then((module) => module.CollectionApprovalsView),
);
export const CollectionMessagesPanel = lazyPart(() =>
  import('./messages-composition').then((module) => module.CollectionMessagesPanel),
);
export const ChecklistsView = lazyPart(() =>
  import('../../features/checklists/components/checklists-view').then((module) => module.ChecklistsView),
);
export const InvoicesView = lazyPart(() =>
  import('../../features/invoicing/components/invoices-view').then((module) => module.InvoicesView),
);
export const DispatchesView = lazyPart(() =>
  import('../../features/dispatches/components/dispatches-view').then((module) => module.DispatchesView),
);
export const CaseDrawer = lazyPart(() => import('./case-drawer').then((module) => module.CaseDrawer));
