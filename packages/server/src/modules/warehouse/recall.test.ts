import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recallNoticeTemplate, recallRecordSchema, recallSchema } from '@lab/domain';
import {
  case_component_lines,
  cases,
  components,
  material_types,
  materials,
  pick_items,
  picking_slips,
} from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, createImplant } from '../../testing/factories';
import { waitForMail } from '../../mail/mail-test-kit';
import { deriveMissingPickLots } from './pick-lots';

// The recall (issue 31): GET /api/v2/recall/?article=&lot= lists every case that used a lot, from the lots
// the warehouse recorded on picked slips and from the material batches recorded on cases, once per case.

let test: TestApp;
let designer: SignedInUser;
let warehouse: SignedInUser;
let restricted: SignedInUser;

const puck = 'ZR-PUCK-98';

const recall = (user: SignedInUser, article: string, lot: string) =>
  test.app.inject({
    method: 'GET',
    url: `/api/v2/recall/?article=${encodeURIComponent(article)}&lot=${encodeURIComponent(lot)}`,
    headers: user.headers,
  });

/** A case with two implants and a zirconia puck (a stocked part whose name is also its material's). */
const pickedCase = async (lotNumbers: unknown, materialBatch: string | null) => {
  const collection = await createCollection(test.db, {
    branch: 'Melbourne',
    patientReference: `Recall patient ${Math.random()}`,
    cases: [{ statusName: 'Polishing' }],
  });
  const caseRow = collection.cases[0];
  if (!caseRow) throw new Error('no case');
  await createImplant(test.db, caseRow.uid, { tooth: 14 });
  await createImplant(test.db, caseRow.uid, { tooth: 15 });
  const [part] = await test.db.select().from(components).where(eq(components.code, puck));
  await test.db
    .insert(case_component_lines)
    .values({ case_uid: caseRow.uid, kind: 'generic', component_id: part?.id ?? 0 });
  const [material] = await test.db.select().from(materials).where(eq(materials.name, puck));
  await test.db
    .update(cases)
    .set({ material_id: material?.id ?? null, material_batch_number: materialBatch })
    .where(eq(cases.uid, caseRow.uid));
  const asked = await test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseRow.case_id}/`,
    headers: designer.headers,
    payload: { action: 'picking_slip' },
  });
  expect(asked.statusCode).toBe(200);
  const [slip] = await test.db.select().from(picking_slips).where(eq(picking_slips.case_uid, caseRow.uid));
  const picked = await test.app.inject({
    method: 'POST',
    url: `/api/v2/picking_slips/${slip?.id}/picked/`,
    headers: warehouse.headers,
    payload: { lot_numbers: lotNumbers },
  });
  expect(picked.statusCode).toBe(200);
  return { collection, caseRow };
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  warehouse = await signInAs(test, { department: 'WAREHOUSE' });
  restricted = await signInAs(test, { department: 'ADMIN', restricted: true });
  await test.db
    .insert(components)
    .values({ code: puck, name: puck, component_type: 'Generic', kind: 'generic' });
  const [type] = await test.db.select().from(material_types).limit(1);
  await test.db.insert(materials).values({ name: puck, material_type_id: type?.id ?? 0 });
}, 180_000);
afterAll(() => test.close());

describe('GET /api/v2/recall/', () => {
  it('finds the patient whose slip was picked with the lot, by article and lot in any case', async () => {
    const { collection, caseRow } = await pickedCase({ Screws: ['S-55'], 'Ti-Bases': ['T-1'] }, null);
    const response = await recall(designer, 'scr-nb-ccrp', 's-55');
    expect(response.statusCode).toBe(200);
    const answer = recallSchema.parse(response.json());
    // The article as the catalogue spells it, the lot as asked.
    expect([answer.article, answer.lot]).toEqual(['SCR-NB-CCRP', 's-55']);
    expect(answer.cases).toEqual([
      expect.objectContaining({
        case_uid: caseRow.uid,
        collection_uid: collection.uid,
        patient_reference: collection.patient_reference,
        branch: 'Melbourne',
        dispatched_at: null,
        teeth: [14, 15],
        paths: ['picking slip'],
      }),
    ]);
    // The lot of the ti-bases is not a lot of the screws.
    expect(recallSchema.parse((await recall(designer, 'SCR-NB-CCRP', 'T-1')).json()).cases).toEqual([]);
  });

  it('lists a case reached by its slip and by its material batch once, with both ways', async () => {
    const { caseRow } = await pickedCase({ Generic: ['B-2026-77'], Screws: ['S-56'] }, 'B-2026-77');
    const { caseRow: batchOnly } = await pickedCase(['G-9', 'S-57', 'T-2'], 'B-2026-77');
    const answer = recallSchema.parse((await recall(designer, puck, 'B-2026-77')).json());
    const byCase = new Map(answer.cases.map((item) => [item.case_uid, item.paths]));
    expect(answer.cases).toHaveLength(2);
    expect(byCase.get(caseRow.uid)).toEqual(['material batch', 'picking slip']);
    expect(byCase.get(batchOnly.uid)).toEqual(['material batch']);
    // A list as long as the slip's lines is read line by line: the puck's line comes first (the case's
    // parts, then its implants' screws and ti-bases).
    const byLine = recallSchema.parse((await recall(designer, puck, 'G-9')).json());
    expect(byLine.cases.map((item) => item.case_uid)).toEqual([batchOnly.uid]);
  });

  it('answers an empty list for a lot nobody received, and 400 without an article or a lot', async () => {
    expect(recallSchema.parse((await recall(designer, puck, 'NO-SUCH-LOT')).json()).cases).toEqual([]);
    const noLot = await recall(designer, puck, ' ');
    expect(noLot.statusCode).toBe(400);
    expect(JSON.stringify(noLot.json())).toContain('Enter the lot or batch number of the notice');
    const noArticle = await recall(designer, '', 'L1');
    expect(noArticle.statusCode).toBe(400);
    expect(JSON.stringify(noArticle.json())).toContain('Enter the article number of the notice');
  });

  it('finds slips picked before the recall existed once the warehouse job placed their lots', async () => {
    const collection = await createCollection(test.db, {
      branch: 'Melbourne',
      cases: [{ statusName: 'Dispatched' }],
    });
    const caseRow = collection.cases[0];
    if (!caseRow) throw new Error('no case');
    const [slip] = await test.db
      .insert(picking_slips)
      .values({
        case_uid: caseRow.uid,
        picked_at: new Date('2025-03-04T05:00:00Z'),
        lot_numbers: ['OLD-LOT-1'],
      })
      .returning();
    await test.db.insert(pick_items).values({
      picking_slip_id: slip?.id ?? 0,
      code: puck,
      quantity: 1,
      type: 'generic',
      description: puck,
    });
    expect(recallSchema.parse((await recall(designer, puck, 'OLD-LOT-1')).json()).cases).toEqual([]);
    expect(await deriveMissingPickLots(test.db)).toBeGreaterThanOrEqual(1);
    const answer = recallSchema.parse((await recall(designer, puck, 'OLD-LOT-1')).json());
    expect(answer.cases.map((item) => item.case_uid)).toEqual([caseRow.uid]);
    // Done once: a second pass finds nothing left to place.
    expect(await deriveMissingPickLots(test.db)).toBe(0);
  });

  it('downloads the list as CSV with the session cookie, one row per case', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v2/recall/csv/?article=${puck}&lot=B-2026-77`,
      headers: { cookie: designer.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="recall-${puck}-B-2026-77.csv"`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Collection,Case,Patient,Client ID,Client,Branch,Dispatched,Teeth,Known by');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.endsWith(',Not dispatched,14 15,material batch; picking slip'))).toBe(
      true,
    );
  });

  it('tells each affected client once, on the portal and by e-mail, and keeps the recall', async () => {
    const { collection, caseRow } = await pickedCase({ Screws: ['N-77'] }, null);
    const message = recallNoticeTemplate('SCR-NB-CCRP', 'N-77');
    const notify = (user: SignedInUser, body: Record<string, unknown>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v2/recall/notify/',
        headers: user.headers,
        payload: body,
      });
    const refused = await notify(designer, {
      article: 'SCR-NB-CCRP',
      lot: 'N-77',
      notice_reference: 'FSN-1',
      message,
    });
    expect(refused.statusCode).toBe(403);
    const blank = await notify(warehouse, {
      article: 'SCR-NB-CCRP',
      lot: 'N-77',
      notice_reference: ' ',
      message,
    });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('Enter the notice’s reference');
    const nobody = await notify(warehouse, {
      article: 'SCR-NB-CCRP',
      lot: 'NONE',
      notice_reference: 'FSN-1',
      message,
    });
    expect(nobody.statusCode).toBe(409);
    expect(errorMessage(nobody)).toBe('No case received this lot: there is nobody to notify');

    const response = await notify(warehouse, {
      article: 'SCR-NB-CCRP',
      lot: 'N-77',
      notice_reference: 'FSN-2026-114',
      message,
    });
    expect(response.statusCode).toBe(200);
    const { recall: record } = response.json() as { recall: unknown };
    expect(recallRecordSchema.parse(record)).toMatchObject({
      article: 'SCR-NB-CCRP',
      lot: 'N-77',
      notice_reference: 'FSN-2026-114',
      cases: 1,
      collections: 1,
    });
    const portal = await test.app.inject({
      method: 'GET',
      url: `/api/v2/customer/${collection.portal_key}/`,
    });
    const notes = (portal.json() as { messages: { note: string }[] }).messages.map((item) => item.note);
    const told = notes.find((note) => note.includes('lot N-77'));
    expect(told).toContain(`your patient ${collection.patient_reference} (case ${caseRow.case_mkey})`);
    const mail = await waitForMail(
      test,
      (m) => m.subject === `Safety notice concerning case ${collection.collection_id}`,
    );
    expect(mail.text).toContain('lot N-77');
    const history = await test.app.inject({
      method: 'GET',
      url: '/api/v2/recalls/',
      headers: designer.headers,
    });
    expect((history.json() as { notice_reference: string }[]).map((item) => item.notice_reference)).toContain(
      'FSN-2026-114',
    );
  });

  it('is not for restricted employees', async () => {
    const response = await recall(restricted, puck, 'B-2026-77');
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe('Gauge MRP is not available to your account');
  });
});
