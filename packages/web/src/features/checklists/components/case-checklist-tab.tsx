import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { checklistMessages, type Collection, type CollectionCase } from '@lab/domain';
import { useCaseChecklist } from '../api/get-case-checklist';
import { entriesOf, isItemVisible, type DepartmentFilter } from '../checklist-rules';
import { ChecklistCard } from './checklist-card';
import { DepartmentFilterSelect } from './department-filter';
import { LegacyQcButton } from './legacy-qc-button';

type CaseChecklistTabProps = { collection: Collection; caseItem: CollectionCase };

/** The case drawer's Checklist tab: the case's own list, every department at first. */
export const CaseChecklistTab = ({ collection, caseItem }: CaseChecklistTabProps) => {
  const [filter, setFilter] = useState<DepartmentFilter>('ALL');
  const query = useCaseChecklist(collection.uid, caseItem.uid);
  const entries = query.data
    ? entriesOf(caseItem.uid, query.data).filter((entry) => isItemVisible(entry.item, filter))
    : [];
  const hasNoItems = query.data?.checklist.length === 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <DepartmentFilterSelect value={filter} onChange={setFilter} />
      </Stack>
      {hasNoItems ? (
        <Typography color="text.secondary">{checklistMessages.noItems}</Typography>
      ) : (
        <ChecklistCard
          collectionUid={collection.uid}
          title={`${caseItem.case_mkey} ${caseItem.job_type}`}
          subtitle={caseItem.status}
          entries={entries}
          isLoading={query.isPending}
          loadError={query.isError ? query.error.message : null}
          headerAction={<LegacyQcButton caseUid={caseItem.uid} caseMkey={caseItem.case_mkey} />}
        />
      )}
    </Stack>
  );
};
