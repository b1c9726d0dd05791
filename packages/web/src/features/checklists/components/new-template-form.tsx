import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { checklistDepartments, newChecklistTemplateSchema } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useCreateChecklistTemplate } from '../api/create-checklist-template';

type Draft = { name: string; department: string; mandatory: boolean };
const emptyDraft: Draft = { name: '', department: '', mandatory: false };

/** Adds a step at the end of the job type's list (or of every job type's, with no job type). */
export const NewTemplateForm = ({ jobTypeId }: { jobTypeId: number | null }) => {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const create = useCreateChecklistTemplate();
  const parsed = newChecklistTemplateSchema.safeParse({ ...draft, job_type_id: jobTypeId });
  const fieldError = (field: 'name' | 'department'): string | undefined => {
    const local = parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
    const server = isApiError(create.error) ? create.error.fields?.[field] : undefined;
    return (isSubmitted ? local : undefined) ?? server;
  };

  const handleAdd = () => {
    setIsSubmitted(true);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(emptyDraft);
        setIsSubmitted(false);
      },
    });
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label="New item"
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        error={Boolean(fieldError('name'))}
        helperText={
          fieldError('name') ?? (create.error && !isApiError(create.error) ? create.error.message : '')
        }
        sx={{ flexGrow: 1 }}
      />
      <TextField
        select
        size="small"
        label="Department"
        value={draft.department}
        onChange={(event) => setDraft({ ...draft, department: event.target.value })}
        error={Boolean(fieldError('department'))}
        helperText={fieldError('department')}
        sx={{ minWidth: 160 }}
      >
        {checklistDepartments.map((department) => (
          <MenuItem key={department} value={department}>
            {department}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.mandatory}
            onChange={(event) => setDraft({ ...draft, mandatory: event.target.checked })}
          />
        }
        label="Mandatory"
      />
      <Button variant="contained" onClick={handleAdd} disabled={create.isPending}>
        Add
      </Button>
    </Stack>
  );
};
