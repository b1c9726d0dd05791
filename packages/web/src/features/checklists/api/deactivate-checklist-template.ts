import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checklistTemplateSchema, type ChecklistTemplate } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putTemplateIntoCache } from './template-cache';

/** DELETE /api/v2/checklist_templates/{id}/ (admin): deactivates; cases keep the items they have. */
export const deactivateChecklistTemplate = (id: number): Promise<ChecklistTemplate> =>
  apiClient.request('DELETE', `/api/v2/checklist_templates/${id}/`, { schema: checklistTemplateSchema });

export const useDeactivateChecklistTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateChecklistTemplate,
    onSuccess: (template) => putTemplateIntoCache(queryClient, template),
  });
};
