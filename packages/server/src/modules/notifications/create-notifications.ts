import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { notificationLifetimeMs, type Department } from '@lab/domain';
import type { Tx } from '../../db/client';
import { notifications, user_main_branches, users } from '../../db/schema/index';
import { publishNotificationEvents } from '../../realtime/events';

// Bell notifications (domain-decisions 'Messages, notifications, approvals'), written in the transaction
// of what they are about, with a realtime event for each employee's open pages.

/** The spec caps notification notes at 255 characters. */
export const notificationNoteLength = 255;

/** Who is told: named employees and/or a department's staff at a branch. */
export type NotificationAudience = {
  userIds: readonly number[];
  department: { department: Department; branchId: number | null } | null;
};

export type NotificationContent = {
  message_uid: string | null;
  message_type: string;
  note: string;
  author_reference: string;
  case_uid: string | null;
  case_collection_uid: string | null;
  /** Informational notifications expire after 7 days; the others stay until actioned. */
  informational: boolean;
};

/**
 * A department's staff at a branch: the department's own employees and the all_departments ones, whose
 * home branch or one of whose main branches it is. Without a branch (none chosen yet) the staff of every
 * branch.
 */
const departmentStaffAt = (department: Department, branchId: number | null): SQL | undefined =>
  and(
    or(eq(users.department, department), eq(users.all_departments, true)),
    branchId === null
      ? undefined
      : or(
          eq(users.branch_id, branchId),
          sql`exists (select 1 from ${user_main_branches} where ${user_main_branches.user_id} = ${users.id} and ${user_main_branches.branch_id} = ${branchId})`,
        ),
  );

/** The active employees of the audience, never the one who caused the notification. */
export const findAudienceIds = async (
  tx: Tx,
  audience: NotificationAudience,
  exceptUserId: number | null,
): Promise<number[]> => {
  const who: SQL[] = [];
  if (audience.userIds.length > 0) who.push(inArray(users.id, [...audience.userIds]));
  const staff = audience.department
    ? departmentStaffAt(audience.department.department, audience.department.branchId)
    : undefined;
  if (staff) who.push(staff);
  if (who.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.is_active, true),
        or(...who),
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
};

/** One notification per employee, in the caller's transaction; answers who got which. */
export const createNotifications = async (
  tx: Tx,
  userIds: readonly number[],
  content: NotificationContent,
): Promise<{ user_id: number; notification_uid: string }[]> => {
  if (userIds.length === 0) return [];
  const expiresAt = content.informational ? new Date(Date.now() + notificationLifetimeMs) : null;
  const created = await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        message_uid: content.message_uid,
        expires_at: expiresAt,
        message_type: content.message_type,
        // Cut by characters, not UTF-16 units, so an emoji is never split.
        note: Array.from(content.note).slice(0, notificationNoteLength).join(''),
        author_reference: content.author_reference,
        case_uid: content.case_uid,
        case_collection_uid: content.case_collection_uid,
      })),
    )
    .returning({ user_id: notifications.user_id, notification_uid: notifications.notification_uid });
  await publishNotificationEvents(tx, created);
  return created;
};
