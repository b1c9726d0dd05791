import { and, asc, eq } from 'drizzle-orm';
import { audit_events, branches, machine_projects, machines } from '../../db/schema/index';
import type { SignedInUser, TestApp } from '../../testing';

// Rows and calls the production tests share: machines and projects as the demo seeds them, and the
// production routes through app.inject.

export const branchIdOf = async (test: TestApp, name: string): Promise<number> => {
  const [row] = await test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, name));
  if (!row) throw new Error(`no branch ${name}`);
  return row.id;
};

export const createMachine = async (
  test: TestApp,
  options: { branch?: string; name?: string; isActive?: boolean } = {},
) => {
  const branchId = await branchIdOf(test, options.branch ?? 'Melbourne');
  const [row] = await test.db
    .insert(machines)
    .values({ name: options.name ?? 'Test Mill', branch_id: branchId, is_active: options.isActive ?? true })
    .returning();
  if (!row) throw new Error('machine not created');
  return row;
};

export const createProject = async (
  test: TestApp,
  options: {
    machine: { id: number; branch_id: number } | null;
    branchId?: number;
    name?: string;
    start?: Date | null;
    end?: Date | null;
    status?: 'Pending' | 'Ready' | 'Complete';
  },
) => {
  const [row] = await test.db
    .insert(machine_projects)
    .values({
      name: options.name ?? 'MEL-TEST',
      machine_id: options.machine?.id ?? null,
      branch_id: options.branchId ?? options.machine?.branch_id ?? 0,
      start_time: options.start ?? null,
      end_time: options.end ?? null,
      status: options.status ?? 'Pending',
    })
    .returning();
  if (!row) throw new Error('project not created');
  return row;
};

export const projectRow = async (test: TestApp, id: number) =>
  (await test.db.select().from(machine_projects).where(eq(machine_projects.id, id)))[0];

/** The audit_events rows of one machine project, oldest first. */
export const projectAuditOf = (test: TestApp, id: number) =>
  test.db
    .select({
      action: audit_events.action,
      actor_reference: audit_events.actor_reference,
      changed_values: audit_events.changed_values,
    })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'machine_project'), eq(audit_events.entity_id, String(id))))
    .orderBy(asc(audit_events.id));

export const createProductionCalls = (test: TestApp, user: SignedInUser) => ({
  calendar: (query: string) =>
    test.app.inject({ method: 'GET', url: `/api/v2/machines/calendar/?${query}`, headers: user.headers }),
  move: (id: number | string, payload: unknown) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v2/machine_project/${id}/`,
      headers: user.headers,
      payload: payload as object,
    }),
  create: (payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v2/machine_projects/',
      headers: user.headers,
      payload: payload as object,
    }),
  status: (id: number | string, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v2/machine_project/${id}/status/`,
      headers: user.headers,
      payload: payload as object,
    }),
  queue: (query: string) =>
    test.app.inject({ method: 'GET', url: `/api/v2/work_queue/?${query}`, headers: user.headers }),
});

/** A Melbourne-morning instant on a fixed future Monday, so tests never depend on today's date. */
export const at = (time: string, day = '2031-03-03'): Date => new Date(`${day}T${time}:00+11:00`);
