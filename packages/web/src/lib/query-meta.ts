import type { Query, QueryMeta } from '@tanstack/react-query';

// Queries say how they appear in the app bar through their `meta`:
// - loadError: the spec's text listed while the query is in error ('Statuses failed to load', …)
// - isBackground: polls (version, notifications) that must not spin the loader every few seconds

export const loadErrorMeta = (loadError: string): QueryMeta => ({ loadError });

export const backgroundMeta: QueryMeta = { isBackground: true };

export const readLoadError = (query: Pick<Query, 'meta' | 'state'>): string | null => {
  const text = query.meta?.['loadError'];
  return query.state.status === 'error' && typeof text === 'string' ? text : null;
};

export const isBackgroundQuery = (query: Pick<Query, 'meta'>): boolean =>
  query.meta?.['isBackground'] === true;
