import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useMemo } from 'react';
import {
  buildCaseTimeline,
  caseStepOf,
  caseSteps,
  type CollectionCase,
  type TimelineEntryKey,
} from '@lab/domain';
import { formatScheduleTime } from '../../../components/schedule-panel/schedule-format';

// The steps after cancelled (0), in order: index i is step i + 1.
const stepLabels = ['Ordered', 'In Design', 'In Production', 'In Lab', 'Dispatched'] as const;

/** Who did the work of an entry, where the case records it. */
const entryUser = (caseItem: CollectionCase, key: TimelineEntryKey): string | null => {
  switch (key) {
    case 'received':
      return caseItem.check_in_user;
    case 'metrology':
      return caseItem.metrology_user;
    case 'design':
      return caseItem.design_user;
    case 'production':
      return caseItem.machine_user;
    default:
      return null;
  }
};

type ProgressCardProps = { caseItem: CollectionCase };

/** Spec §4 'Case step (timeline)': where the case is, and its entries sorted by date. */
export const ProgressCard = ({ caseItem }: ProgressCardProps) => {
  const step = caseStepOf(caseItem);
  const entries = useMemo(() => buildCaseTimeline(caseItem), [caseItem]);
  const isCancelled = step === caseSteps.cancelled;
  // A dispatched case has finished every step; otherwise the current one is active.
  const activeStep = step === caseSteps.dispatched ? stepLabels.length : step - 1;

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title="Progress" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent>
        {isCancelled ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Cancelled
          </Alert>
        ) : (
          <Stepper activeStep={activeStep} alternativeLabel sx={{ mb: 2 }} aria-label="Case step">
            {stepLabels.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        <List dense aria-label="Timeline entries">
          {entries.map((entry, index) => {
            const user = entryUser(caseItem, entry.key);
            const when = formatScheduleTime(entry.date);
            return (
              <ListItem
                key={`${entry.key}-${index}`}
                disableGutters
                data-complete={entry.isComplete ? 'true' : 'false'}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {entry.isComplete ? (
                    <CheckCircleIcon color="success" titleAccess="Complete" />
                  ) : (
                    <RadioButtonUncheckedIcon color="disabled" titleAccess="Not complete" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={entry.label}
                  secondary={[when, user].filter(Boolean).join(' · ') || undefined}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
};
