import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueItemSchema, type Screw } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { implantCatalogueQueryKey } from './implant-query-keys';
import { catalogueQueryDefaults, cataloguePath, type ImplantMarket } from './implant-market';

export const getScrews = (market: ImplantMarket, signal?: AbortSignal): Promise<Screw[]> =>
  apiClient.get(cataloguePath('/api/v2/components/screws/', market), catalogueItemSchema.array(), signal);

export const screwsQueryOptions = (market: ImplantMarket) =>
  queryOptions({
    ...catalogueQueryDefaults,
    queryKey: implantCatalogueQueryKey('screws', market.branch, market.country),
    queryFn: ({ signal }) => getScrews(market, signal),
  });

export const useScrews = (market: ImplantMarket | null) =>
  useQuery({ ...screwsQueryOptions(market ?? { branch: 0, country: '' }), enabled: market !== null });
