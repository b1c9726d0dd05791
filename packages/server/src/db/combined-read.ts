import * as drizzle from 'drizzle-orm';
import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Queryable } from './handle-types';
import { genericPlanHandle, preparedOnce } from './prepared';

// Several selects answered by ONE statement: each part becomes a column of one row, its rows packed by
// PostgreSQL into a JSON array, and unpacked here with drizzle's own row mapper, so each part answers
// exactly the rows its select would. On this kind of machine a statement's round trip (a socket write,
// PostgreSQL's per-statement work) costs more than the rows: a case's answer read by 15 selects cost a
// case action three quarters of its time (docs/decisions/2026-11-30-one-statement-reads.md).

// drizzle's own helpers for a select's columns and rows: exported, but marked internal in its types.
type SelectedColumn = { path: string[]; field: unknown };
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields: (fields: Record<string, unknown>) => SelectedColumn[];
  mapResultRow: (columns: SelectedColumn[], row: unknown[], joins?: Record<string, boolean>) => unknown;
};

/** A drizzle select not yet run: its SQL, its fields in column order, its outer joins. */
type SelectBuilder = PromiseLike<unknown[]> & { getSQL: () => SQL };
type BuilderInternals = {
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap?: Record<string, boolean>;
};

export type ReadParts = Record<string, (q: Queryable) => SelectBuilder>;
export type PartRows<Parts extends ReadParts> = { [Key in keyof Parts]: Awaited<ReturnType<Parts[Key]>> };

// Types whose JSON value is what the driver answers (numbers, booleans, JSON, arrays). Every other
// column goes through its text form, exactly as the driver receives it: JSON would print a timestamp
// with a 'T', drop a numeric's trailing zeros and turn a bigint into a lossy number.
const keptAsJson = new Set([
  'integer',
  'smallint',
  'serial',
  'smallserial',
  'boolean',
  'json',
  'jsonb',
  'real',
  'double precision',
]);
const isKeptAsJson = (field: unknown): boolean => {
  if (!is(field, Column)) return true;
  const type = field.getSQLType();
  return keptAsJson.has(type) || type.endsWith('[]');
};

// json_build_array takes at most 100 arguments, one per column.
const maxColumns = 100;

type Unpacker = {
  key: string;
  columns: ReturnType<typeof orderSelectedFields>;
  joins?: Record<string, boolean>;
};

const buildCombined = (q: Queryable, parts: ReadParts): { query: SQL; unpackers: Unpacker[] } => {
  const unpackers: Unpacker[] = [];
  const columnsSql: SQL[] = [];
  for (const [key, part] of Object.entries(parts)) {
    const select = part(q);
    const internals = select as unknown as BuilderInternals;
    const columns = orderSelectedFields(internals.config.fields);
    if (columns.length > maxColumns)
      throw new Error(`the part ${key} selects more than ${maxColumns} columns`);
    const names = columns.map((_, i) => sql.raw(`c${i}`));
    const values = columns.map(({ field }, i) => sql.raw(isKeptAsJson(field) ? `t.c${i}` : `t.c${i}::text`));
    // A sorted subquery feeds json_agg in its order.
    columnsSql.push(
      sql`(SELECT coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})), '[]'::json) FROM (${select.getSQL()}) AS t(${sql.join(names, sql`, `)})) AS ${sql.identifier(key)}`,
    );
    unpackers.push({ key, columns, joins: internals.joinsNotNullableMap });
  }
  return { query: sql`SELECT ${sql.join(columnsSql, sql`, `)}`, unpackers };
};

type Prepared = {
  statement: { execute: (values: Record<string, unknown>) => Promise<unknown> };
  unpackers: Unpacker[];
};

/**
 * The rows of every part, read by one statement prepared once per handle under `name` (`parts` must be
 * the same every time for a name). Parts take their values as placeholders, filled from `values`. The
 * statement is planned once, for every value (db/prepared.ts): planning its many selects afresh on each
 * run cost more than running them, and each finds its rows by key, which a plan without the values
 * does as well.
 */
export const readCombined = async <Parts extends ReadParts>(
  q: Queryable,
  name: string,
  parts: Parts,
  values: Record<string, unknown>,
): Promise<PartRows<Parts>> => {
  const prepared = preparedOnce(genericPlanHandle(q), name, (handle, statementName): Prepared => {
    const { query, unpackers } = buildCombined(handle, parts);
    const internals = handle as unknown as { dialect: PgDialect; session: PgSession };
    const statement = internals.session.prepareQuery(
      internals.dialect.sqlToQuery(query),
      undefined,
      statementName,
      false,
    ) as unknown as Prepared['statement'];
    return { statement, unpackers };
  });
  const result = (await prepared.statement.execute(values)) as { rows: Record<string, unknown>[] };
  const [row] = result.rows;
  if (!row) throw new Error(`the combined read ${name} answered no row`);
  const answer: Record<string, unknown[]> = {};
  for (const { key, columns, joins } of prepared.unpackers) {
    const packed = row[key] as unknown[][];
    answer[key] = packed.map((values) => mapResultRow(columns, values, joins));
  }
  return answer as PartRows<Parts>;
};
