import LinearProgress from '@mui/material/LinearProgress';
import { isOrderFormOfCase, type Collection, type CollectionCase } from '@lab/domain';
import { useOrderForms } from '../api/get-order-forms';
import { OrderFormList } from './order-form-list';

type CaseOrderFormTabProps = { collection: Collection; caseItem: CollectionCase };

/** The case drawer's Order Form tab: the case's own forms and the collection-wide ones. */
export const CaseOrderFormTab = ({ collection, caseItem }: CaseOrderFormTabProps) => {
  const formsQuery = useOrderForms(collection.uid);
  if (formsQuery.isPending) return <LinearProgress />;
  const forms = formsQuery.data?.filter((form) => isOrderFormOfCase(form, caseItem.uid));
  return <OrderFormList collection={collection} forms={forms} />;
};
