import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isMachineProjectMovable,
  machineProjectCalendarLabels,
  type CalendarMachine,
  type CalendarProject,
  type MachineProjectStatus,
} from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { collectionPageUrl } from '../../../lib/navigation';
import { caseColour, projectStatusColours } from './calendar-events';

type ProjectListProps = {
  title: string;
  /** Flex share of the row the lists sit in. */
  flex: number;
  projects: readonly CalendarProject[];
  machines: readonly CalendarMachine[];
  emptyText: string;
  isBusy: boolean;
  onMove: (project: CalendarProject) => void;
  /** Why the employee may not program machines (no status steps, no Move), or null. */
  moveRefusal: string | null;
  onStatus: (project: CalendarProject, status: MachineProjectStatus) => void;
};

/** The status steps offered from each status (the server allows exactly these). */
const stepButtons: Record<MachineProjectStatus, { status: MachineProjectStatus; label: string }[]> = {
  Pending: [{ status: 'Ready', label: 'Make Ready' }],
  Ready: [
    { status: 'Complete', label: 'Complete' },
    { status: 'Pending', label: 'Back to Programming' },
  ],
  Complete: [],
};

/** Projects with their cases, status and the moves a programmer makes (status steps, move or place). */
export const ProjectList = ({
  title,
  flex,
  projects,
  machines,
  emptyText,
  isBusy,
  onMove,
  onStatus,
  moveRefusal,
}: ProjectListProps) => {
  const machineName = (id: number | null) => machines.find((m) => m.id === id)?.name ?? 'No machine';
  return (
    <Paper variant="outlined" sx={{ p: 2, flex, minWidth: 0, alignSelf: 'stretch' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {projects.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <List dense disablePadding aria-label={title}>
          {projects.map((project) => (
            <ListItem
              key={project.id}
              divider
              disableGutters
              sx={{ display: 'block', py: 1 }}
              data-project={project.name}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <Typography sx={{ fontWeight: 600 }}>{project.name}</Typography>
                <Chip
                  size="small"
                  label={machineProjectCalendarLabels[project.status]}
                  sx={{
                    bgcolor: projectStatusColours[project.status].color,
                    color: projectStatusColours[project.status].contrastColor,
                  }}
                />
                <Box sx={{ flex: 1 }} />
                {moveRefusal === null &&
                  stepButtons[project.status].map((step) => (
                    <Button
                      key={step.status}
                      size="small"
                      disabled={isBusy}
                      onClick={() => onStatus(project, step.status)}
                    >
                      {step.label}
                    </Button>
                  ))}
                {moveRefusal === null && isMachineProjectMovable(project.status) && (
                  <Button size="small" variant="outlined" disabled={isBusy} onClick={() => onMove(project)}>
                    {project.start_time && project.machine_id !== null ? 'Move' : 'Place'}
                  </Button>
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {machineName(project.machine_id)}
                {project.start_time ? ` · ${formatDateTime(project.start_time)}` : ' · no slot yet'}
              </Typography>
              {project.cases.length > 0 && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {project.cases.map((item, index) => (
                    <Chip
                      key={item.uid}
                      size="small"
                      component={Link}
                      href={collectionPageUrl({ uid: item.collection_uid, cuid: item.uid })}
                      target="_blank"
                      rel="noopener"
                      clickable
                      label={`${item.case_mkey} · ${item.job_type}`}
                      sx={{ bgcolor: caseColour(index), color: '#fff' }}
                    />
                  ))}
                </Box>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
};
