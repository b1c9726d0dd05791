import { sql, type SQL } from 'drizzle-orm';
import { index, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema files. This file holds no tables, so index.ts does not re-export it.

/** Every instant is stored with its time zone: branches sit in different zones. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Money and amounts are exact decimals, never floats. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** `column IN ('a', 'b', …)`: closed vocabularies are text plus a check, so adding a value is one migration. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.join(
    values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)),
    sql`, `,
  )})`;

/**
 * A trigram index for ILIKE '%…%' search. fastupdate is off because PGlite has no autovacuum: the GIN
 * pending list would otherwise grow up to 4 MB and be scanned by every search.
 */
export const trigramIndex = (name: string, column: AnyPgColumn) =>
  index(name)
    .using('gin', sql`${column} gin_trgm_ops`)
    .with({ fastupdate: false });
