import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueComponentSchema, collectionLoadErrors, type CatalogueComponent } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';

export type CatalogueAction = 'attachment_list' | 'analog_list' | 'generic_component_list';

/** POST /api/v2/collection/{uid}/ {action}: the parts a component line can choose. */
export const getComponentCatalogue = (
  collectionUid: string,
  action: CatalogueAction,
  signal?: AbortSignal,
): Promise<CatalogueComponent[]> =>
  apiClient.post(
    `/api/v2/collection/${encodeURIComponent(collectionUid)}/`,
    { action },
    catalogueComponentSchema.array(),
    signal,
  );

// Keyed apart from the collection so a case action's refresh of the collection leaves the lists alone.
export const componentCatalogueQueryOptions = (collectionUid: string, action: CatalogueAction) =>
  queryOptions({
    queryKey: ['component-catalogue', collectionUid, action],
    queryFn: ({ signal }) => getComponentCatalogue(collectionUid, action, signal),
    meta: loadErrorMeta(collectionLoadErrors[action]),
    staleTime: 5 * 60_000,
  });

export const useComponentCatalogue = (collectionUid: string, action: CatalogueAction, isEnabled: boolean) =>
  useQuery({ ...componentCatalogueQueryOptions(collectionUid, action), enabled: isEnabled });
