import type { CurrentUser } from '../approval-display';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { approvalMessages, type Collection } from '@lab/domain';
import type { ApprovalCardCallbacks } from './approval-card';
import { ApprovalList } from './approval-list';
import { NewApprovalDialog } from './new-approval-dialog';

export type ApprovalsViewProps = ApprovalCardCallbacks & {
  collection: Collection;
  currentUser: CurrentUser | null;
};

/** The collection's Approvals view (collection-views §2): every approval, newest first. */
export const ApprovalsView = ({ collection, currentUser, ...callbacks }: ApprovalsViewProps) => {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Approvals
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsDialogOpen(true)}>
          New Approval Request
        </Button>
      </Stack>
      {collection.approvals.length === 0 ? (
        <Typography color="text.secondary">{approvalMessages.noApprovals}</Typography>
      ) : (
        <ApprovalList
          collection={collection}
          approvals={collection.approvals}
          currentUser={currentUser}
          {...callbacks}
        />
      )}
      <NewApprovalDialog
        isOpen={isDialogOpen}
        collection={collection}
        onClose={() => setIsDialogOpen(false)}
      />
    </Stack>
  );
};
