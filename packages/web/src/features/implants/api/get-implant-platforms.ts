import { queryOptions, useQuery } from '@tanstack/react-query';
import { implantPlatformSchema, type ImplantPlatform } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { implantCatalogueQueryKey } from './implant-query-keys';
import { catalogueQueryDefaults, cataloguePath, type ImplantMarket } from './implant-market';

export const getImplantPlatforms = (
  market: ImplantMarket,
  signal?: AbortSignal,
): Promise<ImplantPlatform[]> =>
  apiClient.get(cataloguePath('/api/v2/implant_platforms/', market), implantPlatformSchema.array(), signal);

export const implantPlatformsQueryOptions = (market: ImplantMarket) =>
  queryOptions({
    ...catalogueQueryDefaults,
    queryKey: implantCatalogueQueryKey('platforms', market.branch, market.country),
    queryFn: ({ signal }) => getImplantPlatforms(market, signal),
  });

export const useImplantPlatforms = (market: ImplantMarket | null) =>
  useQuery({
    ...implantPlatformsQueryOptions(market ?? { branch: 0, country: '' }),
    enabled: market !== null,
  });
