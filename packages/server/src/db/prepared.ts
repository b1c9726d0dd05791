import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Queryable } from './handle-types';

// Statements a hot read runs on every request, built once per database handle (the app's `db`, or a
// transaction's `tx`) and kept prepared: drizzle then builds no SQL per request, and PostgreSQL keeps
// each named statement parsed per connection (and planned, once a generic plan is no dearer than its
// custom ones). Values are placeholders (`sql.placeholder`); a list is ONE array value, so the text is the
// same whatever its length.

const preparedByHandle = new WeakMap<Queryable, Map<string, unknown>>();
const genericPlanHandles = new WeakMap<Queryable, Queryable>();

/**
 * Where `db`'s statements asked for `genericPlan` run: connections that plan a named statement once,
 * without its values (PostgreSQL: a pool of its own, db/client.ts). Unset (PGlite), they run on `db`.
 */
export const planGenerically = (db: Queryable, generic: Queryable): void => {
  genericPlanHandles.set(db, generic);
};

/** The handle a statement asked to be planned generically runs on: `q` itself when it has none. */
export const genericPlanHandle = (q: Queryable): Queryable => genericPlanHandles.get(q) ?? q;

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

type RawPrepared = { execute: (values: Record<string, unknown>) => Promise<unknown> };

/**
 * Rows of a raw SQL statement with placeholders, prepared once per handle under `name` (`build` runs
 * once). Both drivers answer `{rows}`; PGlite ignores the name. `genericPlan`: planned once for every
 * value (planGenerically), so the plan must find its rows without them: `LIKE $1` cannot use a btree,
 * a range beside it can (modules/search/search-statement.ts).
 */
export const selectPreparedRows = async <Row>(
  q: Queryable,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
  options: { genericPlan?: boolean } = {},
): Promise<Row[]> => {
  const on = options.genericPlan ? genericPlanHandle(q) : q;
  const prepared = preparedOnce(on, name, (handle, statementName): RawPrepared => {
    const internals = handle as unknown as { dialect: PgDialect; session: PgSession };
    return internals.session.prepareQuery(
      internals.dialect.sqlToQuery(build()),
      undefined,
      statementName,
      false,
    ) as unknown as RawPrepared;
  });
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
};
