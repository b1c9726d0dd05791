import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueItemSchema, type TiBase } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { implantCatalogueQueryKey } from './implant-query-keys';
import { catalogueQueryDefaults, cataloguePath, type ImplantMarket } from './implant-market';

export const getTiBases = (market: ImplantMarket, signal?: AbortSignal): Promise<TiBase[]> =>
  apiClient.get(cataloguePath('/api/v2/components/tibases/', market), catalogueItemSchema.array(), signal);

export const tiBasesQueryOptions = (market: ImplantMarket) =>
  queryOptions({
    ...catalogueQueryDefaults,
    queryKey: implantCatalogueQueryKey('tibases', market.branch, market.country),
    queryFn: ({ signal }) => getTiBases(market, signal),
  });

export const useTiBases = (market: ImplantMarket | null) =>
  useQuery({ ...tiBasesQueryOptions(market ?? { branch: 0, country: '' }), enabled: market !== null });
