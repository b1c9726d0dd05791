import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { caseOverviewTexts, type CatalogueComponent } from '@lab/domain';
import {
  canAddComponentLine,
  newComponentLine,
  type CaseEditErrors,
  type ComponentLineDraft,
} from '../case-edit-rules';

type ComponentLinesEditorProps = {
  label: string;
  /** Error keys of these lines start with this ('attachments' → 'attachments.0.quantity'). */
  errorPrefix: string;
  lines: ComponentLineDraft[];
  catalogue: readonly CatalogueComponent[];
  errors: CaseEditErrors;
  onChange: (lines: ComponentLineDraft[]) => void;
};

const describe = (component: CatalogueComponent) => `${component.code} ${component.name}`;

/** Attachment, analog or generic component lines: a part and a quantity each; one blank line at a time. */
export const ComponentLinesEditor = ({
  label,
  errorPrefix,
  lines,
  catalogue,
  errors,
  onChange,
}: ComponentLinesEditorProps) => {
  const update = (index: number, patch: Partial<ComponentLineDraft>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  // Disabled parts stay choosable only on the lines that already hold them.
  const choicesFor = (line: ComponentLineDraft) =>
    catalogue.filter((component) => !component.is_disabled || component.id === line.component_id);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!canAddComponentLine(lines)}
          onClick={() => onChange([...lines, newComponentLine()])}
          aria-label={`New ${label}`}
        >
          New
        </Button>
      </Stack>
      {lines.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {caseOverviewTexts.noneAdded}
        </Typography>
      )}
      <Stack spacing={1}>
        {lines.map((line, index) => {
          const componentError = errors[`${errorPrefix}.${index}.component`];
          const quantityError = errors[`${errorPrefix}.${index}.quantity`];
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label={label}
                value={line.component_id === null ? '' : String(line.component_id)}
                onChange={(event) => update(index, { component_id: Number(event.target.value) })}
                error={Boolean(componentError)}
                helperText={componentError}
                sx={{ flexGrow: 1 }}
              >
                {choicesFor(line).map((component) => (
                  <MenuItem key={component.id} value={String(component.id)}>
                    {describe(component)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Quantity"
                type="number"
                value={line.quantity}
                onChange={(event) => update(index, { quantity: event.target.value })}
                error={Boolean(quantityError)}
                helperText={quantityError}
                slotProps={{ htmlInput: { min: 1 } }}
                sx={{ width: 140 }}
              />
              <IconButton
                aria-label={`Remove ${label} line`}
                onClick={() => onChange(lines.filter((_, at) => at !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
};
