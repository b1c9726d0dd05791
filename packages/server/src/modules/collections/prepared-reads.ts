import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// The collection load runs the same 20 statements for every request, each prepared once per handle
// (db/prepared.ts): drizzle building their SQL was a quarter of the load's CPU. A list of uids is ONE
// array parameter (`= any(…)`), so the SQL text is the same whatever the number of cases.

/** `column` is one of the array placeholder `name` (an empty array matches nothing, like inArray). */
export const isAnyOf = (column: AnyPgColumn, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)})`;
