import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { checklistMessages, type Collection, type Department } from '@lab/domain';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../../lib/url-state';
import { useCaseChecklists } from '../api/get-case-checklist';
import { entriesOf, isItemVisible, readDepartmentFilter, type DepartmentFilter } from '../checklist-rules';
import { ChecklistCard } from './checklist-card';
import { ChecklistTemplatesDialog } from './checklist-templates-dialog';
import { DepartmentFilterSelect } from './department-filter';
import { LegacyQcButton } from './legacy-qc-button';

type ChecklistsViewProps = {
  collection: Collection;
  /** The signed-in user's department: the filter starts there. */
  userDepartment: Department | null;
  /** Admins get the Checklist Templates button. */
  isAdmin: boolean;
};

type Layout = 'cases' | 'aggregated';

/**
 * The collection's Checklists view (collection-views §2, §3): a department filter (the page's `department`
 * parameter, by default the user's department) and one checklist per component that has items, or all of
 * them in one list.
 */
export const ChecklistsView = ({ collection, userDepartment, isAdmin }: ChecklistsViewProps) => {
  const search = useLocationSearch();
  const filter = readDepartmentFilter(new URLSearchParams(search).get('department'), userDepartment);
  const [layout, setLayout] = useState<Layout>('cases');
  const [isTemplatesOpen, setIsTemplatesOpen] = useState(false);
  const cases = collection.cases.filter((caseItem) =>
    caseItem.checklist_items.some((item) => isItemVisible(item, filter)),
  );
  const queries = useCaseChecklists(
    collection.uid,
    cases.map((caseItem) => caseItem.uid),
  );
  const cards = cases.map((caseItem, index) => {
    const query = queries[index];
    return {
      caseItem,
      query,
      entries: query?.data
        ? entriesOf(caseItem.uid, query.data).filter((entry) => isItemVisible(entry.item, filter))
        : [],
    };
  });

  const handleFilterChange = (value: DepartmentFilter) =>
    writeSearchParams(patchSearchParams(new URLSearchParams(window.location.search), { department: value }), {
      replace: true,
    });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Checklists
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={layout}
          onChange={(_, value: Layout | null) => value && setLayout(value)}
          aria-label="Checklist layout"
        >
          <ToggleButton value="cases">By Component</ToggleButton>
          <ToggleButton value="aggregated">All Components</ToggleButton>
        </ToggleButtonGroup>
        <DepartmentFilterSelect value={filter} onChange={handleFilterChange} />
        {isAdmin && (
          <Button variant="outlined" onClick={() => setIsTemplatesOpen(true)}>
            Checklist Templates
          </Button>
        )}
      </Stack>
      {cards.length === 0 && (
        <Typography color="text.secondary">
          {filter === 'ALL' ? checklistMessages.noItems : checklistMessages.noItemsInDepartment}
        </Typography>
      )}
      {cards.length > 0 && layout === 'aggregated' && (
        <ChecklistCard
          collectionUid={collection.uid}
          title="All Components"
          subtitle={`${cards.length} component${cards.length === 1 ? '' : 's'}`}
          entries={cards.flatMap((card) => card.entries)}
          isAggregated
          isLoading={cards.some((card) => card.query?.isPending)}
          loadError={cards.find((card) => card.query?.isError)?.query?.error?.message ?? null}
        />
      )}
      {layout === 'cases' &&
        cards.map(({ caseItem, query, entries }) => (
          <ChecklistCard
            key={caseItem.uid}
            collectionUid={collection.uid}
            title={`${caseItem.case_mkey} ${caseItem.job_type}`}
            subtitle={caseItem.status}
            entries={entries}
            isLoading={query?.isPending ?? false}
            loadError={query?.isError ? query.error.message : null}
            headerAction={<LegacyQcButton caseUid={caseItem.uid} caseMkey={caseItem.case_mkey} />}
          />
        ))}
      {isAdmin && (
        <ChecklistTemplatesDialog isOpen={isTemplatesOpen} onClose={() => setIsTemplatesOpen(false)} />
      )}
    </Stack>
  );
};
