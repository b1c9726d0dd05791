import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  auditTexts,
  formatToothText,
  visibleAuditChanges,
  type Collection,
  type CollectionCase,
} from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { useAudit } from '../api/get-audit';
import { AuditChanges } from './audit-changes';
import { AuditList } from './audit-list';

type CaseAuditTabProps = { collection: Collection; caseItem: CollectionCase };

/** One row: when and who on the first line, what below. */
const AuditRow = ({ at, by, children }: { at: string; by: string | null; children: ReactNode }) => (
  <ListItem divider alignItems="flex-start" sx={{ display: 'block', px: 0 }}>
    <Typography variant="caption" color="text.secondary">
      <DateTimeText iso={at} />
      {by ? ` — ${by}` : ''}
    </Typography>
    <Box>{children}</Box>
  </ListItem>
);

const toothOf = (changedValues: Record<string, unknown>): string | null => {
  const tooth = changedValues['tooth'];
  if (typeof tooth !== 'object' || tooth === null) return null;
  const { old, new: next } = tooth as { old?: unknown; new?: unknown };
  const value = typeof next === 'number' ? next : old;
  return typeof value === 'number' ? formatToothText(value, 'fdi') : null;
};

/** The case drawer's Audit tab: case edits, box moves, delegations and implant changes of this case. */
export const CaseAuditTab = ({ collection, caseItem }: CaseAuditTabProps) => {
  const auditQuery = useAudit(collection.uid);
  if (auditQuery.isPending) return <LinearProgress />;
  if (!auditQuery.data) return null;
  const audit = auditQuery.data;
  const ofCase = <Row extends { case_uid: string }>(rows: Row[]) =>
    rows.filter((row) => row.case_uid === caseItem.uid);
  const caseRows = ofCase(audit.case_audit);
  const delegationRows = ofCase(audit.delegation_audit);
  const implantRows = ofCase(audit.implant_audit);
  // The box belongs to the collection, so every case shows the collection's moves.
  const locationRows = audit.location_audit;

  return (
    <Stack spacing={2}>
      <AuditList title={auditTexts.caseAudit} count={caseRows.length}>
        {caseRows.map((row, index) => (
          <AuditRow key={index} at={row.modified_at} by={row.modified_by}>
            <AuditChanges changes={visibleAuditChanges(row.changed_values)} />
          </AuditRow>
        ))}
      </AuditList>
      <AuditList title={auditTexts.locationAudit} count={locationRows.length}>
        {locationRows.map((row, index) => (
          <AuditRow key={index} at={row.moved_at} by={row.moved_by}>
            <Typography variant="body2">
              {row.bin_location
                ? `${row.bin_location}${row.bin_location_branch ? ` (${row.bin_location_branch})` : ''}`
                : auditTexts.unallocated}
            </Typography>
          </AuditRow>
        ))}
      </AuditList>
      <AuditList title={auditTexts.delegationAudit} count={delegationRows.length}>
        {delegationRows.map((row, index) => (
          <AuditRow key={index} at={row.modified_at} by={row.modified_by}>
            <Typography variant="body2">
              {row.delegated_to_id === null
                ? auditTexts.awaitingDelegation
                : `Delegated to ${row.delegated_to ?? `#${row.delegated_to_id}`}`}
            </Typography>
          </AuditRow>
        ))}
      </AuditList>
      <AuditList title={auditTexts.implantAudit} count={implantRows.length}>
        {implantRows.map((row, index) => {
          const tooth = toothOf(row.changed_values);
          return (
            <AuditRow key={index} at={row.modified_at} by={row.modified_by}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.action}
                {tooth ? ` — tooth ${tooth}` : ''}
              </Typography>
              <AuditChanges changes={visibleAuditChanges(row.changed_values)} />
            </AuditRow>
          );
        })}
      </AuditList>
    </Stack>
  );
};
