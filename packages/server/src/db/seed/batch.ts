import { getTableColumns } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';

// PostgreSQL's wire protocol allows 65,535 parameters per statement; staying well under it keeps one
// multi-row INSERT per chunk, which is what makes seeding fast (one round trip per ~hundreds of rows).
const maxParameters = 30_000;

const chunkSizeFor = (table: PgTable): number => {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.min(1_000, Math.floor(maxParameters / columns)));
};

export const chunk = <T>(rows: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
};

/** Inserts rows in multi-row chunks. */
export const insertAll = async <T extends PgTable>(
  tx: Tx,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<void> => {
  for (const part of chunk(rows, chunkSizeFor(table))) await tx.insert(table).values(part);
};

/**
 * Inserts rows in multi-row chunks and answers the inserted rows in the order given. PostgreSQL returns
 * the rows of `INSERT … VALUES … RETURNING` in VALUES order (Django's bulk_create relies on the same), so
 * callers may pair generated ids with their input by index; the length check catches any surprise.
 */
export const insertReturning = async <T extends PgTable>(
  tx: Tx,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<T['$inferSelect'][]> => {
  const inserted: T['$inferSelect'][] = [];
  for (const part of chunk(rows, chunkSizeFor(table))) {
    const returned = (await tx.insert(table).values(part).returning()) as T['$inferSelect'][];
    if (returned.length !== part.length) throw new Error('insert returned a different number of rows');
    inserted.push(...returned);
  }
  return inserted;
};
