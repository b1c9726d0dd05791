import type { Department } from '@lab/domain';
import {
  between,
  chance,
  pickEmployee,
  type CaseInfo,
  type CollectionInfo,
  type Generator,
} from './generator';
import { DAY, HOUR } from './schedule';

// The history a case's Audit tab and checklist show: one case-audit row per status change it went
// through (by whoever completed that stage), some field edits, delegation changes, and QC checklist
// items ticked off by the departments it has passed.

/** The statuses a case passes through on the way to each stage, in order. */
const statusPath: Record<number, string[]> = {
  1: ['Ordered'],
  2: ['Awaiting Status Allocation', 'Design In Progress'],
  3: ['Programming', 'Machining'],
  4: ['Polishing', 'Quality Control', 'Ready for Dispatch'],
  5: ['Dispatched'],
};

export const planCaseHistory = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  const branch = col.branch.name;
  const stamps: [number, number | undefined][] = [
    [2, info.done.metrology],
    [3, info.done.design],
    [4, info.done.machining],
    [5, info.done.dispatched],
  ];
  let previous = 'Ordered';
  const audit = (at: number, by: { id: number; username: string }, changed: Record<string, unknown>) =>
    g.rows.caseAudit.push({
      case_uid: info.uid,
      modified_at: new Date(at),
      modified_by_id: by.id,
      modified_by: by.username,
      changed_values: changed,
    });
  for (const [stage, at] of stamps) {
    if (at === undefined) continue;
    const next =
      stage === info.stage && info.parent !== 'CANCELLED'
        ? info.status.name
        : (statusPath[stage]?.[0] ?? previous);
    const by = pickEmployee(g, departmentBefore(stage), branch);
    audit(at, by, { status: { old: previous, new: next } });
    previous = next;
  }
  const last =
    info.done.cancelled ?? info.done.dispatched ?? Math.max(info.start, g.now - between(g, 0.5, 10) * HOUR);
  if (previous !== info.status.name) {
    audit(last, pickEmployee(g, 'ADMIN', branch), { status: { old: previous, new: info.status.name } });
  }
  if (chance(g, 25)) {
    audit(info.start + between(g, 1, 20) * HOUR, pickEmployee(g, 'ADMIN', branch), {
      date_promised: { old: null, new: info.row.date_promised?.toISOString() ?? null },
    });
  }
  if (info.row.material_id && chance(g, 30)) {
    audit(info.start + between(g, 2, 24) * HOUR, pickEmployee(g, 'DESIGN', branch), {
      material: { old: null, new: g.ref.materialsByType.get('Zirconia')?.materials[0]?.name ?? 'Zirconia' },
    });
  }

  // Delegation: who had it in design, cleared when it moved on, and the current delegate.
  if (info.done.design && chance(g, 60)) {
    const designer = pickEmployee(g, 'DESIGN', branch);
    const lead = pickEmployee(g, 'ADMIN', branch);
    const assigned = (info.done.metrology ?? info.start) + between(g, 0.2, 2) * HOUR;
    g.rows.delegationAudit.push(
      {
        case_uid: info.uid,
        delegated_to_id: designer.id,
        modified_at: new Date(assigned),
        modified_by_id: lead.id,
        modified_by: lead.username,
      },
      {
        case_uid: info.uid,
        delegated_to_id: null,
        modified_at: new Date(info.done.design),
        modified_by_id: designer.id,
        modified_by: designer.username,
      },
    );
  }
  if (info.delegate && info.row.delegated_at) {
    const by = pickEmployee(g, 'ADMIN', branch);
    g.rows.delegationAudit.push({
      case_uid: info.uid,
      delegated_to_id: info.delegate.id,
      modified_at: info.row.delegated_at,
      modified_by_id: by.id,
      modified_by: by.username,
    });
  }
  planChecklist(g, col, info);
};

const departmentBefore = (stage: number): Department =>
  stage === 2 ? 'ADMIN' : stage === 3 ? 'DESIGN' : stage === 4 ? 'MACHINING' : 'POLISHING';

/** When each department finished with the case (undefined = not yet). */
const finishedAt = (info: CaseInfo): Record<string, number | undefined> => ({
  ADMIN: info.done.metrology,
  DESIGN: info.done.design,
  MACHINING: info.done.machining,
  POLISHING: info.done.dispatched,
  WAREHOUSE: info.done.dispatched,
});

/**
 * The case's QC checklist as it would stand now: every case gets its job type's items when it is created,
 * so every active (and recently dispatched) case has them. The departments it has passed ticked theirs
 * (a non-mandatory one sometimes as Not Required), polishing works through its own in the lab, and a case
 * at a dispatch-ready status or dispatched has every mandatory item ticked, as the dispatch gate demands.
 */
const planChecklist = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  const recentlyDispatched = info.done.dispatched !== undefined && info.done.dispatched > g.now - 60 * DAY;
  if (info.parent === 'CANCELLED' || (info.parent === 'DISPATCHED' && !recentlyDispatched)) return;
  const finished = finishedAt(info);
  if (info.status.dispatch_ready && info.done.dispatched === undefined) {
    // Ready for Dispatch: polishing and packing finished in the lab, after machining.
    const lab = Math.max(info.done.machining ?? info.start, g.now - between(g, 0.5, 8) * HOUR);
    finished['POLISHING'] = lab;
    finished['WAREHOUSE'] = lab;
  }
  const templates = g.ref.checklistTemplates.filter(
    (t) => t.job_type_id === null || t.job_type_id === info.jobType.id,
  );
  for (const t of templates) {
    const doneAt = finished[t.department];
    // In the lab, polishing works through its own items: some ticked already.
    const inProgress =
      doneAt === undefined && t.department === 'POLISHING' && info.parent === 'IN LAB' && chance(g, 50);
    const at = doneAt ?? (inProgress ? g.now - between(g, 0.5, 8) * HOUR : undefined);
    const checker = at === undefined ? null : pickEmployee(g, t.department as Department, col.branch.name);
    const notRequired = at !== undefined && !t.mandatory && chance(g, 15);
    g.rows.checklistItems.push({
      case_uid: info.uid,
      template_id: t.id,
      name: t.name,
      department: t.department,
      mandatory: t.mandatory,
      sort: t.sort,
      done: at !== undefined && !notRequired,
      not_required: notRequired,
      checked_at: at === undefined ? null : new Date(at),
      checked_by_id: checker?.id ?? null,
      checked_by_name: checker?.name ?? null,
    });
  }
};
