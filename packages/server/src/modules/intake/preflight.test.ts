import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAnswerSchema, preflightReportSchema, type OrderAnswer } from '@lab/domain';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { makePlatformKey, putFile, sendOrder, type TestPlatformKey } from './intake-test-kit';
import { generateDentalArchStl } from './mesh/generate-sample-scan';
import { buildSampleOrder, type SampleOrderFlaw } from './sample-order';

// GET /api/v2/case/{case_uid}/preflight/ on orders sent through the real API with real generated scans:
// a whole order is ready, a scan in metres blocks with its factor, a missing bite blocks, a scan not yet
// sent warns, a truncated one blocks; readings are kept per file.

let test: TestApp;
let staff: SignedInUser;
let key: TestPlatformKey;

const orderWith = async (flaw: SampleOrderFlaw, seed: number, skip: string[] = []): Promise<OrderAnswer> => {
  const sample = buildSampleOrder({ platform: 'oep', seed, flaw });
  const response = await sendOrder(test, key, sample.order);
  const answer = orderAnswerSchema.parse(response.json());
  for (const file of answer.files) {
    const name = file.fileName.slice(file.fileName.indexOf('/') + 1);
    const bytes = sample.files.get(name);
    if (!bytes || skip.includes(name)) continue;
    const put = await putFile(test, file.oneTimeUploadLink, bytes);
    if (put.statusCode >= 300) throw new Error(`${name}: ${put.statusCode} ${put.body}`);
  }
  return answer;
};

const preflightOf = async (caseUid: string) => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/case/${caseUid}/preflight/`,
    headers: staff.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return preflightReportSchema.parse(response.json());
};

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  key = await makePlatformKey(test, await signInAs(test, { admin: true }));
});
afterAll(() => test.close());

describe('the pre-flight of an order’s cases', () => {
  it('finds a whole order ready', async () => {
    const answer = await orderWith('none', 11);
    for (const c of answer.cases) expect(await preflightOf(c.case_uid)).toEqual({ ready: true, checks: [] });
  });

  it('blocks a scan in metres, naming the factor, and keeps the reading', async () => {
    const answer = await orderWith('metres', 12);
    const bridge = answer.cases[0]?.case_uid ?? '';
    const report = await preflightOf(bridge);
    expect(report.ready).toBe(false);
    expect(report.checks).toHaveLength(1);
    expect(report.checks[0]).toMatchObject({ code: 'mesh_units', severity: 'block' });
    expect(report.checks[0]?.message).toContain('upper-arch.stl');
    expect(report.checks[0]?.message).toContain('×1000');
    // Read again from the kept reading: the same report.
    expect(await preflightOf(bridge)).toEqual(report);
  });

  it('blocks a missing bite, and warns while a named scan has not arrived', async () => {
    const missing = await orderWith('missing-scan', 13);
    const crown = await preflightOf(missing.cases[1]?.case_uid ?? '');
    expect(crown.checks.map((c) => [c.code, c.severity])).toEqual([['file_missing', 'block']]);

    const late = await orderWith('none', 14, ['lower-arch.stl']);
    const lateCrown = await preflightOf(late.cases[1]?.case_uid ?? '');
    // Named by the order, so not missing: on its way.
    expect(lateCrown.checks.map((c) => [c.code, c.severity])).toEqual([['file_not_received', 'warn']]);
  });

  it('refuses a truncated scan at its upload, and blocks one with broken vertices', async () => {
    const sample = buildSampleOrder({ platform: 'oep', seed: 15, flaw: 'none' });
    const answer = orderAnswerSchema.parse((await sendOrder(test, key, sample.order)).json());
    const linkOf = (name: string) =>
      answer.files.find((f) => f.fileName.endsWith(`/${name}`))?.oneTimeUploadLink ?? null;
    for (const [name, bytes] of sample.files) {
      if (name !== 'lower-arch.stl' && name !== 'bite.stl') await putFile(test, linkOf(name), bytes);
    }
    // Cut off part-way, as an interrupted export leaves it: the upload itself refuses it.
    const whole = generateDentalArchStl({ facets: 5000 });
    const cut = await putFile(test, linkOf('lower-arch.stl'), whole.slice(0, 84 + 50 * 4000 + 17));
    expect(cut.statusCode).toBe(400);
    // Whole, but its first corner is not a number: the upload takes it, pre-flight blocks it.
    const broken = generateDentalArchStl({ facets: 5000, seed: 9 });
    new DataView(broken.buffer).setFloat32(84 + 12, Number.NaN, true);
    expect((await putFile(test, linkOf('bite.stl'), broken)).statusCode).toBeLessThan(300);
    const bridge = await preflightOf(answer.cases[0]?.case_uid ?? '');
    expect(bridge.checks.map((c) => [c.code, c.severity])).toEqual([['mesh_non_finite', 'block']]);
    const crown = await preflightOf(answer.cases[1]?.case_uid ?? '');
    expect(crown.checks.map((c) => [c.code, c.severity])).toEqual([
      ['mesh_non_finite', 'block'],
      ['file_not_received', 'warn'],
    ]);
  });

  it('answers 404 for a case that does not exist', async () => {
    for (const uid of ['00000000-0000-0000-0000-000000000000', 'not-a-uid']) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/v2/case/${uid}/preflight/`,
        headers: staff.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Case not found');
    }
  });
});

describe('the scans a job type needs, as an admin sets them', () => {
  it('lists them for everyone and lets an admin change them, which the next pre-flight follows', async () => {
    const admin = await signInAs(test, { admin: true });
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/v2/job_types/required_scans/',
      headers: staff.headers,
    });
    expect(listed.statusCode).toBe(200);
    const crownType = (listed.json() as { job_type_id: number; job_type: string; kinds: string[] }[]).find(
      (t) => t.job_type === 'Screw-Retained Crown',
    );
    expect(crownType?.kinds.sort()).toEqual(['arch_scan', 'bite_scan', 'opposing_scan', 'scan_body_scan']);

    const missing = await orderWith('missing-scan', 41);
    const crown = missing.cases[1]?.case_uid ?? '';
    expect((await preflightOf(crown)).ready).toBe(false);
    const put = (kinds: unknown, user = admin, id = crownType?.job_type_id ?? 0) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/v2/job_types/${id}/required_scans/`,
        headers: user.headers,
        payload: { kinds },
      });
    const changed = await put(['arch_scan', 'scan_body_scan']);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().kinds).toEqual(['arch_scan', 'scan_body_scan']);
    expect(await preflightOf(crown)).toEqual({ ready: true, checks: [] });

    expect((await put(['arch_scan'], staff)).statusCode).toBe(403);
    expect((await put(['photo'])).statusCode).toBe(400);
    expect((await put(['arch_scan', 'arch_scan'])).statusCode).toBe(400);
    expect((await put(['arch_scan'], admin, 99_999)).statusCode).toBe(404);
  });
});
