import { queryOptions, useQuery } from '@tanstack/react-query';
import { exportComponentListSchema, type ExportComponent } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v2/management/components/: the scan bodies and healing caps an export can name. */
export const getExportComponents = (signal?: AbortSignal): Promise<ExportComponent[]> =>
  apiClient.get('/api/v2/management/components/', exportComponentListSchema, signal);

// The catalogue changes rarely (admins edit it).
export const exportComponentsQueryOptions = () =>
  queryOptions({
    queryKey: ['management', 'components'] as const,
    queryFn: ({ signal }) => getExportComponents(signal),
    staleTime: 5 * 60_000,
  });

export const useExportComponents = (isEnabled: boolean) =>
  useQuery({ ...exportComponentsQueryOptions(), enabled: isEnabled });
