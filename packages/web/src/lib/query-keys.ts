// Query keys more than one feature touches. Features never import each other, so a feature that changes
// the collection (a case action, an implant) refreshes it through this key, not through another
// feature's hook.

export const collectionQueryKey = (uid: string) => ['collection', uid] as const;

/** Whether a key is under some collection's key: the live stream's `collection` frame refreshes it. */
export const isCollectionQueryKey = (queryKey: readonly unknown[]): boolean =>
  queryKey[0] === collectionQueryKey('')[0];

/** The file lock of a collection: the files feature polls it, the live stream's `file_lock` frame refreshes it. */
export const fileLockQueryKey = (collectionUid: string) => ['file-lock', collectionUid] as const;

/** The server's version: the version feature polls it, the live stream's `ready` frame announces it. */
export const versionQueryKey = ['version'] as const;
