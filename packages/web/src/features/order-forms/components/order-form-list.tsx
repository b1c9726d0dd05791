import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { orderFormTexts, type Collection, type OrderForm } from '@lab/domain';
import { useToothConvention } from '../../me/hooks/use-tooth-convention';
import { OrderFormCard } from './order-form-card';

type OrderFormListProps = { collection: Collection; forms: OrderForm[] | undefined };

const titleOf = (collection: Collection, form: OrderForm): string => {
  const caseItem = collection.cases.find((item) => item.uid === form.case_uid);
  return caseItem ? `Order Form — ${caseItem.case_mkey} ${caseItem.job_type}` : 'Order Form — All Components';
};

/**
 * The forms, or the spec's empty text once loaded (a failed load shows in the app bar); teeth in the
 * employee's numbering.
 */
export const OrderFormList = ({ collection, forms }: OrderFormListProps) => {
  const [convention] = useToothConvention();
  if (forms === undefined) return null;
  if (forms.length === 0) return <Typography color="text.secondary">{orderFormTexts.empty}</Typography>;
  return (
    <Stack spacing={2}>
      {forms.map((form) => (
        <OrderFormCard key={form.id} form={form} title={titleOf(collection, form)} convention={convention} />
      ))}
    </Stack>
  );
};
