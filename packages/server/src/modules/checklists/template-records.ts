import { asc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  checklistMessages,
  fieldError,
  type ChecklistDepartment,
  type ChecklistTemplate,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Queryable, Tx } from '../../db/client';
import { checklist_templates, job_types } from '../../db/schema/index';

// What the template calls share: the admin check, reading templates as the wire shows them, and the
// job type a template names.

export type TemplateRow = typeof checklist_templates.$inferSelect;

/** Reference data is the admin's to change (domain-decisions 'Roles'). */
export const requireAdmin = (actor: StaffActor): void => {
  if (!actor.admin) throw new AppError('forbidden', { message: checklistMessages.adminOnly });
};

const templateNotFound = () => new AppError('not_found', { message: checklistMessages.templateNotFound });

export const parseTemplateId = (raw: string): number => {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw templateNotFound();
  return id;
};

const templateColumns = {
  id: checklist_templates.id,
  job_type_id: checklist_templates.job_type_id,
  job_type: job_types.name,
  name: checklist_templates.name,
  department: checklist_templates.department,
  mandatory: checklist_templates.mandatory,
  sort: checklist_templates.sort,
  is_active: checklist_templates.is_active,
};

type TemplateSelect = Omit<ChecklistTemplate, 'department'> & { department: string };

const present = (row: TemplateSelect): ChecklistTemplate => ({
  ...row,
  department: row.department as ChecklistDepartment,
});

/** Every template, deactivated ones too (the admin may bring one back): by job type, then list order. */
export const listTemplateRows = async (q: Queryable): Promise<ChecklistTemplate[]> => {
  const rows = await q
    .select(templateColumns)
    .from(checklist_templates)
    .leftJoin(job_types, eq(job_types.id, checklist_templates.job_type_id))
    .orderBy(sql`${job_types.name} NULLS FIRST`, asc(checklist_templates.sort), asc(checklist_templates.id));
  return rows.map(present);
};

export const presentTemplate = async (q: Queryable, id: number): Promise<ChecklistTemplate> => {
  const [row] = await q
    .select(templateColumns)
    .from(checklist_templates)
    .leftJoin(job_types, eq(job_types.id, checklist_templates.job_type_id))
    .where(eq(checklist_templates.id, id))
    .limit(1);
  if (!row) throw templateNotFound();
  return present(row);
};

export const lockTemplate = async (tx: Tx, id: number): Promise<TemplateRow> => {
  const [row] = await tx
    .select()
    .from(checklist_templates)
    .where(eq(checklist_templates.id, id))
    .limit(1)
    .for('update');
  if (!row) throw templateNotFound();
  return row;
};

/** The job type's name for the audit row; an id naming none is the form's field error. */
export const requireJobType = async (q: Queryable, jobTypeId: number | null): Promise<string | null> => {
  if (jobTypeId === null) return null;
  const [row] = await q
    .select({ name: job_types.name })
    .from(job_types)
    .where(eq(job_types.id, jobTypeId))
    .limit(1);
  if (!row) throw fieldError('job_type_id', checklistMessages.unknownJobType);
  return row.name;
};

/** A new template goes last in its job type's list. */
export const nextTemplateSort = async (q: Queryable, jobTypeId: number | null): Promise<number> => {
  const [row] = await q
    .select({ last: sql<number>`coalesce(max(${checklist_templates.sort}), -1)::int` })
    .from(checklist_templates)
    .where(
      jobTypeId === null
        ? sql`${checklist_templates.job_type_id} IS NULL`
        : eq(checklist_templates.job_type_id, jobTypeId),
    );
  return Math.min(Number(row?.last ?? -1) + 1, 32_767);
};
