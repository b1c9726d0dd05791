import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

type SectionCardProps = {
  title: string;
  /** Shown beside the title (chips, a short status). */
  subtitle?: ReactNode;
  /** Buttons at the right of the title row. */
  action?: ReactNode;
  children: ReactNode;
};

/** One card of the Billing view: a region named by its title, so screen readers and tests find it. */
export const SectionCard = ({ title, subtitle, action, children }: SectionCardProps) => {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle}
          <Stack direction="row" spacing={1} sx={{ ml: 'auto !important' }}>
            {action}
          </Stack>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
};
