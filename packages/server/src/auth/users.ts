import { and, eq, sql } from 'drizzle-orm';
import type { Department } from '@lab/domain';
import { inTransaction, type Db } from '../db/client';
import { users } from '../db/schema/index';
import { publishReferenceChanged } from '../realtime/events';
import { hashPassword } from './passwords';

export const findUserForSignIn = async (db: Db, username: string) => {
  const [user] = await db
    .select({ id: users.id, password_hash: users.password_hash })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.is_active, true)))
    .limit(1);
  return user ?? null;
};

export type NewUser = {
  username: string;
  password: string;
  department: Department;
  first_name?: string;
  last_name?: string;
  admin?: boolean;
  restricted?: boolean;
  staging?: boolean;
  all_departments?: boolean;
  branch_id?: number | null;
};

/** A new employee; the employee list of every process hears it when it commits. */
export const createUser = async (db: Db, user: NewUser): Promise<{ id: number }> => {
  const passwordHash = await hashPassword(user.password);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: user.username,
        password_hash: passwordHash,
        department: user.department,
        first_name: user.first_name ?? user.username,
        last_name: user.last_name ?? '',
        admin: user.admin ?? false,
        restricted: user.restricted ?? false,
        staging: user.staging ?? false,
        all_departments: user.all_departments ?? false,
        branch_id: user.branch_id ?? null,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user was not created');
    await publishReferenceChanged(tx, 'employees');
    return row;
  });
};
