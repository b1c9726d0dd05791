// Query keys more than one feature touches. Features never import each other, so a feature that changes
// the collection (a case action, an implant) refreshes it through this key, not through another
// feature's hook.

export const collectionQueryKey = (uid: string) => ['collection', uid] as const;
