import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  permissionTable,
  portalCollectionSchema,
  statusMessages,
  statusSchema,
  type Status,
} from '@lab/domain';
import { audit_events, statuses } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { createPortalCalls, jsonOf } from '../portal/portal-test-kit';

// PUT /api/v2/case/statuses/{status_id}/client_name/: an administrator names a status as clients see it.
// The statuses list and the client's portal follow at once; the change is audited.

let test: TestApp;
let admin: SignedInUser;
let designer: SignedInUser;
let collection: CreatedCollection;
let programmingId: number;

const statusIdOf = async (name: string): Promise<number> => {
  const [row] = await test.db.select({ id: statuses.id }).from(statuses).where(eq(statuses.name, name));
  if (!row) throw new Error(`no status ${name}`);
  return row.id;
};

const put = (user: SignedInUser | null, id: number | string, payload: unknown) =>
  test.app.inject({
    method: 'PUT',
    url: `/api/v2/case/statuses/${id}/client_name/`,
    headers: user?.headers ?? {},
    payload: payload as object,
  });

const listed = async (): Promise<Status[]> =>
  statusSchema
    .array()
    .parse(
      jsonOf(await test.app.inject({ method: 'GET', url: '/api/v2/case/statuses/', headers: admin.headers })),
    );

const portalStatuses = async (): Promise<string[]> => {
  const portal = portalCollectionSchema.parse(
    jsonOf(await createPortalCalls(test, collection.portal_key).load()),
  );
  return portal.cases.map((item) => item.status);
};

const auditRows = (id: number) =>
  test.db
    .select()
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'status'), eq(audit_events.entity_id, String(id))));

beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test, { department: 'ADMIN', admin: true });
  designer = await signInAs(test, { department: 'DESIGN' });
  collection = await createCollection(test.db, {
    cases: [{ statusName: 'Design Outsourced' }, { statusName: 'Programming' }],
  });
  programmingId = await statusIdOf('Programming');
});

afterAll(() => test.close());

describe('the seeded client-facing names', () => {
  it('shows Design Outsourced to clients as Design In Progress; every other status as itself', async () => {
    const list = await listed();
    expect(list.find((s) => s.name === 'Design Outsourced')?.client_name).toBe('Design In Progress');
    expect(list.filter((s) => s.client_name !== null).map((s) => s.name)).toEqual(['Design Outsourced']);
    expect(await portalStatuses()).toEqual(['Design In Progress', 'Programming']);
  });
});

describe('PUT /api/v2/case/statuses/{status_id}/client_name/', () => {
  it('answers 401 without a token', async () => {
    const response = await put(null, programmingId, { client_name: 'In Production' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 with the reason to an employee who is no administrator, and changes nothing', async () => {
    const response = await put(designer, programmingId, { client_name: 'In Production' });
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe(permissionTable.administer.reason);
    expect(await auditRows(programmingId)).toEqual([]);
  });

  it('answers 400 for a name over 80 characters, a missing name or a malformed id', async () => {
    const tooLong = await put(admin, programmingId, { client_name: 'x'.repeat(81) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { client_name: statusMessages.clientNameTooLong } },
    });
    const missing = await put(admin, programmingId, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { fields: { client_name: statusMessages.invalidClientName } },
    });
    const number = await put(admin, programmingId, { client_name: 42 });
    expect(number.statusCode).toBe(400);
    expect((await put(admin, 'abc', { client_name: 'In Production' })).statusCode).toBe(400);
    expect(await auditRows(programmingId)).toEqual([]);
  });

  it('answers 404 for a status that does not exist', async () => {
    const response = await put(admin, 999_999, { client_name: 'In Production' });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(statusMessages.statusNotFound);
  });

  it('sets the name (trimmed), audits it, and the list and the portal follow at once', async () => {
    // Both are remembered before the change (the list by this process, the portal's answer by its key).
    expect((await listed()).find((s) => s.id === programmingId)?.client_name).toBeNull();
    expect(await portalStatuses()).toEqual(['Design In Progress', 'Programming']);

    const response = await put(admin, programmingId, { client_name: '  In Production  ' });
    expect(response.statusCode).toBe(200);
    expect(statusSchema.parse(response.json())).toMatchObject({
      id: programmingId,
      name: 'Programming',
      client_name: 'In Production',
    });
    expect((await listed()).find((s) => s.id === programmingId)?.client_name).toBe('In Production');
    expect(await portalStatuses()).toEqual(['Design In Progress', 'In Production']);

    const rows = await auditRows(programmingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'client_name_set',
      actor_kind: 'staff',
      actor_reference: admin.username,
      changed_values: { status: 'Programming', client_name: { old: null, new: 'In Production' } },
    });
  });

  it('writes nothing when the name does not change', async () => {
    const response = await put(admin, programmingId, { client_name: 'In Production' });
    expect(response.statusCode).toBe(200);
    expect(await auditRows(programmingId)).toHaveLength(1);
  });

  it.each([null, '', '   ', 'Programming'])('goes back to the status itself for %j', async (clientName) => {
    await put(admin, programmingId, { client_name: 'In Production' });
    const response = await put(admin, programmingId, { client_name: clientName });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Programming', client_name: null });
    expect(await portalStatuses()).toEqual(['Design In Progress', 'Programming']);
  });

  it('lets the lab tell clients that design went to a partner, if it wants to', async () => {
    const outsourcedId = await statusIdOf('Design Outsourced');
    const response = await put(admin, outsourcedId, { client_name: null });
    expect(response.json()).toMatchObject({ name: 'Design Outsourced', client_name: null });
    expect((await portalStatuses())[0]).toBe('Design Outsourced');
    await put(admin, outsourcedId, { client_name: 'Design In Progress' });
    expect((await portalStatuses())[0]).toBe('Design In Progress');
  });
});
