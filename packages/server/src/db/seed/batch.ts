import { getTableColumns, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { selectRows, type Tx } from '../client';

// Seed inserts go through json_populate_recordset: one JSON parameter per chunk instead of one bound
// parameter per value. On PGlite that is 2–3× faster than a multi-row VALUES insert (binding hundreds of
// thousands of parameters dominates there), and it has no 65,535-parameter limit. Rows are typed as
// the table's Drizzle insert type, and property names are the column names, so the JSON keys map 1:1.
// Rows that leave different columns out are inserted in separate groups so that an omitted column
// gets its DEFAULT, exactly as a Drizzle insert would.

const rowsPerStatement = 2_000;

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

type Group = { columns: string[]; indexes: number[] };

const groupByColumns = (table: PgTable, rows: readonly Record<string, unknown>[]): Group[] => {
  const known = getTableColumns(table);
  const groups = new Map<string, Group>();
  rows.forEach((row, index) => {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    const signature = keys.join(',');
    let group = groups.get(signature);
    if (!group) {
      group = {
        columns: keys.map((k) => {
          const column = known[k];
          if (!column || column.name !== k) throw new Error(`seed: ${k} is not a column name`);
          return k;
        }),
        indexes: [],
      };
      groups.set(signature, group);
    }
    group.indexes.push(index);
  });
  return [...groups.values()];
};

const insertStatement = (table: PgTable, columns: string[], rows: unknown[], returning: boolean) => {
  const list = sql.raw(columns.map(quote).join(', '));
  return sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(rows)}::json)${returning ? sql` RETURNING *` : sql``}`;
};

export const chunk = <T>(rows: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
};

/** Inserts rows, a few thousand per statement. */
export const insertAll = async <T extends PgTable>(
  tx: Tx,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<void> => {
  const plain = rows as Record<string, unknown>[];
  for (const group of groupByColumns(table, plain)) {
    for (const part of chunk(group.indexes, rowsPerStatement)) {
      await tx.execute(
        insertStatement(
          table,
          group.columns,
          part.map((i) => plain[i]),
          false,
        ),
      );
    }
  }
};

/**
 * Inserts rows and answers the inserted rows in the order given (to pair generated ids with their input).
 * Values come back as the driver returns them (ids and uuids as numbers and strings; use them for keys).
 * PostgreSQL returns the rows of `INSERT … SELECT … RETURNING` in the order the SELECT produced them,
 * which for json_populate_recordset is the array order; the length check catches any surprise.
 */
export const insertReturning = async <T extends PgTable>(
  tx: Tx,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<T['$inferSelect'][]> => {
  const plain = rows as Record<string, unknown>[];
  const inserted = new Array<T['$inferSelect']>(rows.length);
  for (const group of groupByColumns(table, plain)) {
    for (const part of chunk(group.indexes, rowsPerStatement)) {
      const returned = await selectRows<T['$inferSelect']>(
        tx,
        insertStatement(
          table,
          group.columns,
          part.map((i) => plain[i]),
          true,
        ),
      );
      if (returned.length !== part.length)
        throw new Error('seed: insert returned a different number of rows');
      part.forEach((rowIndex, i) => {
        inserted[rowIndex] = returned[i] as T['$inferSelect'];
      });
    }
  }
  return inserted;
};
