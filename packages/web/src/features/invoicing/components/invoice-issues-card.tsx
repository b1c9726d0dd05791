import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@lab/domain';
import { invoicingTexts } from '../invoice-rules';
import { SectionCard } from './section-card';

/** The issues card: what keeps the invoice from being right, coloured by its bar style. */
export const InvoiceIssuesCard = ({ invoice }: { invoice: Invoice }) => (
  <SectionCard title="Issues">
    {invoice.errors.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        {invoicingTexts.noIssues}
      </Typography>
    ) : (
      <Stack spacing={1}>
        {invoice.errors.map((issue, index) => (
          <Alert key={`${issue.case_mkey ?? ''}-${index}`} severity={issue.bar_style_name}>
            {issue.case_mkey ? <strong>{issue.case_mkey}: </strong> : null}
            {issue.error}
          </Alert>
        ))}
      </Stack>
    )}
  </SectionCard>
);
