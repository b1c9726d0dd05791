import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { caseOverviewTexts, type CollectionCase, type ComponentLine } from '@lab/domain';
import { scanGaugeNoneMatchesId } from '../case-edit-rules';

type CaseDetailsReadProps = { caseItem: CollectionCase; isDelegationShown: boolean };

export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children === null || children === '' ? '—' : children}
    </Typography>
  </Box>
);

const ComponentLines = ({ lines }: { lines: ComponentLine[] }) =>
  lines.length === 0 ? (
    <Typography variant="body2" color="text.secondary" component="span">
      {caseOverviewTexts.noneAdded}
    </Typography>
  ) : (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {lines.map((line) => (
        <li key={`${line.component_id}-${line.code}`}>
          {line.quantity} × {line.code} {line.name}
          {line.is_disabled ? ' (disabled)' : ''}
        </li>
      ))}
    </Box>
  );

const describeScanGauge = (caseItem: CollectionCase): string | null =>
  caseItem.scan_gauge_kit_id === scanGaugeNoneMatchesId
    ? `${caseOverviewTexts.scanGaugeNoneMatches}: ${caseItem.scan_gauge_name ?? ''}`
    : (caseItem.scan_gauge_kit_display ?? caseItem.scan_gauge_name);

/** The Overview's fields in read mode. */
export const CaseDetailsRead = ({ caseItem, isDelegationShown }: CaseDetailsReadProps) => (
  <Grid container spacing={2}>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Job Type">{caseItem.job_type}</Field>
    </Grid>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Dentate">{caseItem.dentate}</Field>
    </Grid>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Group Number">{caseItem.group_number}</Field>
    </Grid>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Material Type">{caseItem.material_type}</Field>
    </Grid>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Material">{caseItem.material}</Field>
    </Grid>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Material Batch Number / Thickness">
        {[caseItem.material_batch_number, caseItem.material_thickness]
          .filter((part) => part !== null)
          .join(' / ')}
      </Field>
    </Grid>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Scan Gauge">{describeScanGauge(caseItem)}</Field>
    </Grid>
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Field label="Client Gauge Kits">
        {caseItem.client_gauge_kits.length === 0
          ? caseOverviewTexts.noneAdded
          : caseItem.client_gauge_kits.map((kit) => kit.kit_box_display).join(', ')}
      </Field>
    </Grid>
    {isDelegationShown && (
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <Field label="Delegated To">
          {caseItem.delegated_to_id === null ? caseOverviewTexts.awaitingDelegation : caseItem.delegated_to}
        </Field>
      </Grid>
    )}
    <Grid size={{ xs: 12, md: 4 }}>
      <Field label="Attachments">
        <ComponentLines lines={caseItem.attachments} />
      </Field>
    </Grid>
    <Grid size={{ xs: 12, md: 4 }}>
      <Field label="Analogs">
        <ComponentLines lines={caseItem.analogs} />
      </Field>
    </Grid>
    <Grid size={{ xs: 12, md: 4 }}>
      <Field label="Generic Components">
        <ComponentLines lines={caseItem.generic_components} />
      </Field>
    </Grid>
  </Grid>
);
