import { eq } from 'drizzle-orm';
import { departmentForStatusParent, flagsForStatusParent } from '@lab/domain';
import { cases, job_types } from '../../db/schema/index';
import { copyChecklist, nextOrdinal } from '../collections/add-component';
import { lockCollection } from '../collections/collection-audit';
import { recomputeCaseSchedule } from '../schedule/recompute-case-schedule';
import { answerCase, type CaseActionHandler } from './action-types';
import { copyImplants, implantText } from './copy-implants';
import { findStatusOfParent } from './load-action-case';
import { recordChange, saveCaseChanges, writeCaseAuditRow, type CaseChanges } from './save-case-changes';

// redo_case (the Redo Case dialog): a new component of the same collection that redoes this one. It is
// made as the same thing (job type, dentate, material, implants) and starts again at the beginning of
// design, 'Awaiting Status Allocation'; redo_of_case_uid links it to the original. Answers the new case.

const redoStatusName = 'Awaiting Status Allocation';

export const redoCase: CaseActionHandler<'redo_case'> = async (tx, { actionCase, actor, now, body }) => {
  const { row, collection } = actionCase;
  const { redo } = body;
  const status = await findStatusOfParent(tx, 'IN DESIGN', redoStatusName);
  if (!status) throw new Error('the status catalogue has no IN DESIGN status');
  const [jobType] = await tx
    .select({
      virtual_product: job_types.virtual_product,
      requires_return_file: job_types.requires_return_file,
    })
    .from(job_types)
    .where(eq(job_types.id, row.job_type_id))
    .limit(1);
  await lockCollection(tx, row.collection_uid);
  const ordinal = await nextOrdinal(tx, row.collection_uid);
  const caseMkey = `${collection.collection_id}-${String(ordinal).padStart(2, '0')}`;
  // Stored with two decimals, and audited as stored.
  const discount =
    redo.redo_charge === 'discount' && redo.redo_discount_amount != null
      ? Math.round(redo.redo_discount_amount * 100) / 100
      : null;
  const [created] = await tx
    .insert(cases)
    .values({
      case_mkey: caseMkey,
      ordinal,
      collection_uid: row.collection_uid,
      job_type_id: row.job_type_id,
      status_id: status.id,
      ...flagsForStatusParent(status.parent_name),
      department: departmentForStatusParent(status.parent_name),
      redo_type: redo.redo,
      redo_of_case_uid: row.uid,
      redo_reason: redo.redo_reason,
      redo_charge: redo.redo_charge,
      redo_discount_amount: discount === null ? null : String(discount),
      redo_new_screws_required: redo.redo_new_screws_required ?? false,
      virtual_product: jobType?.virtual_product ?? row.virtual_product,
      requires_return_file: jobType?.requires_return_file ?? row.requires_return_file,
      dentate: row.dentate,
      material_type_id: row.material_type_id,
      material_id: row.material_id,
      added: now,
      created_by_id: actor.id,
      schedule_start: now,
    })
    .returning({ uid: cases.uid });
  if (!created) throw new Error('case insert returned no row');
  const implants = await copyImplants(tx, { fromCaseUid: row.uid, toCaseUid: created.uid, actor, now });
  // Made again, so checked again: the job type's quality-control steps, fresh.
  await copyChecklist(tx, created.uid, row.job_type_id);
  await recomputeCaseSchedule(tx, created.uid);

  const createdChanges: CaseChanges = {};
  recordChange(createdChanges, 'created', null, caseMkey);
  recordChange(createdChanges, 'redo_of', null, row.case_mkey);
  recordChange(createdChanges, 'redo', null, redo.redo);
  recordChange(createdChanges, 'redo_reason', null, redo.redo_reason);
  recordChange(createdChanges, 'redo_charge', null, redo.redo_charge);
  recordChange(createdChanges, 'redo_discount_amount', null, discount);
  recordChange(createdChanges, 'status', null, status.name);
  recordChange(createdChanges, 'implants', [], implants.map(implantText));
  await writeCaseAuditRow(tx, { caseUid: created.uid, actor, now, changes: createdChanges });
  const originalChanges: CaseChanges = {};
  recordChange(originalChanges, 'redone_by', null, caseMkey);
  await saveCaseChanges(tx, { actionCase, actor, now, changes: originalChanges, set: {} });
  return answerCase(created.uid);
};
