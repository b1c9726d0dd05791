// Query keys more than one feature touches. Features never import each other, so a feature that changes
// the collection (a case action, an implant) refreshes it through this key, not through another
// feature's hook.

export const collectionQueryKey = (uid: string) => ['collection', uid] as const;

/** Whether a key is under some collection's key: the live stream's `collection` frame refreshes it. */
export const isCollectionQueryKey = (queryKey: readonly unknown[]): boolean =>
  queryKey[0] === collectionQueryKey('')[0];

/** The file lock of a collection: the files feature polls it, the live stream's `file_lock` frame refreshes it. */
export const fileLockQueryKey = (collectionUid: string) => ['file-lock', collectionUid] as const;

/** Everything of the Check-in desk (its lists, its cases' pre-flight reports). */
export const checkInQueryKey = ['checkin'] as const;

/** The Check-in desk's lists: the live stream's `order_arrived` frame refreshes them. */
export const checkInListsQueryKey = [...checkInQueryKey, 'lists'] as const;

/**
 * The desk's pre-flight reports of one collection's cases (one case's with `caseUid`): the live stream's
 * `collection` frame refreshes them, as a scan arriving changes the report.
 */
export const checkInPreflightQueryKey = (collectionUid: string, caseUid?: string) =>
  caseUid === undefined
    ? ([...checkInQueryKey, 'preflight', collectionUid] as const)
    : ([...checkInQueryKey, 'preflight', collectionUid, caseUid] as const);

/** The Customer Service inbox: the live stream's `client_waiting` frame refreshes it. */
export const customerServiceQueryKey = ['customer-service'] as const;

/** The server's version: the version feature polls it, the live stream's `ready` frame announces it. */
export const versionQueryKey = ['version'] as const;
