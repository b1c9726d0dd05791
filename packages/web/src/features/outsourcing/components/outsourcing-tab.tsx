import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import type { Collection, CollectionCase, Outsource } from '@lab/domain';
import { AutoUploadButton } from './auto-upload-button';
import { NewOutsourceDialog } from './new-outsource-dialog';
import { OutsourceFilesCard } from './outsource-files-card';
import { OutsourceJobCard } from './outsource-job-card';
import { PreemptiveCard } from './preemptive-card';

export type OutsourcingTabProps = {
  collection: Collection;
  caseItem: CollectionCase;
};

/**
 * The case drawer's Outsourcing tab (case-workspace §2): Start New, Auto Upload, the shared and received
 * files, and one card per job (a preemptive card until it is started).
 */
export const OutsourcingTab = ({ collection, caseItem }: OutsourcingTabProps) => (
  // Keyed by case: another case of the drawer starts with its own Auto Upload state and closed dialogs.
  <OutsourcingTabContent key={caseItem.uid} collectionUid={collection.uid} caseItem={caseItem} />
);

type NewJob = { preemptive: Outsource | null };

const OutsourcingTabContent = ({
  collectionUid,
  caseItem,
}: {
  collectionUid: string;
  caseItem: CollectionCase;
}) => {
  const [newJob, setNewJob] = useState<NewJob | null>(null);
  const caseId = caseItem.case_id;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNewJob({ preemptive: null })}>
          Start New
        </Button>
        <AutoUploadButton collectionUid={collectionUid} caseId={caseId} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <OutsourceFilesCard title="Shared Files" files={caseItem.outsource_sent_files} />
        <OutsourceFilesCard
          title="Received Files"
          files={caseItem.outsource_received_files}
          action={<AutoUploadButton collectionUid={collectionUid} caseId={caseId} direction="to_internal" />}
        />
      </Stack>
      {caseItem.outsources.length === 0 ? (
        <Typography color="text.secondary">No outsource jobs</Typography>
      ) : (
        caseItem.outsources.map((outsource) =>
          outsource.start === null ? (
            <PreemptiveCard
              key={outsource.id}
              collectionUid={collectionUid}
              caseId={caseId}
              outsource={outsource}
              onStart={(preemptive) => setNewJob({ preemptive })}
            />
          ) : (
            <OutsourceJobCard
              key={outsource.id}
              collectionUid={collectionUid}
              caseId={caseId}
              outsource={outsource}
            />
          ),
        )
      )}
      <NewOutsourceDialog
        isOpen={newJob !== null}
        collectionUid={collectionUid}
        caseItem={caseItem}
        preemptive={newJob?.preemptive ?? null}
        onClose={() => setNewJob(null)}
      />
    </Stack>
  );
};
