import { queryOptions, useQuery } from '@tanstack/react-query';
import { checklistTemplateListSchema, type ChecklistTemplate } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v2/checklist_templates/: every template, deactivated ones too. */
export const getChecklistTemplates = (signal?: AbortSignal): Promise<ChecklistTemplate[]> =>
  apiClient.get('/api/v2/checklist_templates/', checklistTemplateListSchema, signal);

export const checklistTemplatesQueryKey = ['checklistTemplates'] as const;

export const checklistTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: checklistTemplatesQueryKey,
    queryFn: ({ signal }) => getChecklistTemplates(signal),
  });

export const useChecklistTemplates = (isEnabled = true) =>
  useQuery({ ...checklistTemplatesQueryOptions(), enabled: isEnabled });
