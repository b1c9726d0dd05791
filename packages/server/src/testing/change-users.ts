import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { publishUsersChanged } from '../realtime/events';

/**
 * Changes employees' records straight in the database (a test placing someone at a branch), then tells
 * every process as an application write would (publishUsersChanged): a token verified before the change
 * is cached for up to 30 s (auth/token-cache.ts), and would otherwise still carry the old record.
 */
export const changeUsers = async (
  db: Db,
  usernames: readonly string[],
  set: Partial<typeof users.$inferInsert>,
): Promise<void> => {
  const changed = await db
    .update(users)
    .set(set)
    .where(inArray(users.username, [...usernames]))
    .returning({ id: users.id });
  await publishUsersChanged(
    db,
    changed.map((user) => user.id),
  );
};
