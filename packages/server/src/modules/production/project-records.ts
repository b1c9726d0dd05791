import { asc, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  maxDatabaseInteger,
  productionMessages,
  toIso,
  type CalendarProject,
  type MachineProjectStatus,
} from '@lab/domain';
import type { Queryable, Tx } from '../../db/client';
import { cases, job_types, machine_projects, users } from '../../db/schema/index';
import { userName } from '../collections/collection-queries';

// Reading projects the way the calendar shows them (with their cases and who created them), and loading
// one for a write.

export type ProjectRow = typeof machine_projects.$inferSelect;

export const projectNotFound = (): AppError =>
  new AppError('not_found', { message: productionMessages.projectNotFound });

/** A path id that cannot name a row (not digits, too large) is 404 like one that names none. */
export const parseProjectId = (raw: string): number | null => {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= maxDatabaseInteger ? id : null;
};

/** The project, locked for the rest of the transaction so two moves of it run one after another. */
export const loadProjectForUpdate = async (tx: Tx, rawId: string): Promise<ProjectRow> => {
  const id = parseProjectId(rawId);
  if (id === null) throw projectNotFound();
  const [row] = await tx.select().from(machine_projects).where(eq(machine_projects.id, id)).for('update');
  if (!row) throw projectNotFound();
  return row;
};

/** Projects as the calendar answers them: two statements for any number of projects. */
export const presentProjects = async (
  db: Queryable,
  rows: readonly ProjectRow[],
): Promise<CalendarProject[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const caseRows = await db
    .select({
      project_id: cases.machine_project_id,
      uid: cases.uid,
      case_id: cases.case_id,
      case_mkey: cases.case_mkey,
      collection_uid: cases.collection_uid,
      job_type: job_types.name,
    })
    .from(cases)
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .where(inArray(cases.machine_project_id, ids))
    .orderBy(asc(cases.case_mkey));
  const creatorIds = [...new Set(rows.flatMap((r) => (r.created_by_id === null ? [] : [r.created_by_id])))];
  const creators =
    creatorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, name: userName(users) })
          .from(users)
          .where(inArray(users.id, creatorIds));
  const nameOf = new Map(creators.map((c) => [c.id, c.name]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    machine_id: row.machine_id,
    branch_id: row.branch_id,
    start_time: toIso(row.start_time),
    end_time: toIso(row.end_time),
    status: row.status as MachineProjectStatus,
    color: row.color,
    cases: caseRows.filter((c) => c.project_id === row.id).map(({ project_id: _projectId, ...c }) => c),
    created_by: row.created_by_id === null ? null : (nameOf.get(row.created_by_id) ?? null),
  }));
};

export const presentProject = async (db: Queryable, row: ProjectRow): Promise<CalendarProject> => {
  const [project] = await presentProjects(db, [row]);
  if (!project) throw projectNotFound();
  return project;
};

/** The collections of a project's cases: their open pages show the project, so they are told of changes. */
export const findProjectCollections = async (tx: Tx, projectId: number): Promise<string[]> => {
  const rows = await tx
    .selectDistinct({ uid: cases.collection_uid })
    .from(cases)
    .where(eq(cases.machine_project_id, projectId));
  return rows.map((r) => r.uid);
};
