import { randomBytes } from 'node:crypto';
import type { files } from '../../db/schema/index';
import type { CaseRow } from '../../testing/factories';

// Small helpers of the collection test fixtures.

export const at = (iso: string): Date => new Date(iso);

export const first = <T>(rows: T[]): T => {
  const row = rows[0];
  if (!row) throw new Error('fixture: row was not created');
  return row;
};

export const idOf = async <T extends { id: number }>(rows: Promise<T[]>): Promise<number> =>
  first(await rows).id;

export const storedFile = (
  caseRow: CaseRow,
  filename: string,
  category: (typeof files.$inferInsert)['file_category'],
  extra: Partial<typeof files.$inferInsert> = {},
): typeof files.$inferInsert => ({
  storage_key: `test/${randomBytes(8).toString('hex')}`,
  filename,
  file_category: category,
  case_uid: caseRow.uid,
  collection_uid: caseRow.collection_uid,
  added: at('2025-03-03T01:00:00Z'),
  ...extra,
});
