import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Spec §2 Audit: each list at most 600 px high. */
const maxListHeight = 600;

type AuditListProps = { title: string; count: number; children: ReactNode };

/** One audit card: a title and its rows, scrolling past 600 px. */
export const AuditList = ({ title, count, children }: AuditListProps) => (
  <Card variant="outlined">
    <CardHeader
      title={title}
      slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }}
      sx={{ pb: 0 }}
    />
    <CardContent sx={{ pt: 0 }}>
      {count === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ pt: 1 }}>
          No records
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: maxListHeight, overflowY: 'auto' }} aria-label={title}>
          {children}
        </List>
      )}
    </CardContent>
  </Card>
);
