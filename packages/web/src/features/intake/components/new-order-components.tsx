import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { dentates, type ImplantPlatform, type JobType } from '@lab/domain';
import { emptyComponent, type ComponentDraft } from '../desk-order-draft';

const dentateLabels: Record<ComponentDraft['dentate'], string> = {
  UPPER: 'Upper',
  LOWER: 'Lower',
  BOTH: 'Both',
  NONE: 'None',
};

/** The order's components: job type, jaw, teeth, and the implant teeth with their platform. */
export const NewOrderComponents = ({
  components,
  onChange,
  jobTypes,
  platforms,
  platformsHint,
  errors,
}: {
  components: ComponentDraft[];
  onChange: (components: ComponentDraft[]) => void;
  jobTypes: JobType[];
  platforms: ImplantPlatform[];
  /** Why no platform can be chosen yet (no client's country), or null. */
  platformsHint: string | null;
  errors: Record<string, string>;
}) => {
  const update = (index: number, patch: Partial<ComponentDraft>) =>
    onChange(components.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <Stack spacing={1.5}>
      {components.map((component, index) => {
        const error = (field: string) => errors[`cases.${index}.${field}`];
        return (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }} aria-label={`Component ${index + 1}`}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  Component {index + 1}
                </Typography>
                {components.length > 1 && (
                  <IconButton
                    size="small"
                    aria-label={`Remove component ${index + 1}`}
                    onClick={() => onChange(components.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  select
                  label="Job type"
                  value={component.job_type}
                  onChange={(event) => update(index, { job_type: event.target.value })}
                  size="small"
                  required
                  error={error('job_type') !== undefined}
                  helperText={error('job_type')}
                  sx={{ flex: 2 }}
                >
                  {jobTypes.map((jobType) => (
                    <MenuItem key={jobType.id} value={jobType.name}>
                      {jobType.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  label="Dentate"
                  value={component.dentate}
                  onChange={(event) =>
                    update(index, { dentate: event.target.value as ComponentDraft['dentate'] })
                  }
                  size="small"
                  sx={{ flex: 1 }}
                >
                  {dentates.map((dentate) => (
                    <MenuItem key={dentate} value={dentate}>
                      {dentateLabels[dentate]}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <TextField
                label="Teeth (FDI)"
                placeholder="13 14 15 16"
                value={component.teeth}
                onChange={(event) => update(index, { teeth: event.target.value })}
                size="small"
                error={error('teeth') !== undefined}
                helperText={error('teeth')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  label="Implants at (FDI)"
                  placeholder="13 16"
                  value={component.implant_teeth}
                  onChange={(event) => update(index, { implant_teeth: event.target.value })}
                  size="small"
                  error={error('implant_teeth') !== undefined}
                  helperText={error('implant_teeth')}
                  sx={{ flex: 1 }}
                />
                <TextField
                  select
                  label="Implant platform"
                  value={component.implant_platform}
                  onChange={(event) => update(index, { implant_platform: event.target.value })}
                  size="small"
                  disabled={platforms.length === 0}
                  error={error('implant_platform') !== undefined}
                  helperText={error('implant_platform') ?? platformsHint ?? undefined}
                  sx={{ flex: 1 }}
                >
                  {platforms.map((platform) => (
                    <MenuItem key={platform.id} value={platform.name}>
                      {platform.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => onChange([...components, emptyComponent()])}>
        Add component
      </Button>
    </Stack>
  );
};
