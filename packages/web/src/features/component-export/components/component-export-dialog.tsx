import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { canExportComponents, exportFileName, type ExportComponent } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useExportComponents } from '../api/get-export-components';
import { usePostComponentExport } from '../api/post-component-export';
import { saveBlob } from '../save-blob';

type ComponentExportDialogProps = {
  isOpen: boolean;
  caseMkey: string;
  sessionId: string;
  onClose: () => void;
  /** Where the zip goes (tests watch it); by default the browser downloads it as exports.zip. */
  onSave?: (blob: Blob, fileName: string) => void;
};

const byType = (list: ExportComponent[] | undefined, type: ExportComponent['component_type']) =>
  (list ?? []).filter((component) => component.component_type === type);

/** The component export (collection-views §2, §5): a scan body, optionally a healing cap, as a zip. */
export const ComponentExportDialog = ({
  isOpen,
  caseMkey,
  sessionId,
  onClose,
  onSave = saveBlob,
}: ComponentExportDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const [scanBodyId, setScanBodyId] = useState<number | null>(null);
  const [isHealingCapEnabled, setIsHealingCapEnabled] = useState(false);
  const [healingCapId, setHealingCapId] = useState<number | null>(null);
  const components = useExportComponents(isOpen);
  const exporter = usePostComponentExport();
  const canExport = canExportComponents({ scanBodyId, isHealingCapEnabled, healingCapId });

  const close = () => {
    exporter.reset();
    onClose();
  };
  const handleExport = () => {
    if (scanBodyId === null) return;
    exporter.mutate(
      {
        nc_session_id: sessionId,
        scan_body_id: scanBodyId,
        healing_cap_id: isHealingCapEnabled ? healingCapId : null,
      },
      {
        onSuccess: (blob) => {
          onSave(blob, exportFileName);
          close();
        },
      },
    );
  };
  const idOf = (value: string) => (value === '' ? null : Number(value));

  return (
    <Dialog open={isOpen} onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Component Export</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {/* The session id means nothing to staff; the case and the design system say what is exported. */}
            {caseMkey} · the parts of its nexus_connect design, for the implant system's library
          </Typography>
          {components.isError && <Alert severity="error">The components could not be loaded</Alert>}
          <TextField
            select
            label="Scan Body"
            value={scanBodyId ?? ''}
            onChange={(event) => setScanBodyId(idOf(event.target.value))}
          >
            {byType(components.data, 'Scan Body').map((component) => (
              <MenuItem key={component.id} value={component.id}>
                {component.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={isHealingCapEnabled}
                onChange={(event) => setIsHealingCapEnabled(event.target.checked)}
              />
            }
            label="Include Healing Cap"
          />
          <TextField
            select
            label="Healing Cap"
            value={healingCapId ?? ''}
            disabled={!isHealingCapEnabled}
            onChange={(event) => setHealingCapId(idOf(event.target.value))}
          >
            {byType(components.data, 'Healing Cap').map((component) => (
              <MenuItem key={component.id} value={component.id}>
                {component.name}
              </MenuItem>
            ))}
          </TextField>
          {exporter.error && (
            <Alert severity="error">
              {isApiError(exporter.error) ? exporter.error.message : 'The export could not be made'}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          onClick={handleExport}
          disabled={!canExport || exporter.isPending}
          startIcon={exporter.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
};
