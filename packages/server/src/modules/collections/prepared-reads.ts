import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';

// The collection load runs the same 20 statements for every request. Each is built once per database
// handle (the app's `db`, or a transaction's `tx`) and kept prepared: drizzle then builds no SQL per
// request (a quarter of the load's CPU), and PostgreSQL keeps each named statement parsed, and after a
// few runs planned, per connection. Values are placeholders; a list of uids is ONE array parameter
// (`= any(…)`), so the SQL text is the same whatever the number of cases.

const preparedByHandle = new WeakMap<Queryable, Map<string, unknown>>();

/** The statement `prepare` makes under `name`, made once per handle. Names are unique in the app. */
export const preparedOnce = <Prepared>(
  q: Queryable,
  name: string,
  prepare: (q: Queryable, name: string) => Prepared,
): Prepared => {
  let kept = preparedByHandle.get(q);
  if (!kept) {
    kept = new Map();
    preparedByHandle.set(q, kept);
  }
  const found = kept.get(name);
  if (found) return found as Prepared;
  const made = prepare(q, name);
  kept.set(name, made);
  return made;
};

/** `column` is one of the array placeholder `name` (an empty array matches nothing, like inArray). */
export const isAnyOf = (column: AnyPgColumn, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)})`;
