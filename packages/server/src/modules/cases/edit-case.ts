import { eq } from 'drizzle-orm';
import { caseActionMessages, type CaseEdit } from '@lab/domain';
import type { Tx } from '../../db/client';
import { job_types } from '../../db/schema/index';
import { answerCase, type CaseActionHandler } from './action-types';
import { resolveDelegation } from './edit-case-delegation';
import { resolveClientGaugeKits, resolveScanGauge, saveClientGaugeKits } from './edit-case-gauges';
import { resolveMaterial } from './edit-case-material';
import { findStatus, type ActionCase, type StatusRecord } from './load-action-case';
import { planStatusChange } from './plan-status-change';
import { recordChange, saveCaseChanges, type CaseChanges, type CaseUpdate } from './save-case-changes';
import { emptyEditPart, throwIfInvalid, type EditPart } from './validation';

// edit_case: the overview's case details and the Progress dialog's status, checked by the spec's rules
// on the server too. Every rule is checked before anything is written, so one answer lists every field
// to fix; a status change then follows plan-status-change (409 machine_project_active until the user
// confirms with forceUpdateStatus). fulfillment_branch_id, which the web merges into the case object,
// belongs to the collection and is changed by PATCH /api/v2/collection/{uid}/, not here.

const trimmedOrNull = (value: string | null): string | null => value?.trim() || null;

/** Job type, dentate, status, material batch and thickness. */
const resolveBasics = async (
  tx: Tx,
  actionCase: ActionCase,
  edit: CaseEdit,
): Promise<EditPart & { status: StatusRecord | null }> => {
  const { row } = actionCase;
  const part = { ...emptyEditPart(), status: null as StatusRecord | null };
  if (edit.job_type_id === null) part.fields['case.job_type_id'] = caseActionMessages.blank;
  else if (edit.job_type_id !== undefined && edit.job_type_id !== row.job_type_id) {
    const [jobType] = await tx.select().from(job_types).where(eq(job_types.id, edit.job_type_id)).limit(1);
    if (!jobType?.is_active) part.fields['case.job_type_id'] = caseActionMessages.unknownJobType;
    else {
      // The job type's product flags are copied onto the case, as when it was created.
      Object.assign(part.set, {
        job_type_id: jobType.id,
        virtual_product: jobType.virtual_product,
        requires_return_file: jobType.requires_return_file,
      });
      recordChange(part.changes, 'job_type', actionCase.jobTypeName, jobType.name);
    }
  }
  if (edit.status_id !== undefined && edit.status_id !== row.status_id) {
    const status = await findStatus(tx, edit.status_id);
    if (!status?.is_active) part.fields['case.status_id'] = caseActionMessages.unknownStatus;
    else part.status = status;
  }
  const setIfChanged = <Field extends keyof CaseUpdate>(
    field: Field,
    old: unknown,
    next: unknown,
    value: CaseUpdate[Field],
  ) => {
    recordChange(part.changes, field, old, next);
    if (part.changes[field]) part.set[field] = value;
  };
  if (edit.dentate !== undefined) setIfChanged('dentate', row.dentate, edit.dentate, edit.dentate);
  if (edit.material_batch_number !== undefined) {
    const batch = trimmedOrNull(edit.material_batch_number);
    setIfChanged('material_batch_number', row.material_batch_number, batch, batch);
  }
  if (edit.material_thickness !== undefined) {
    // Stored with two decimals: compared and audited as stored, so saving the same value again is no change.
    const thickness =
      edit.material_thickness === null ? null : Math.round(edit.material_thickness * 100) / 100;
    const old = row.material_thickness === null ? null : Number(row.material_thickness);
    setIfChanged('material_thickness', old, thickness, thickness === null ? null : String(thickness));
  }
  return part;
};

const mergeParts = (parts: { set: CaseUpdate; changes: CaseChanges }[]) => ({
  set: Object.assign({}, ...parts.map((p) => p.set)) as CaseUpdate,
  changes: Object.assign({}, ...parts.map((p) => p.changes)) as CaseChanges,
});

export const editCase: CaseActionHandler<'edit_case'> = async (
  tx,
  { actionCase, actor, now, body, events },
) => {
  const { row } = actionCase;
  const edit = body.case;
  const basics = await resolveBasics(tx, actionCase, edit);
  const material = await resolveMaterial(tx, row, edit);
  const scanGauge = await resolveScanGauge(tx, row, edit);
  const kits = await resolveClientGaugeKits(tx, row, edit);
  const parent = (basics.status ?? actionCase.status).parent_name;
  const delegation = await resolveDelegation(tx, { row, edit, parent });
  throwIfInvalid({
    ...basics.fields,
    ...material.fields,
    ...scanGauge.fields,
    ...kits.fields,
    ...delegation.fields,
  });
  const statusChange = basics.status
    ? await planStatusChange(tx, {
        actionCase,
        to: basics.status,
        actor,
        now,
        force: body.forceUpdateStatus ?? false,
        events,
      })
    : emptyEditPart();
  if (kits.kitIds) await saveClientGaugeKits(tx, row.uid, kits.kitIds);
  // A delegate chosen in this edit wins over the clearing a change of department does.
  const { set, changes } = mergeParts([basics, material, scanGauge, kits, statusChange, delegation]);
  await saveCaseChanges(tx, {
    actionCase,
    actor,
    now,
    set,
    changes,
    recompute: basics.status !== null || set.job_type_id !== undefined,
  });
  return answerCase(row.uid);
};
