import Box from '@mui/material/Box';
import type { Collection, CollectionCase } from '@lab/domain';
import { DepartmentDueTimesCard } from './department-due-times-card';
import { ImmediacyCard } from './immediacy-card';
import { ProgressCard } from './progress-card';

export type CaseTimelineTabProps = { collection: Collection; caseItem: CollectionCase };

/** The case drawer's Timeline tab (case-workspace §2): Immediacy, Progress and Department Due Times. */
export const CaseTimelineTab = ({ collection, caseItem }: CaseTimelineTabProps) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 3fr' } }}>
    <ImmediacyCard collectionUid={collection.uid} caseItem={caseItem} />
    <ProgressCard caseItem={caseItem} />
    <Box sx={{ gridColumn: '1 / -1' }}>
      <DepartmentDueTimesCard collectionUid={collection.uid} caseItem={caseItem} />
    </Box>
  </Box>
);
