import type { Recall } from '@lab/domain';
import { toCsv } from '../../http/csv';

// The recall as a spreadsheet for the safety notice's file (one row per case, as the page lists them).
// Dispatch times in UTC ISO 8601: the file goes to regulators and manufacturers in other zones.

const header = [
  'Collection',
  'Case',
  'Patient',
  'Client ID',
  'Client',
  'Branch',
  'Dispatched',
  'Teeth',
  'Known by',
];

export const recallCsv = (recall: Recall): string =>
  toCsv([
    header,
    ...recall.cases.map((item) => [
      String(item.collection_id),
      item.case_mkey,
      item.patient_reference,
      String(item.client.client_id),
      item.client.name,
      item.branch ?? '',
      item.dispatched_at ?? 'Not dispatched',
      item.teeth.join(' '),
      item.paths.join('; '),
    ]),
  ]);

/** A file name from the notice's article and lot, in characters every system keeps. */
export const recallFileName = (recall: Pick<Recall, 'article' | 'lot'>): string =>
  `recall-${recall.article}-${recall.lot}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) + '.csv';
