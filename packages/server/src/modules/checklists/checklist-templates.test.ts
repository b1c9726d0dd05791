import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseChecklistSchema,
  checklistDepartments,
  checklistTemplateListSchema,
  checklistTemplateSchema,
  type ChecklistTemplate,
} from '@lab/domain';
import { job_types, statuses } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';
import { auditRowsOf } from './checklists-test-kit';

// The checklist templates through the real app: staff read them, only admins add, edit and deactivate
// them, each change audited; a case created afterwards gets the active ones of its job type.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let nightguardId: number;

const url = '/api/v2/checklist_templates/';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', user: SignedInUser, path = '', payload?: object) =>
  test.app.inject({ method, url: `${url}${path}`, headers: user.headers, ...(payload ? { payload } : {}) });

const listTemplates = async (): Promise<ChecklistTemplate[]> =>
  checklistTemplateListSchema.parse((await call('GET', staff)).json());

const idOf = async (table: typeof job_types | typeof statuses, name: string): Promise<number> => {
  const [row] = await test.db.select({ id: table.id }).from(table).where(eq(table.name, name));
  if (!row) throw new Error(`no ${name}`);
  return row.id;
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'POLISHING' });
  admin = await signInAs(test, { department: 'ADMIN', admin: true });
  nightguardId = await idOf(job_types, 'Nightguard');
});
afterAll(() => test.close());

describe('GET /api/v2/checklist_templates/', () => {
  it('lists steps for every job type, across several departments, some mandatory', async () => {
    const response = await call('GET', staff);
    expect(response.statusCode).toBe(200);
    const templates = checklistTemplateListSchema.parse(response.json());
    const jobTypes = await test.db.select({ name: job_types.name }).from(job_types);
    for (const { name } of jobTypes) {
      const own = templates.filter((t) => t.job_type === name);
      expect(new Set(own.map((t) => t.department)).size, name).toBeGreaterThanOrEqual(2);
      expect(
        own.some((t) => t.mandatory),
        name,
      ).toBe(true);
    }
    expect(new Set(templates.map((t) => t.department))).toEqual(new Set(checklistDepartments));
  });

  it('answers 401 without a token', async () => {
    const response = await test.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
  });
});

describe('template writes', () => {
  it('refuses staff who are not admins with 403', async () => {
    const [first] = await listTemplates();
    const body = { job_type_id: nightguardId, name: 'Box sealed', department: 'WAREHOUSE' };
    for (const response of [
      await call('POST', staff, '', body),
      await call('PATCH', staff, `${first?.id}/`, { name: 'Renamed' }),
      await call('DELETE', staff, `${first?.id}/`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorMessage(response)).toBe('Only an admin can change checklist templates');
    }
    expect((await listTemplates()).find((t) => t.id === first?.id)).toEqual(first);
  });

  it('adds a template last in its job type, audited', async () => {
    const response = await call('POST', admin, '', {
      job_type_id: nightguardId,
      name: '  Box sealed  ',
      department: 'WAREHOUSE',
      mandatory: true,
    });
    expect(response.statusCode).toBe(201);
    const created = checklistTemplateSchema.parse(response.json());
    expect(created).toMatchObject({
      job_type_id: nightguardId,
      job_type: 'Nightguard',
      name: 'Box sealed',
      department: 'WAREHOUSE',
      mandatory: true,
      is_active: true,
    });
    const own = (await listTemplates()).filter((t) => t.job_type_id === nightguardId);
    expect(own.at(-1)?.id).toBe(created.id);
    expect(await auditRowsOf(test, 'checklist_template', created.id)).toEqual([
      expect.objectContaining({
        action: 'created',
        actor_reference: admin.username,
        changed_values: expect.objectContaining({
          job_type: { old: null, new: 'Nightguard' },
          name: { old: null, new: 'Box sealed' },
          mandatory: { old: null, new: true },
        }),
      }),
    ]);
  });

  it('answers 400 with the field messages for a blank name, no department or an unknown job type', async () => {
    const blank = await call('POST', admin, '', {
      job_type_id: nightguardId,
      name: ' ',
      department: 'ADMIN',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: { fields: { name: 'Cannot be blank' } } });
    const noDepartment = await call('POST', admin, '', { job_type_id: nightguardId, name: 'Box sealed' });
    expect(noDepartment.statusCode).toBe(400);
    expect(noDepartment.json()).toMatchObject({ error: { fields: { department: 'Must be selected' } } });
    const unknown = await call('POST', admin, '', { job_type_id: 99_999, name: 'Box', department: 'ADMIN' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { fields: { job_type_id: 'Unknown job type' } } });
  });

  it('edits a template, auditing only what changed', async () => {
    const target = (await listTemplates()).find((t) => t.job_type_id === nightguardId && !t.mandatory);
    const response = await call('PATCH', admin, `${target?.id}/`, {
      name: 'Fit checked on the model',
      mandatory: true,
      department: target?.department,
    });
    expect(response.statusCode).toBe(200);
    expect(checklistTemplateSchema.parse(response.json())).toMatchObject({
      id: target?.id,
      name: 'Fit checked on the model',
      mandatory: true,
    });
    expect(
      (await auditRowsOf(test, 'checklist_template', target?.id ?? 0)).map((r) => r.changed_values),
    ).toEqual([
      {
        name: { old: target?.name, new: 'Fit checked on the model' },
        mandatory: { old: false, new: true },
      },
    ]);
    const missing = await call('PATCH', admin, '99999/', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(errorMessage(missing)).toBe('Checklist template not found');
  });

  it('deactivates a template: still listed, copied onto no new case; PATCH brings it back', async () => {
    const own = (await listTemplates()).filter((t) => t.job_type_id === nightguardId && t.is_active);
    const retired = own[0];
    const response = await call('DELETE', admin, `${retired?.id}/`);
    expect(response.statusCode).toBe(200);
    expect(checklistTemplateSchema.parse(response.json())).toMatchObject({
      id: retired?.id,
      is_active: false,
    });
    expect((await auditRowsOf(test, 'checklist_template', retired?.id ?? 0)).map((r) => r.action)).toEqual([
      'deactivated',
    ]);

    // A new Nightguard gets the active steps, the new one included, in list order.
    const collection = await createCollection(test.db, { cases: [] });
    const added = await test.app.inject({
      method: 'POST',
      url: `/api/v2/collection/${collection.uid}/component/`,
      headers: admin.headers,
      payload: {
        job_type_id: nightguardId,
        dentate: 'UPPER',
        status_id: await idOf(statuses, 'Awaiting Status Allocation'),
      },
    });
    expect(added.statusCode).toBe(201);
    const caseUid = (added.json() as { uid: string }).uid;
    const checklist = caseChecklistSchema.parse(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/v2/checklists/${caseUid}/`,
          headers: staff.headers,
        })
      ).json(),
    );
    const active = (await listTemplates()).filter((t) => t.job_type_id === nightguardId && t.is_active);
    expect(checklist.checklist.map((item) => item.name)).toEqual(active.map((t) => t.name));
    expect(checklist.checklist.map((item) => item.name)).toContain('Box sealed');
    expect(checklist.checklist.every((item) => !item.done && !item.not_required)).toBe(true);

    const back = await call('PATCH', admin, `${retired?.id}/`, { is_active: true });
    expect(back.json()).toMatchObject({ is_active: true });
  });
});
