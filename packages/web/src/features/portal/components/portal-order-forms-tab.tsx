import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { portalTexts, type PortalCollection, type ToothConvention } from '@lab/domain';
import type { RenderOrderForm } from './portal-render-props';

// The Order Forms tab: read only, each form as the order form card lays it out (basic information, the
// option tables, implants), 'No Order Forms Received' when there is none.

type PortalOrderFormsTabProps = {
  collection: PortalCollection;
  convention: ToothConvention;
  renderOrderForm: RenderOrderForm;
};

const titleOf = (collection: PortalCollection, caseUid: string | null): string => {
  const item = collection.cases.find((candidate) => candidate.uid === caseUid);
  return item ? `Order Form — ${item.job_type} (${item.case_mkey})` : 'Order Form';
};

export const PortalOrderFormsTab = ({
  collection,
  convention,
  renderOrderForm,
}: PortalOrderFormsTabProps) => {
  if (collection.order_forms.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
        {portalTexts.noOrderForms}
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      {collection.order_forms.map((form) => (
        <div key={form.id}>
          {renderOrderForm({ form, title: titleOf(collection, form.case_uid), convention })}
        </div>
      ))}
    </Stack>
  );
};
