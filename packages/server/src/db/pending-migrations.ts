import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from './client';

// The Drizzle migrator records each migration it applies in drizzle.__drizzle_migrations, with the journal
// entry's `when` as created_at, and applies exactly the entries newer than the newest row there: the same
// comparison tells which migrations of this build a database still lacks.

export type JournalEntry = { tag: string; when: number };

/** The migrations this build ships, oldest first. */
export const readMigrationJournal = (): JournalEntry[] => {
  const text = readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
};

/** One row, `newest`: the created_at of the newest applied migration (null: none applied yet). */
export const newestAppliedMigrationQuery =
  'SELECT max(created_at)::float8 AS newest FROM drizzle.__drizzle_migrations';

/** The tags the migrator would still apply; none when a newer build has migrated further. */
export const findPendingMigrations = (
  journal: readonly JournalEntry[],
  newestApplied: number | null,
): string[] =>
  journal.filter((entry) => newestApplied === null || entry.when > newestApplied).map((entry) => entry.tag);
