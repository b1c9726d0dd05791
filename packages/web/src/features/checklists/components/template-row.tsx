import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  checklistDepartments,
  checklistTemplatePatchSchema,
  type ChecklistDepartment,
  type ChecklistTemplate,
} from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useDeactivateChecklistTemplate } from '../api/deactivate-checklist-template';
import { useUpdateChecklistTemplate } from '../api/update-checklist-template';

type Draft = { name: string; department: ChecklistDepartment; mandatory: boolean };

const draftOf = (template: ChecklistTemplate): Draft => ({
  name: template.name,
  department: template.department,
  mandatory: template.mandatory,
});

/** One template in the admin dialog: edit in place and Save, or deactivate (and bring back). */
export const TemplateRow = ({ template }: { template: ChecklistTemplate }) => {
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const update = useUpdateChecklistTemplate();
  const deactivate = useDeactivateChecklistTemplate();
  const parsed = checklistTemplatePatchSchema.safeParse(draft);
  const nameError =
    (parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'name')?.message) ??
    (isApiError(update.error) ? update.error.fields?.['name'] : undefined);
  const isDirty =
    draft.name.trim() !== template.name ||
    draft.department !== template.department ||
    draft.mandatory !== template.mandatory;
  const isBusy = update.isPending || deactivate.isPending;
  const error = update.error ?? deactivate.error;

  return (
    <TableRow aria-label={template.name} sx={{ opacity: template.is_active ? 1 : 0.6 }}>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          error={Boolean(nameError)}
          helperText={nameError ?? (error && !nameError ? error.message : undefined)}
          slotProps={{ htmlInput: { 'aria-label': `Name of ${template.name}` } }}
        />
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={draft.department}
          onChange={(event) => setDraft({ ...draft, department: event.target.value as ChecklistDepartment })}
          slotProps={{ htmlInput: { 'aria-label': `Department of ${template.name}` } }}
        >
          {checklistDepartments.map((department) => (
            <MenuItem key={department} value={department}>
              {department}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell padding="checkbox" align="center">
        <Checkbox
          checked={draft.mandatory}
          onChange={(event) => setDraft({ ...draft, mandatory: event.target.checked })}
          slotProps={{ input: { 'aria-label': `Mandatory: ${template.name}` } }}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          disabled={!isDirty || !parsed.success || isBusy}
          onClick={() => update.mutate({ id: template.id, patch: { ...draft, name: draft.name.trim() } })}
        >
          Save
        </Button>
        {template.is_active ? (
          <Button size="small" color="error" disabled={isBusy} onClick={() => deactivate.mutate(template.id)}>
            Deactivate
          </Button>
        ) : (
          <Button
            size="small"
            disabled={isBusy}
            onClick={() => update.mutate({ id: template.id, patch: { is_active: true } })}
          >
            Activate
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
};
