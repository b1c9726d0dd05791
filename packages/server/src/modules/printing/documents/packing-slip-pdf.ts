import { caseLabelCode } from '@lab/domain';
import type { PrintCase, PrintCollection, PrintDispatch } from '../load-print-data';
import { barcodeShape } from './barcodes';
import type { LabIdentity } from './lab-identity';
import { addressLines, archAndTeeth, dateShown, dateTimeShown } from './pdf-text';
import { renderRoll, rollBarcode, rollItem, rollPair, rollRule, rollSpace, rollText } from './roll-kit';

// The packing slip (80 mm roll, goes in the box): the shipment — the dispatch's courier, tracking and
// address once the cases are sent, else the cases being packed and the client's address — then every
// component in it with its parts (from the picking slip, with lot numbers) and lines to sign.

export type PackingSlipData = {
  cases: PrintCase[];
  collection: PrintCollection;
  dispatch: PrintDispatch | null;
  lab: LabIdentity;
  zone: string;
  printedAt: Date;
};

const partLine = (part: PrintCase['parts'][number]) =>
  `${part.quantity} x ${part.code} ${part.description}${part.lots.length > 0 ? `\nLot ${part.lots.join(', ')}` : ''}`;

export const renderPackingSlip = (data: PackingSlipData, copies: number) => {
  const { cases, collection, dispatch, lab, zone } = data;
  const first = cases[0];
  return renderRoll(`Packing slip ${collection.collection_id}`, copies, (roll) => {
    rollText(roll, lab.name, { font: 'bold', size: 11, align: 'center' });
    rollText(roll, lab.branch, { size: 7.5, align: 'center' });
    rollRule(roll, 'solid', 8);
    rollText(roll, 'PACKING SLIP', { font: 'bold', size: 12, align: 'center', gap: 4 });
    rollPair(roll, 'Collection', String(collection.collection_id));
    rollPair(roll, 'Patient', collection.patient_reference);
    if (dispatch) {
      rollPair(roll, 'Dispatched', dateTimeShown(dispatch.dispatched_at, zone));
      rollPair(roll, 'Courier', dispatch.courier ?? '-');
      rollPair(roll, 'Tracking', dispatch.tracking_reference ?? '-');
    } else {
      rollPair(roll, 'Packed', `${dateShown(data.printedAt, zone)} (not dispatched yet)`);
    }
    rollRule(roll, 'dashed', 8);
    rollText(roll, 'SHIP TO', { font: 'bold', size: 7 });
    rollText(roll, collection.client.name, { font: 'bold', size: 9 });
    for (const line of addressLines(dispatch?.shipping_address ?? collection.client.address)) {
      rollText(roll, line, { size: 8, gap: 0.5 });
    }
    rollRule(roll, 'dashed', 8);

    let partCount = 0;
    for (const item of cases) {
      rollText(roll, `${item.case_mkey}  ${item.job_type}`, { font: 'bold', size: 8.5 });
      rollText(
        roll,
        [archAndTeeth(item.dentate, item.implants), item.material].filter(Boolean).join('  ·  '),
        {
          size: 7,
        },
      );
      if (item.parts.length === 0) rollText(roll, 'No parts', { size: 7 });
      for (const part of item.parts) {
        rollItem(roll, '[ ]', partLine(part));
        partCount += part.quantity;
      }
      rollSpace(roll, 4);
    }
    rollRule(roll, 'solid', 6);
    rollPair(roll, 'Components', String(cases.length), 8);
    rollPair(roll, 'Parts', String(partCount), 8);
    rollSpace(roll, 14);
    rollText(roll, 'Packed by ____________________', { size: 8, gap: 12 });
    rollText(roll, 'Checked by ___________________', { size: 8, gap: 8 });
    if (first) {
      rollBarcode(roll, barcodeShape('code128', caseLabelCode(first.case_mkey)), 34);
      rollText(roll, first.case_mkey, { font: 'mono', size: 8, align: 'center' });
    }
  });
};
