import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortagesSchema } from '@lab/domain';
import { branches, case_component_lines, cases, component_stock, components } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection } from '../../testing/factories';

// Gauge MRP's shortages (issue 31) on a crafted set: three open cases want a part the branch holds three
// of; stock goes to the most urgent first, so the one due next is short, and the one due in a month is
// short too but outside the ten business days the page weighs.

let test: TestApp;
let designer: SignedInUser;
let restricted: SignedInUser;
let melbourneId: number;
const code = 'GEN-SHORT-1';
const day = 86_400_000;

const caseNeeding = async (quantity: number, dueInDays: number) => {
  const collection = await createCollection(test.db, {
    branch: 'Melbourne',
    cases: [{ statusName: 'Polishing' }],
  });
  const caseRow = collection.cases[0];
  if (!caseRow) throw new Error('no case');
  const [part] = await test.db.select().from(components).where(eq(components.code, code));
  await test.db
    .insert(case_component_lines)
    .values({ case_uid: caseRow.uid, kind: 'generic', component_id: part?.id ?? 0, quantity });
  await test.db
    .update(cases)
    .set({ internal_due: new Date(Date.now() + dueInDays * day) })
    .where(eq(cases.uid, caseRow.uid));
  return caseRow;
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  restricted = await signInAs(test, { department: 'DESIGN', restricted: true });
  const [branch] = await test.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.name, 'Melbourne'));
  melbourneId = branch?.id ?? 0;
  const [part] = await test.db
    .insert(components)
    .values({ code, name: 'Generic short part', component_type: 'Generic', kind: 'generic' })
    .returning();
  await test.db
    .insert(component_stock)
    .values({ component_id: part?.id ?? 0, branch_id: melbourneId, quantity_on_hand: 3 });
}, 180_000);
afterAll(() => test.close());

describe('GET /api/v2/gauge_mrp/shortages/', () => {
  it('gives stock to the most urgent cases and lists those due soon that are left short', async () => {
    const first = await caseNeeding(2, 2);
    const second = await caseNeeding(2, 4);
    const later = await caseNeeding(5, 40);
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v2/gauge_mrp/shortages/?branch_id=${melbourneId}`,
      headers: designer.headers,
    });
    expect(response.statusCode).toBe(200);
    const answer = shortagesSchema.parse(response.json());
    const part = answer.parts.find((item) => item.code === code);
    expect(part).toMatchObject({ on_hand: 3, short: 1 });
    expect(part?.cases.map((item) => [item.case_uid, item.short])).toEqual([[second.uid, 1]]);
    const listed = answer.parts.flatMap((item) => item.cases.map((shortCase) => shortCase.case_uid));
    expect(listed).not.toContain(first.uid);
    expect(listed).not.toContain(later.uid);
    expect(Date.parse(answer.window_end)).toBeGreaterThan(Date.now() + 9 * day);
  });

  it('marks the case left short on its own, and not the case served first', async () => {
    const served = await caseNeeding(1, -1);
    const shortOne = await caseNeeding(9, 1);
    const ask = (caseUid: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/v2/gauge_mrp/shortages/case/${caseUid}/`,
        headers: restricted.headers,
      });
    const short = await ask(shortOne.uid);
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({ parts: [{ code, short: expect.any(Number) }] });
    expect((await ask(served.uid)).json()).toEqual({ parts: [] });
    const notUuid = await ask('nope');
    expect(notUuid.statusCode).toBe(400);
  });

  it('is not for restricted employees', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v2/gauge_mrp/shortages/',
      headers: restricted.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe('Gauge MRP is not available to your account');
  });
});
