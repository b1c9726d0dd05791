import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checklistTemplateSchema, type ChecklistTemplate, type NewChecklistTemplate } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { putTemplateIntoCache } from './template-cache';

/** POST /api/v2/checklist_templates/ (admin). */
export const createChecklistTemplate = (body: NewChecklistTemplate): Promise<ChecklistTemplate> =>
  apiClient.post('/api/v2/checklist_templates/', body, checklistTemplateSchema);

export const useCreateChecklistTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChecklistTemplate,
    onSuccess: (template) => putTemplateIntoCache(queryClient, template),
  });
};
