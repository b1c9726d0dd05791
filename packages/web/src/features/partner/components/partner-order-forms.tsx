import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { partnerTexts, type PartnerJob } from '@lab/domain';
import type { RenderOrderForm } from './partner-render-props';

// The order form of the case, read only, as the lab's order form card lays it out.

export const PartnerOrderForms = ({
  job,
  renderOrderForm,
}: {
  job: PartnerJob;
  renderOrderForm: RenderOrderForm;
}) => {
  if (job.order_forms.length === 0) {
    return (
      <Card component="section" aria-label="Order form">
        <CardHeader title="Order form" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Typography color="text.secondary" variant="body2">
            {partnerTexts.noOrderForms}
          </Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Stack component="section" aria-label="Order form" spacing={2}>
      {job.order_forms.map((form) => (
        <div key={form.id}>
          {renderOrderForm({ form, title: `Order Form — ${job.job_type} (${job.case_mkey})` })}
        </div>
      ))}
    </Stack>
  );
};
