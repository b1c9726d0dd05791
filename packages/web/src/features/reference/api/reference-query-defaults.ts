// Reference lists are loaded once per page (spec §7) and never go stale; the app bar's refresh action
// still refetches them, which is how a failed one is retried.
export const referenceQueryDefaults = { staleTime: Infinity, gcTime: Infinity } as const;
