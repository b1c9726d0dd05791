import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Invoice } from '@lab/domain';
import { useItemOptions } from '../api/get-item-options';
import { invoicingTexts, isInvoiceClosed } from '../invoice-rules';
import { CaseOptionsForm } from './case-options-form';
import { SectionCard } from './section-card';

type ItemOptionsCardProps = {
  invoice: Invoice;
  /** The case the options are read through (any case of the collection). */
  caseId: number;
};

/** The options card: the item options of each case on the invoice; read-only once it is closed. */
export const ItemOptionsCard = ({ invoice, caseId }: ItemOptionsCardProps) => {
  const query = useItemOptions(invoice.case_collection_uid, caseId);
  const isClosed = isInvoiceClosed(invoice);
  const sets = new Map((query.data ?? []).map((set) => [set.case_mkey, set]));
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <SectionCard title="Item Options">
      {query.isPending && <LinearProgress aria-label="Loading item options" />}
      {query.isError && <Alert severity="error">{query.error.message}</Alert>}
      {query.data && (
        <Stack spacing={2} divider={<Divider flexItem />}>
          {saved && (
            <Typography variant="body2" color="success.main" role="status">
              Options of {saved} saved
            </Typography>
          )}
          {isClosed && (
            <Typography variant="body2" color="text.secondary">
              {invoicingTexts.closedOptions}
            </Typography>
          )}
          {invoice.related_case_details.map((detail) => {
            const options = sets.get(detail.case_mkey)?.options ?? [];
            return (
              <CaseOptionsForm
                // A new answer (after a save or a refresh) starts the form again from what is stored.
                key={`${detail.case_mkey}-${JSON.stringify(options)}`}
                collectionUid={invoice.case_collection_uid}
                caseId={detail.case_id}
                caseMkey={detail.case_mkey}
                jobTypeName={detail.job_type_name}
                options={options}
                isClosed={isClosed}
                onSaved={setSaved}
              />
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
};
