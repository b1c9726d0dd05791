import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import type { CollectionCase } from '@lab/domain';
import { SchedulePanel } from '../../../components/schedule-panel/schedule-panel';
import { useCaseSchedule } from '../api/get-case-schedule';
import { ModifyCaseTimesDialog } from './modify-case-times-dialog';

type DepartmentDueTimesCardProps = { collectionUid: string; caseItem: CollectionCase };

/** The case's schedule with the actual durations so far, and the Modify Case Times modal. */
export const DepartmentDueTimesCard = ({ collectionUid, caseItem }: DepartmentDueTimesCardProps) => {
  const { data: schedule, error, isPending } = useCaseSchedule(caseItem.case_id);
  const [isModifying, setIsModifying] = useState(false);

  return (
    <Card variant="outlined">
      <CardHeader
        title="Department Due Times"
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <Button variant="outlined" disabled={!schedule} onClick={() => setIsModifying(true)}>
            Modify Case Times
          </Button>
        }
      />
      <CardContent>
        {schedule ? (
          <SchedulePanel schedule={schedule} />
        ) : isPending ? (
          <CircularProgress size={24} aria-label="Loading schedule" />
        ) : (
          <Alert severity="error">{error?.message}</Alert>
        )}
      </CardContent>
      {isModifying && schedule && (
        <ModifyCaseTimesDialog
          collectionUid={collectionUid}
          caseItem={caseItem}
          original={schedule}
          onClose={() => setIsModifying(false)}
        />
      )}
    </Card>
  );
};
