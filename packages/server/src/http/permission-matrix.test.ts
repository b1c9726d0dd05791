import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseActionPermissions,
  collectionActionPermissions,
  departments,
  permissionTable,
  type ActionPermission,
  type Permission,
} from '@lab/domain';
import { createCollection } from '../testing/factories';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';

// The role × route matrix, generated from the live route table and the domain's permission table: every
// staff write route (and every case and collection action) for an employee of each department, a
// restricted one and an admin. Whoever lacks the permission gets 403 with its reason and no 2xx; whoever
// holds it never meets that refusal; nobody gets a 5xx. Anonymous callers reach no staff route, and keys
// that name nothing reach no portal or partner route.

let test: TestApp;
let collectionUid: string;
let caseUid: string;
let caseId: number;
let caseMkey: string;

type Role = { name: string; user: SignedInUser; holds: (p: Permission) => boolean };
let roles: Role[] = [];

beforeAll(async () => {
  test = await createTestApp();
  const collection = await createCollection(test.db, { cases: [{}, {}] });
  collectionUid = collection.uid;
  const [first] = collection.cases;
  caseUid = first?.uid ?? '';
  caseId = first?.case_id ?? 0;
  caseMkey = first?.case_mkey ?? '';
  roles = [];
  for (const department of departments) {
    const user = await signInAs(test, { department });
    roles.push({ name: department, user, holds: (p) => permissionTable[p].departments.includes(department) });
  }
  const restricted = await signInAs(test, { department: 'SUPPORT', restricted: true });
  roles.push({
    name: 'restricted SUPPORT',
    user: restricted,
    holds: (p) => permissionTable[p].departments.includes('SUPPORT') && !permissionTable[p].restrictedSystem,
  });
  roles.push({
    name: 'admin',
    user: await signInAs(test, { department: 'DESIGN', admin: true }),
    holds: () => true,
  });
}, 120_000);
afterAll(() => test.close());

const fill = (url: string): string =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    if (name === 'uid' || name === 'collection_uid') return collectionUid;
    if (name === 'case_id') return String(caseId);
    if (name === 'case_mkey') return caseMkey;
    if (/uid/i.test(name)) return caseUid;
    if (name === 'country') return 'AU';
    if (name === 'branch') return '1';
    if (name === 'code') return 'X';
    return '1';
  });

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const staffWrites = () =>
  test.app.routeAccessTable.filter((r) => r.access === 'staff' && writeMethods.has(r.method));

const reasonOf = (needed: ActionPermission): string =>
  typeof needed === 'string' ? permissionTable[needed].reason : needed.refusal;
const permissionOf = (needed: ActionPermission): Permission =>
  typeof needed === 'string' ? needed : needed.permission;

type Outcome = { label: string; status: number; message: string | undefined };

const send = async (role: Role, method: string, url: string, payload: object): Promise<Outcome> => {
  // A page is opened with the session cookie (a token would send the visitor to sign in first).
  const isPage = !url.startsWith('/api/');
  const response = await test.app.inject({
    method: method as 'POST',
    url,
    headers: isPage ? { cookie: role.user.cookie } : role.user.headers,
    ...(method === 'GET' ? {} : { payload }),
  });
  // A 204 (a delete) has no body; a page answers HTML.
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  const body = response.body && isJson ? response.json<{ error?: { message?: string } }>() : undefined;
  return {
    label: `${role.name} ${method} ${url} ${JSON.stringify(payload)}`,
    status: response.statusCode,
    message: body?.error?.message,
  };
};

/** The rows of the matrix that break the rule, as readable lines. */
const breaches = (outcome: Outcome, holds: boolean, refusal: string): string[] => {
  const found: string[] = [];
  if (outcome.status >= 500) found.push(`${outcome.status} ${outcome.label}`);
  if (!holds && (outcome.status !== 403 || outcome.message !== refusal))
    found.push(`expected 403 "${refusal}": ${outcome.status} ${outcome.message} ${outcome.label}`);
  if (holds && outcome.status === 403 && outcome.message === refusal)
    found.push(`refused though permitted: ${outcome.label}`);
  return found;
};

describe('the role × route matrix', () => {
  it('names a permission on every staff write route', () => {
    expect(staffWrites().length).toBeGreaterThan(40);
    expect(staffWrites().filter((r) => !r.permission)).toEqual([]);
  });

  it('refuses every staff write route to whoever lacks its permission, with its reason, and never fails', async () => {
    const found: string[] = [];
    for (const route of staffWrites()) {
      if (route.permission === 'per_action' || !route.permission) continue;
      const permission = route.permission;
      for (const role of roles) {
        const outcome = await send(role, route.method, fill(route.url), {});
        // A route with the spec's own words for its refusal keeps them.
        const refusal = route.refusal ?? permissionTable[permission].reason;
        found.push(...breaches(outcome, role.holds(permission), refusal));
      }
    }
    expect(found).toEqual([]);
  });

  it('refuses every case action to whoever lacks its permission', async () => {
    const found: string[] = [];
    for (const [action, permission] of Object.entries(caseActionPermissions)) {
      for (const role of roles) {
        const outcome = await send(role, 'POST', `/api/v2/case/${caseId}/`, { action });
        found.push(...breaches(outcome, role.holds(permission), permissionTable[permission].reason));
      }
    }
    expect(found).toEqual([]);
  });

  it('asks of edit_case what its fields need: a status change of the benches, a job type of the office', async () => {
    const warehouse = roles.find((r) => r.name === 'WAREHOUSE');
    const sales = roles.find((r) => r.name === 'SALES');
    if (!warehouse || !sales) throw new Error('roles missing');
    const jobType = await send(warehouse, 'POST', `/api/v2/case/${caseId}/`, {
      action: 'edit_case',
      case: { job_type_id: 1 },
    });
    expect([jobType.status, jobType.message]).toEqual([403, permissionTable.edit_case_details.reason]);
    const status = await send(sales, 'POST', `/api/v2/case/${caseId}/`, {
      action: 'edit_case',
      case: { status_id: 1 },
    });
    expect([status.status, status.message]).toEqual([403, permissionTable.change_status.reason]);
    const warehouseStatus = await send(warehouse, 'POST', `/api/v2/case/${caseId}/`, {
      action: 'edit_case',
      case: { status_id: 999_999 },
    });
    expect(warehouseStatus.status).not.toBe(403);
  });

  it('refuses every collection action to whoever lacks its permission', async () => {
    const found: string[] = [];
    for (const [action, needed] of Object.entries(collectionActionPermissions)) {
      for (const role of roles) {
        const outcome = await send(role, 'POST', `/api/v2/collection/${collectionUid}/`, { action });
        found.push(...breaches(outcome, role.holds(permissionOf(needed)), reasonOf(needed)));
      }
    }
    expect(found).toEqual([]);
  });

  it('keeps the restricted systems’ data, reads included, from a restricted employee alone', async () => {
    const found: string[] = [];
    const systemRoutes = test.app.routeAccessTable.filter((r) => r.restrictedSystem && r.method === 'GET');
    expect(systemRoutes.length).toBeGreaterThanOrEqual(3);
    for (const route of systemRoutes) {
      for (const role of roles) {
        const outcome = await send(role, 'GET', fill(route.url), {});
        const isRestricted = role.name === 'restricted SUPPORT';
        const refused =
          outcome.status === 403 &&
          outcome.message === `${route.restrictedSystem} is not available to your account`;
        if (isRestricted !== refused) found.push(`${outcome.status} ${outcome.message} ${outcome.label}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('lets no anonymous caller reach a staff route, and no key that names nothing a portal or partner route', async () => {
    const found: string[] = [];
    for (const route of test.app.routeAccessTable) {
      if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      if (route.access !== 'staff' && route.access !== 'portal' && route.access !== 'partner') continue;
      // A key of the right length that names nothing; the other ids those of a real collection.
      const url = fill(route.url.replace(/:(portal_key|outsource_key)/g, 'k'.repeat(32)));
      const response = await test.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const expected = route.access === 'staff' ? [401] : [404, 429];
      if (!expected.includes(response.statusCode))
        found.push(`${response.statusCode} ${route.method} ${url}`);
    }
    expect(found).toEqual([]);
  });
});
