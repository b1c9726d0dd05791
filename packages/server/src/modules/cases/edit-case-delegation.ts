import { eq } from 'drizzle-orm';
import { caseActionMessages, departmentForStatusParent, type CaseEdit, type StatusParent } from '@lab/domain';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { findUserNames } from '../collections/collection-queries';
import type { CaseRecord } from './load-action-case';
import { recordChange } from './save-case-changes';
import { emptyEditPart, type EditPart } from './validation';

// edit_case: the delegate (case-workspace §4 'Delegation'). Cases are delegated only in design,
// production or lab, to an employee of the department the status gives (DESIGN, MACHINING, POLISHING),
// or to one who works for every department.

const delegableParents: readonly StatusParent[] = ['IN DESIGN', 'IN PRODUCTION', 'IN LAB'];

/**
 * `parent` is the status the case will have after this edit. The form sends the whole case, so a
 * delegated_to_id equal to the stored one is not a choice: with a change of department the status change
 * then clears it.
 */
export const resolveDelegation = async (
  tx: Tx,
  options: { row: CaseRecord; edit: CaseEdit; parent: StatusParent },
): Promise<EditPart> => {
  const { row, edit, parent } = options;
  const part = emptyEditPart();
  const requested = edit.delegated_to_id;
  if (requested === undefined || requested === row.delegated_to_id) return part;
  if (requested !== null) {
    const department = departmentForStatusParent(parent);
    if (!department || !delegableParents.includes(parent)) {
      part.fields['case.delegated_to_id'] = caseActionMessages.delegationNotAllowed;
      return part;
    }
    const [employee] = await tx
      .select({
        department: users.department,
        all_departments: users.all_departments,
        is_active: users.is_active,
      })
      .from(users)
      .where(eq(users.id, requested))
      .limit(1);
    const isEligible =
      employee?.is_active === true && (employee.department === department || employee.all_departments);
    if (!isEligible) {
      part.fields['case.delegated_to_id'] = caseActionMessages.delegateNotInDepartment;
      return part;
    }
  }
  const names = await findUserNames(
    tx,
    [row.delegated_to_id, requested].filter((id) => id !== null),
  );
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  part.set.delegated_to_id = requested;
  recordChange(part.changes, 'delegated_to', nameOf(row.delegated_to_id), nameOf(requested));
  return part;
};
