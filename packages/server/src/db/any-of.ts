import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cases } from './schema/index';

// Which cases a child read is for: a list of uids as ONE array placeholder (the SQL text is the same
// whatever their number, so it is prepared once), or a subquery naming them.
export type CaseUids = Placeholder | SQL;

/** The list of case uids of a prepared read, given as `uids`. */
export const uidsPlaceholder = sql.placeholder('uids');

/** The cases of the collection whose uid is the placeholder `uid`. */
export const collectionCaseUids: SQL = sql`SELECT ${cases.uid} FROM ${cases} WHERE ${cases.collection_uid} = ${sql.placeholder('uid')}`;

/** `column` is one of `source`'s values (an empty list matches nothing, like inArray). */
export const isAnyOf = (column: AnyPgColumn, source: CaseUids | SQL): SQL => sql`${column} = any(${source})`;
