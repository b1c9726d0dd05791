import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { DateTimeText } from '../../../components/date-time-text';
import { useClientNotes } from '../api/get-client-notes';

/** The client's CLIENT_NOTEs (they show on every collection of the client too), newest first. */
export const ClientNotesCard = ({ clientId }: { clientId: number }) => {
  const notes = useClientNotes(clientId);
  return (
    <Card variant="outlined">
      <CardHeader
        title="Client Notes"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {notes.isError && <Alert severity="error">{notes.error.message}</Alert>}
        {notes.data && notes.data.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No client notes
          </Typography>
        )}
        <Stack spacing={1.5} aria-label="Client notes" component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {notes.data?.map((note, index) => (
            <Fragment key={note.uid}>
              {index > 0 && <Divider component="li" aria-hidden="true" />}
              <li>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {note.note}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {note.author_reference} · <DateTimeText iso={note.created_at} />
                  {note.attachments.length > 0 &&
                    ` · ${note.attachments.map((attachment) => attachment.file_name).join(', ')}`}
                </Typography>
              </li>
            </Fragment>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
