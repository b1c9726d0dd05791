import type { CurrentUser } from '../approval-display';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState, type ReactNode } from 'react';
import { approvalMessages, type Collection, type CollectionCase } from '@lab/domain';
import type { ApprovalCardCallbacks } from './approval-card';
import { ApprovalList } from './approval-list';
import { NewApprovalDialog } from './new-approval-dialog';

export type CaseApprovalTabProps = ApprovalCardCallbacks & {
  collection: Collection;
  caseItem: CollectionCase;
  currentUser: CurrentUser | null;
  /** The customer portal link card, composed by the page (it belongs to the collections feature). */
  portalLink?: ReactNode;
};

/** The case drawer's Approval tab (case-workspace §2): the case's approvals and a new request. */
export const CaseApprovalTab = ({
  collection,
  caseItem,
  currentUser,
  portalLink,
  ...callbacks
}: CaseApprovalTabProps) => {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const approvals = collection.approvals.filter((approval) => approval.case_uid === caseItem.uid);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsDialogOpen(true)}>
          New Approval Request
        </Button>
      </Stack>
      {portalLink}
      {approvals.length === 0 ? (
        <Typography color="text.secondary">{approvalMessages.noApprovals}</Typography>
      ) : (
        <ApprovalList
          collection={collection}
          approvals={approvals}
          currentUser={currentUser}
          {...callbacks}
        />
      )}
      <NewApprovalDialog
        isOpen={isDialogOpen}
        collection={collection}
        caseItem={caseItem}
        onClose={() => setIsDialogOpen(false)}
      />
    </Stack>
  );
};
