import type { CurrentUser } from '../approval-display';
import Stack from '@mui/material/Stack';
import type { Collection, CollectionApproval } from '@lab/domain';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { approvalTypeName, newestFirst } from '../approval-display';
import { ApprovalCard, type ApprovalCardCallbacks } from './approval-card';

export type ApprovalListProps = ApprovalCardCallbacks & {
  collection: Collection;
  approvals: readonly CollectionApproval[];
  currentUser: CurrentUser | null;
};

/** One card per approval, newest first. */
export const ApprovalList = ({ collection, approvals, currentUser, ...callbacks }: ApprovalListProps) => {
  const { approvalTypes } = useReferenceData();
  return (
    <Stack spacing={2}>
      {newestFirst(approvals).map((approval) => (
        <ApprovalCard
          key={approval.uid}
          approval={approval}
          collectionUid={collection.uid}
          typeName={approvalTypeName(approval.approval_type, approvalTypes)}
          caseItem={collection.cases.find((item) => item.uid === approval.case_uid)}
          currentUser={currentUser}
          {...callbacks}
        />
      ))}
    </Stack>
  );
};
