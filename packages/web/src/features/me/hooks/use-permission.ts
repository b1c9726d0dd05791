import { checklistItemRefusal, permissionRefusal, type Department, type Permission } from '@lab/domain';
import { useMe } from '../api/get-me';

// The server's permission table (domain rules/permissions.ts) read for the signed-in employee: what they
// may not do is disabled with the reason the server would answer, or not offered. While /api/me/ loads
// nothing is refused here; the server refuses regardless.

/** Why the employee may not do what `permission` covers, or null. */
export const usePermissionRefusal = (permission: Permission): string | null => {
  const { data: me } = useMe();
  return me ? permissionRefusal(me, permission) : null;
};

/** Why the employee may not tick an item of `department`, or null. */
export const useChecklistItemRefusal = (department: Department | null): string | null => {
  const { data: me } = useMe();
  return me ? checklistItemRefusal(me, department) : null;
};
