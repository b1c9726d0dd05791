import { caseLabelCode } from '@lab/domain';
import type { PrintCase, PrintCollection } from '../load-print-data';
import { barcodeShape } from './barcodes';
import type { LabIdentity } from './lab-identity';
import { archAndTeeth, dateShown, dateTimeShown } from './pdf-text';
import { renderRoll, rollBarcode, rollPair, rollRule, rollSpace, rollText } from './roll-kit';

// The case receipt (front desk, 80 mm roll): proof that the lab has the case — the collection, client and
// patient, and each component with when it was received and by whom and when it is due — with the case
// key as a QR code to open the case again from the receipt.

export type ReceiptData = {
  cases: PrintCase[];
  collection: PrintCollection;
  lab: LabIdentity;
  zone: string;
  printedAt: Date;
  printedBy: string;
};

export const renderReceipt = (data: ReceiptData, copies: number) => {
  const { cases, collection, lab, zone } = data;
  const [first] = cases;
  return renderRoll(`Receipt ${first?.case_mkey ?? collection.collection_id}`, copies, (roll) => {
    rollText(roll, lab.name, { font: 'bold', size: 11, align: 'center' });
    rollText(roll, lab.branch, { size: 7.5, align: 'center' });
    rollText(roll, `${lab.phone}  ·  ${lab.web}`, { size: 6.5, align: 'center' });
    rollRule(roll, 'solid', 8);
    rollText(roll, 'CASE RECEIPT', { font: 'bold', size: 12, align: 'center', gap: 4 });
    rollPair(roll, 'Collection', String(collection.collection_id));
    rollPair(roll, 'Client', collection.client.name);
    if (collection.client.account_number) rollPair(roll, 'Account', collection.client.account_number);
    rollPair(roll, 'Patient', collection.patient_reference);
    rollPair(roll, 'Printed', `${dateTimeShown(data.printedAt, zone)} by ${data.printedBy}`);
    rollRule(roll, 'dashed', 8);

    for (const item of cases) {
      rollText(roll, `${item.case_mkey}  ${item.job_type}`, { font: 'bold', size: 8.5 });
      rollPair(roll, 'Arch / teeth', archAndTeeth(item.dentate, item.implants), 7);
      rollPair(roll, 'Status', item.status, 7);
      rollPair(
        roll,
        'Received',
        item.date_received
          ? `${dateTimeShown(item.date_received, zone)}${item.received_by ? ` (${item.received_by})` : ''}`
          : 'Not yet received',
        7,
      );
      rollPair(roll, 'Due', dateShown(item.internal_due, zone), 7);
      rollRule(roll, 'dashed', 6);
    }
    rollPair(roll, 'Components', String(cases.length), 8);
    rollSpace(roll, 6);
    rollText(
      roll,
      'Received by the laboratory. Please keep this receipt and quote the case number with any question.',
      {
        size: 6.5,
        align: 'center',
        gap: 6,
      },
    );
    if (first) {
      rollBarcode(roll, barcodeShape('qrcode', caseLabelCode(first.case_mkey)), 84, 84);
      rollText(roll, first.case_mkey, { font: 'mono', size: 8, align: 'center' });
    }
  });
};
