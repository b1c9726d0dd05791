// The collection page's state is its query string (spec §2): uid, cuid, view, search, department, plus
// messageTypeCode, muid and approval (the approval request whose messages the messages view shows). These pure helpers read it and describe each move.

export const collectionViews = [
  'components',
  'messages',
  'approvals',
  'orderForms',
  'checklists',
  'invoices',
  'dispatches',
] as const;
export type CollectionView = (typeof collectionViews)[number];

export type PageView = 'noCollection' | CollectionView | 'active';

export type CollectionPageState = {
  uid: string | null;
  cuid: string | null;
  view: PageView;
  search: string;
  department: string | null;
  messageTypeCode: string | null;
  muid: string | null;
  approval: string | null;
};

export type CollectionPagePatch = Partial<
  Record<
    'uid' | 'cuid' | 'view' | 'search' | 'department' | 'messageTypeCode' | 'muid' | 'approval',
    string | null
  >
>;

export const isCollectionView = (view: string | null): view is CollectionView =>
  (collectionViews as readonly string[]).includes(view ?? '');

const nonBlank = (value: string | null): string | null => (value?.trim() ? value.trim() : null);

/** 'active' when asked for; with a collection its view (components by default); else the search view. */
export const resolveView = (uid: string | null, view: string | null): PageView => {
  if (view === 'active') return 'active';
  if (uid === null) return 'noCollection';
  return isCollectionView(view) ? view : 'components';
};

export const readCollectionPageState = (params: URLSearchParams): CollectionPageState => {
  const uid = nonBlank(params.get('uid'));
  return {
    uid,
    cuid: nonBlank(params.get('cuid')),
    view: resolveView(uid, params.get('view')),
    search: params.get('search')?.trim() ?? '',
    department: nonBlank(params.get('department')),
    messageTypeCode: nonBlank(params.get('messageTypeCode')),
    muid: nonBlank(params.get('muid')),
    approval: nonBlank(params.get('approval')),
  };
};

/** Opened with a collection, a search or a view in the URL: there is no in-app search to go back to yet. */
export const isDirectLoad = (params: URLSearchParams): boolean =>
  ['uid', 'search', 'view'].some((name) => nonBlank(params.get(name)) !== null);

/** Spec §2: the navigation entries show when a collection is open and the view is a collection view. */
export const isNavDrawerShown = (state: Pick<CollectionPageState, 'uid' | 'view'>): boolean =>
  state.uid !== null && isCollectionView(state.view);

/** Spec §2: Back to Search is hidden in the search view and on a direct load until the user moves. */
export const isBackToSearchShown = (view: PageView, isDirectLoadUntouched: boolean): boolean =>
  view !== 'noCollection' && !isDirectLoadUntouched;

// The moves of the page. The keyword stays in the URL while a collection is open, so Back to Search
// returns to the same results.

const collectionOnlyParams: CollectionPagePatch = {
  cuid: null,
  muid: null,
  messageTypeCode: null,
  approval: null,
};

export const searchPatch = (keyword: string): CollectionPagePatch => ({
  ...collectionOnlyParams,
  uid: null,
  view: null,
  search: keyword,
});

export const openCollectionPatch = (uid: string): CollectionPagePatch => ({
  ...collectionOnlyParams,
  uid,
  view: 'components',
});

export const backToSearchPatch = (): CollectionPagePatch => ({
  ...collectionOnlyParams,
  uid: null,
  view: null,
});

export const showActivePatch = (): CollectionPagePatch => ({
  ...collectionOnlyParams,
  uid: null,
  view: 'active',
});

// muid, messageTypeCode and approval aim at one visit of the messages view; leaving it drops them.
export const changeViewPatch = (view: CollectionView): CollectionPagePatch => ({
  view,
  muid: null,
  messageTypeCode: null,
  approval: null,
});
