import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';

let test: TestApp;
let staff: SignedInUser;
beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
});
afterAll(() => test.close());

const get = (url: string, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'GET', url, headers });

const listFields = {
  '/api/v2/case/statuses/': [
    'id',
    'name',
    'parent_name',
    'description',
    'in_finishing',
    'in_production',
    'in_design',
    'dispatch_ready',
    'client_name',
  ],
  '/api/v2/case/employees/': [
    'id',
    'first_name',
    'last_name',
    'name',
    'username',
    'department',
    'all_departments',
    'main_branches',
  ],
  '/api/v2/case/branches/': ['id', 'name'],
  '/api/v2/case/materials/': ['id', 'name', 'material_type_id', 'material_type'],
  '/api/v2/case/material_types/': ['id', 'name'],
  '/api/v2/case/job_types/': ['id', 'name', 'virtual_product', 'requires_return_file', 'product_class'],
  '/api/v2/case/kit_list/': ['id', 'code', 'name', 'kind', 'kit_box_display', 'implant_qty'],
  '/api/v2/case/partners/': ['id', 'name', 'adapter_type'],
  '/api/v2/messages/types/': ['code', 'name', 'visibility'],
  '/api/v2/approvals/types/': ['code', 'name'],
  '/api/v2/collections/order_stages/': ['id', 'name'],
} as const;

describe('reference lists', () => {
  for (const [url, fields] of Object.entries(listFields)) {
    it(`GET ${url} answers a JSON array of rows with the spec's fields`, async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const rows = response.json<Record<string, unknown>[]>();
      expect(Array.isArray(rows)).toBe(true);
      expect(rows.length).toBeGreaterThan(0);
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual([...fields].sort());
    });

    it(`GET ${url} answers 401 without a token`, async () => {
      const response = await get(url, {});
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Invalid Token');
    });
  }

  it('lists statuses by parent (ORDERED first, CANCELLED last) with the seeded defaults', async () => {
    const rows = (await get('/api/v2/case/statuses/')).json<{ name: string; parent_name: string }[]>();
    expect(rows[0]?.parent_name).toBe('ORDERED');
    expect(rows.at(-1)?.parent_name).toBe('CANCELLED');
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'Awaiting Status Allocation', parent_name: 'IN DESIGN' }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'Ready for Dispatch', dispatch_ready: true }),
    );
  });

  it('lists every message type code of the spec with its visibility', async () => {
    const rows = (await get('/api/v2/messages/types/')).json<{ code: string; visibility: string }[]>();
    expect(rows).toHaveLength(15);
    expect(rows.find((r) => r.code === 'CLIENT_MESSAGE')?.visibility).toBe('CLIENTS');
    expect(rows.find((r) => r.code === 'OUTSOURCE_MESSAGE')?.visibility).toBe('PARTNERS');
    expect(rows.find((r) => r.code === 'CASE_NOTE')?.visibility).toBe('STAFF');
  });

  it('includes the signed-in employee in the employee list with a full name', async () => {
    const rows = (await get('/api/v2/case/employees/')).json<{ username: string; name: string }[]>();
    expect(rows.find((r) => r.username === staff.username)?.name).toMatch(/^Test User \d+$/);
  });

  it('knows both partners, the integrated one by its adapter', async () => {
    const rows = (await get('/api/v2/case/partners/')).json<{ adapter_type: string | null }[]>();
    expect(rows.map((r) => r.adapter_type)).toEqual(expect.arrayContaining([null, 'EVIDENT']));
  });
});

describe('implant catalogue by branch and country', () => {
  const branchId = async (name: string) =>
    (await get('/api/v2/case/branches/')).json<{ id: number; name: string }[]>().find((b) => b.name === name)
      ?.id;

  it('answers platforms with their default components', async () => {
    const melbourne = await branchId('Melbourne');
    const response = await get(`/api/v2/implant_platforms/${melbourne}/AU/`);
    expect(response.statusCode).toBe(200);
    const rows = response.json<{ name: string; default_components: Record<string, unknown> }[]>();
    expect(rows.length).toBeGreaterThan(3);
    expect(Object.keys(rows[0]?.default_components ?? {}).sort()).toEqual([
      'biaxial_screw',
      'straight_screw',
      'tibase',
    ]);
  });

  it('answers screws and ti-bases for the branch', async () => {
    const melbourne = await branchId('Melbourne');
    for (const url of [
      `/api/v2/components/screws/${melbourne}/au/`,
      `/api/v2/components/tibases/${melbourne}/AU/`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json<object[]>()[0] ?? {}).sort()).toEqual(['enabled', 'id', 'name']);
    }
  });

  it('offers a different catalogue in another branch and country', async () => {
    const melbourne = await branchId('Melbourne');
    const auckland = await branchId('Auckland');
    const au = (await get(`/api/v2/implant_platforms/${melbourne}/AU/`)).json<object[]>();
    const nz = (await get(`/api/v2/implant_platforms/${auckland}/NZ/`)).json<object[]>();
    expect(nz.length).toBeGreaterThan(0);
    expect(nz).not.toEqual(au);
  });

  it('answers an empty list for a branch with nothing available', async () => {
    expect((await get('/api/v2/implant_platforms/999999/AU/')).json()).toEqual([]);
  });

  it('answers 400 for a bad branch or country', async () => {
    const badBranch = await get('/api/v2/implant_platforms/abc/AU/');
    expect(badBranch.statusCode).toBe(400);
    expect(errorMessage(badBranch)).toBe('Invalid branch');
    const badCountry = await get('/api/v2/components/screws/1/AUS/');
    expect(badCountry.statusCode).toBe(400);
    expect(errorMessage(badCountry)).toBe('Invalid country');
  });
});
