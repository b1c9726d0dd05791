import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { caseOverviewTexts, dentates, type CatalogueComponent, type Employee } from '@lab/domain';
import type { ReferenceData } from '../../reference/hooks/use-reference-data';
import {
  changeMaterialType,
  chooseMaterial,
  scanGaugeNoneMatchesId,
  type CaseEditErrors,
  type CaseEditValues,
  type ComponentLineKind,
} from '../case-edit-rules';
import { ComponentLinesEditor } from './component-lines-editor';

type CaseDetailsEditProps = {
  values: CaseEditValues;
  errors: CaseEditErrors;
  reference: Pick<ReferenceData, 'jobTypes' | 'materials' | 'materialTypes' | 'kits'>;
  catalogues: Record<ComponentLineKind, readonly CatalogueComponent[]>;
  /** Null = delegation is not offered for this case's status. */
  delegates: Employee[] | null;
  /** Group numbers the other cases of the collection use, and the next new one of this session. */
  groupNumbers: { used: number[]; next: number };
  onChange: (values: CaseEditValues) => void;
};

const toId = (value: string): number | null => (value === '' ? null : Number(value));
const fromId = (id: number | null): string => (id === null ? '' : String(id));

const lineLabels: Record<ComponentLineKind, string> = {
  attachments: 'Attachments',
  analogs: 'Analogs',
  generic_components: 'Generic Components',
};

/** The Overview's fields in Edit mode (spec §5 'Case edit'). */
export const CaseDetailsEdit = ({
  values,
  errors,
  reference,
  catalogues,
  delegates,
  groupNumbers,
  onChange,
}: CaseDetailsEditProps) => {
  const set = (patch: Partial<CaseEditValues>) => onChange({ ...values, ...patch });
  const materials =
    values.material_type_id === null
      ? reference.materials
      : reference.materials.filter((material) => material.material_type_id === values.material_type_id);
  // The kit list mixes scan gauges, client gauge kits and pricing kits; each select offers its own kind
  // (the server refuses another kind as 'Unknown kit').
  const scanGaugeKits = reference.kits.filter((kit) => kit.kind === 'SCAN_GAUGE');
  const clientGaugeKits = reference.kits.filter((kit) => kit.kind === 'CLIENT_GAUGE');
  const groupChoices = [
    ...new Set([...groupNumbers.used, ...(values.group_number ? [values.group_number] : [])]),
  ];

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          fullWidth
          label="Job Type"
          value={fromId(values.job_type_id)}
          onChange={(event) => set({ job_type_id: toId(event.target.value) })}
          error={Boolean(errors['job_type_id'])}
          helperText={errors['job_type_id']}
        >
          {reference.jobTypes.map((jobType) => (
            <MenuItem key={jobType.id} value={String(jobType.id)}>
              {jobType.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          fullWidth
          label="Dentate"
          value={values.dentate ?? ''}
          onChange={(event) =>
            set({ dentate: dentates.find((dentate) => dentate === event.target.value) ?? null })
          }
        >
          <MenuItem value="">—</MenuItem>
          {dentates.map((dentate) => (
            <MenuItem key={dentate} value={dentate}>
              {dentate}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          fullWidth
          label="Material Type"
          value={fromId(values.material_type_id)}
          onChange={(event) =>
            onChange(changeMaterialType(values, toId(event.target.value), reference.materials))
          }
        >
          <MenuItem value="">—</MenuItem>
          {reference.materialTypes.map((type) => (
            <MenuItem key={type.id} value={String(type.id)}>
              {type.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          fullWidth
          label="Material"
          value={fromId(values.material_id)}
          onChange={(event) =>
            onChange(chooseMaterial(values, toId(event.target.value), reference.materials))
          }
        >
          <MenuItem value="">—</MenuItem>
          {materials.map((material) => (
            <MenuItem key={material.id} value={String(material.id)}>
              {material.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          label="Material Batch Number"
          value={values.material_batch_number}
          onChange={(event) => set({ material_batch_number: event.target.value })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          label="Material Thickness"
          type="number"
          value={values.material_thickness}
          onChange={(event) => set({ material_thickness: event.target.value })}
          error={Boolean(errors['material_thickness'])}
          helperText={errors['material_thickness']}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          fullWidth
          label="Scan Gauge"
          value={fromId(values.scan_gauge_kit_id)}
          onChange={(event) => set({ scan_gauge_kit_id: toId(event.target.value) })}
        >
          <MenuItem value="">—</MenuItem>
          {scanGaugeKits.map((kit) => (
            <MenuItem key={kit.id} value={String(kit.id)}>
              {kit.kit_box_display || kit.name}
            </MenuItem>
          ))}
          <MenuItem value={String(scanGaugeNoneMatchesId)}>{caseOverviewTexts.scanGaugeNoneMatches}</MenuItem>
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {values.scan_gauge_kit_id === scanGaugeNoneMatchesId && (
          <TextField
            fullWidth
            label="Scan Gauge ID"
            value={values.scan_gauge_name}
            onChange={(event) => set({ scan_gauge_name: event.target.value })}
          />
        )}
      </Grid>
      <Grid size={12}>
        <TextField
          select
          fullWidth
          label="Client Gauge Kits"
          value={values.client_gauge_kit_ids.map(String)}
          onChange={(event) => {
            const chosen = event.target.value as unknown as string[];
            set({ client_gauge_kit_ids: chosen.map(Number) });
          }}
          slotProps={{ select: { multiple: true } }}
        >
          {clientGaugeKits.map((kit) => (
            <MenuItem key={kit.id} value={String(kit.id)}>
              {kit.kit_box_display || kit.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {(['attachments', 'analogs', 'generic_components'] as const).map((kind) => (
        <Grid key={kind} size={12}>
          <ComponentLinesEditor
            label={lineLabels[kind]}
            errorPrefix={kind}
            lines={values[kind]}
            catalogue={catalogues[kind]}
            errors={errors}
            onChange={(lines) => set({ [kind]: lines })}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          fullWidth
          label="Group Number"
          value={fromId(values.group_number)}
          onChange={(event) => set({ group_number: toId(event.target.value) })}
        >
          <MenuItem value="">No group</MenuItem>
          {groupChoices.map((number) => (
            <MenuItem key={number} value={String(number)}>
              Group {number}
            </MenuItem>
          ))}
          {!groupChoices.includes(groupNumbers.next) && (
            <MenuItem value={String(groupNumbers.next)}>New group ({groupNumbers.next})</MenuItem>
          )}
        </TextField>
      </Grid>
      {delegates && (
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            fullWidth
            label="Delegated To"
            value={fromId(values.delegated_to_id)}
            onChange={(event) => set({ delegated_to_id: toId(event.target.value) })}
          >
            <MenuItem value="">{caseOverviewTexts.awaitingDelegation}</MenuItem>
            {delegates.map((employee) => (
              <MenuItem key={employee.id} value={String(employee.id)}>
                {employee.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      )}
    </Grid>
  );
};
