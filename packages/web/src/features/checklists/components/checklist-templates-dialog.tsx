import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useChecklistTemplates } from '../api/get-checklist-templates';
import { NewTemplateForm } from './new-template-form';
import { TemplateRow } from './template-row';

// The select's value for templates of every job type (job_type_id null).
const everyJobType = 'all';

type ChecklistTemplatesDialogProps = { isOpen: boolean; onClose: () => void };

/**
 * Admins' Checklist Templates: per job type, the QC steps a new or redone case gets. Edits apply to
 * cases created from now on; the items cases already have stay as they were.
 */
export const ChecklistTemplatesDialog = ({ isOpen, onClose }: ChecklistTemplatesDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const { jobTypes } = useReferenceData();
  const templates = useChecklistTemplates(isOpen);
  const [selected, setSelected] = useState<string>('');
  const jobTypeKey = selected || (jobTypes[0] ? String(jobTypes[0].id) : '');
  const jobTypeId = jobTypeKey === everyJobType || jobTypeKey === '' ? null : Number(jobTypeKey);
  const shown = (templates.data ?? []).filter((template) => template.job_type_id === jobTypeId);
  const hasEveryJobTypeSteps = (templates.data ?? []).some((template) => template.job_type_id === null);

  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Checklist Templates</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label="Job type"
            value={jobTypeKey}
            onChange={(event) => setSelected(event.target.value)}
            sx={{ maxWidth: 320 }}
          >
            {hasEveryJobTypeSteps && <MenuItem value={everyJobType}>Every job type</MenuItem>}
            {jobTypes.map((jobType) => (
              <MenuItem key={jobType.id} value={String(jobType.id)}>
                {jobType.name}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            Changes apply to components created or redone from now on.
          </Typography>
          {templates.isPending && <LinearProgress />}
          {templates.isError && <Alert severity="error">{templates.error.message}</Alert>}
          {templates.data && (
            <Table size="small" aria-label="Checklist templates">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '55%' }}>Item</TableCell>
                  <TableCell>Department</TableCell>
                  <TableCell align="center">Mandatory</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((template) => (
                  <TemplateRow key={template.id} template={template} />
                ))}
              </TableBody>
            </Table>
          )}
          {jobTypeKey !== '' && <NewTemplateForm key={jobTypeKey} jobTypeId={jobTypeId} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
