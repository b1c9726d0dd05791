import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { CaseFile } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';

type OutsourceFilesCardProps = { title: string; files: readonly CaseFile[]; action?: ReactNode };

/** Files shared with or received from partners: name, partner and date (the Files tab opens them). */
export const OutsourceFilesCard = ({ title, files, action }: OutsourceFilesCardProps) => (
  <Card variant="outlined" component="section" aria-label={title} sx={{ flex: 1, minWidth: 0 }}>
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {files.length > 0 && action}
      </Stack>
      {files.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No files
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 256, overflow: 'auto' }}>
          {files.map((file) => (
            <ListItem key={file.id} disableGutters>
              <ListItemText
                primary={file.filename}
                secondary={
                  <>
                    {file.partner ?? '—'} · <DateTimeText iso={file.added} />
                  </>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </CardContent>
  </Card>
);
