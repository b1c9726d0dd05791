import type { QueryClient } from '@tanstack/react-query';
import type { ChecklistTemplate } from '@lab/domain';
import { checklistTemplatesQueryKey } from './get-checklist-templates';

/** A template write answers the template: it replaces (or joins) the cached list, then the list reloads. */
export const putTemplateIntoCache = (queryClient: QueryClient, template: ChecklistTemplate) => {
  queryClient.setQueryData<ChecklistTemplate[]>(checklistTemplatesQueryKey, (list) => {
    if (!list) return list;
    const isKnown = list.some((item) => item.id === template.id);
    return isKnown ? list.map((item) => (item.id === template.id ? template : item)) : [...list, template];
  });
  void queryClient.invalidateQueries({ queryKey: checklistTemplatesQueryKey });
};
