import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checklistTemplateSchema, type ChecklistTemplate, type ChecklistTemplatePatch } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putTemplateIntoCache } from './template-cache';

/** PATCH /api/v2/checklist_templates/{id}/ (admin): only the fields named change. */
export const updateChecklistTemplate = (
  id: number,
  patch: ChecklistTemplatePatch,
): Promise<ChecklistTemplate> =>
  apiClient.request('PATCH', `/api/v2/checklist_templates/${id}/`, {
    body: patch,
    schema: checklistTemplateSchema,
  });

export const useUpdateChecklistTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ChecklistTemplatePatch }) =>
      updateChecklistTemplate(id, patch),
    onSuccess: (template) => putTemplateIntoCache(queryClient, template),
  });
};
