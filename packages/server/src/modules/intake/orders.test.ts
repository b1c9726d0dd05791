import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAnswerSchema, orderMessages, type OrderAnswer } from '@lab/domain';
import { buildApp } from '../../app';
import {
  audit_events,
  case_audit,
  cases,
  checklist_items,
  clients,
  collections,
  files,
  implants,
  order_forms,
  ordering_platform_keys,
} from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { openSecondHandle } from '../../testing/second-handle';
import { makePlatformKey, oneFacetStl, sendOrder, type TestPlatformKey } from './intake-test-kit';
import { signedOrderHeaders } from './sign-order';

// POST /api/v2/orders/ through the real app: a signed order becomes exactly one collection, the same
// order again the same collection; bad signatures, stale timestamps and revoked keys write nothing;
// every bad field is a 400 naming it. Keys are made and revoked by an admin through their routes.

let test: TestApp;
let admin: SignedInUser;
let key: TestPlatformKey;

const sampleOrder = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  order_id: orderId,
  client: {
    account_number: 'ORD-77001',
    email: 'reception@bayside-dental.example',
    name: 'Bayside Dental',
    country: 'au',
  },
  patient_reference: 'SMITH, Jane',
  fulfillment_branch: 'Melbourne',
  cases: [
    {
      job_type: 'screw-retained bridge',
      dentate: 'UPPER',
      teeth: [13, 14, 15, 16],
      implants: [
        { tooth: 13, platform: 'Nobel Biocare CC RP' },
        { tooth: 14, platform: null },
        { tooth: 16, platform: 'Nobel Biocare CC RP' },
      ],
      files: ['upper.stl', 'scanbodies.stl'],
    },
    {
      job_type: 'Screw-Retained Crown',
      dentate: 'LOWER',
      teeth: [36],
      implants: [{ tooth: 36, platform: 'Nobel Biocare CC NP' }],
      files: ['lower.stl'],
    },
  ],
  order_form: { shade: 'A2', material: 'Zirconia', oep_api_secret: 'never-shown' },
  files: [
    { file_name: 'upper.stl' },
    { file_name: 'lower.stl' },
    { file_name: 'scanbodies.stl' },
    { file_name: 'bite.ply' },
  ],
  ...overrides,
});

const send = (body: unknown, options: Parameters<typeof sendOrder>[3] = {}) =>
  sendOrder(test, key, body, options);

/** A one-triangle ASCII PLY. */
const oneFacePly = (): Buffer =>
  Buffer.from(
    'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n' +
      'element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n10 0 0\n0 10 0\n3 0 1 2\n',
  );

const countOf = async (table: typeof collections | typeof cases | typeof clients): Promise<number> => {
  const [row] = await test.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
};

beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test, { admin: true });
  key = await makePlatformKey(test, admin);
});
afterAll(() => test.close());

describe('platform keys', () => {
  it('shows the secret once and keeps it encrypted', async () => {
    expect(key.secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await test.db
      .select()
      .from(ordering_platform_keys)
      .where(eq(ordering_platform_keys.id, key.id));
    expect(row?.secret_ciphertext).not.toContain(key.secret);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/v2/ordering_platform_keys/',
      headers: admin.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain(key.secret);
    expect(listed.json()[0]).toMatchObject({ platform: 'oep', label: 'OEP production', revoked_at: null });
  });

  it('is made and revoked by administrators alone', async () => {
    const designer = await signInAs(test, { department: 'DESIGN' });
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/v2/ordering_platform_keys/',
      headers: designer.headers,
      payload: { platform: 'oep', label: 'mine' },
    });
    expect(refused.statusCode).toBe(403);
    const blank = await test.app.inject({
      method: 'POST',
      url: '/api/v2/ordering_platform_keys/',
      headers: admin.headers,
      payload: { platform: 'oep', label: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(errorMessage(blank)).toBe(orderMessages.keyLabelRequired);
  });
});

describe('a signed order', () => {
  let first: OrderAnswer;

  it('creates one collection with its cases, implants, order form, files and links', async () => {
    const before = { collections: await countOf(collections), cases: await countOf(cases) };
    const response = await send(sampleOrder('OEP-1001'));
    expect(response.statusCode, response.body).toBe(201);
    first = orderAnswerSchema.parse(response.json());
    expect(first.created).toBe(true);
    expect(first.client_needs_review).toBe(true);
    expect(first.cases.map((c) => c.case_mkey)).toEqual([
      `${first.collection_id}-01`,
      `${first.collection_id}-02`,
    ]);
    expect(await countOf(collections)).toBe(before.collections + 1);
    expect(await countOf(cases)).toBe(before.cases + 2);

    const [collection] = await test.db
      .select()
      .from(collections)
      .where(eq(collections.uid, first.collection_uid));
    expect(collection).toMatchObject({ patient_reference: 'SMITH, Jane', ordering_platform: 'oep' });
    expect(collection?.portal_key.length).toBeGreaterThanOrEqual(40);
    const caseRows = await test.db.select().from(cases).where(eq(cases.collection_uid, first.collection_uid));
    for (const row of caseRows) {
      // Ordered, scheduled, with its checklist and audit row.
      expect(row.ordered).toBe(true);
      expect(row.customer_due).not.toBeNull();
      expect(
        await test.db.select().from(case_audit).where(eq(case_audit.case_uid, row.uid)),
      ).not.toHaveLength(0);
    }
    const bridge = caseRows.find((r) => r.case_mkey.endsWith('-01'));
    expect(
      (
        await test.db
          .select()
          .from(checklist_items)
          .where(eq(checklist_items.case_uid, bridge?.uid ?? ''))
      ).length,
    ).toBeGreaterThan(0);
    const bridgeImplants = await test.db
      .select()
      .from(implants)
      .where(eq(implants.case_uid, bridge?.uid ?? ''));
    expect(bridgeImplants.map((i) => [i.tooth, i.platform_id === null, i.screw_id === null])).toEqual(
      expect.arrayContaining([
        [13, false, false],
        [14, true, true],
        [16, false, false],
      ]),
    );
    const [form] = await test.db
      .select()
      .from(order_forms)
      .where(eq(order_forms.collection_uid, first.collection_uid));
    expect(form).toMatchObject({ source_platform: 'oep', source_reference: 'OEP-1001' });

    expect(first.files.map((f) => f.fileName.split('/')[1])).toEqual([
      'upper.stl',
      'lower.stl',
      'scanbodies.stl',
      'bite.ply',
    ]);
    const fileRows = await test.db.select().from(files).where(eq(files.collection_uid, first.collection_uid));
    expect(fileRows.every((f) => f.upload_state === 'pending')).toBe(true);
    expect(
      fileRows
        .filter((f) => f.case_uid === bridge?.uid)
        .map((f) => f.filename)
        .sort(),
    ).toEqual(['scanbodies.stl', 'upper.stl']);
    expect(fileRows.find((f) => f.filename === 'bite.ply')).toMatchObject({
      case_uid: null,
      file_category: 'collection_file',
    });

    const [audit] = await test.db
      .select()
      .from(audit_events)
      .where(eq(audit_events.collection_uid, first.collection_uid));
    expect(audit).toMatchObject({
      entity_type: 'order',
      action: 'received',
      actor_kind: 'platform',
      actor_reference: 'OEP production',
    });
  });

  it('takes each file through its one-time link, and the next sending links only what is missing', async () => {
    const upper = first.files.find((f) => f.fileName.endsWith('/upper.stl'));
    const put = await test.app.inject({
      method: 'PUT',
      url: upper?.oneTimeUploadLink ?? '',
      headers: { 'content-type': 'application/octet-stream' },
      payload: oneFacetStl(),
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const again = await send(sampleOrder('OEP-1001'));
    expect(again.statusCode).toBe(200);
    const answer = orderAnswerSchema.parse(again.json());
    expect(answer).toMatchObject({ created: false, collection_uid: first.collection_uid });
    expect(answer.files.find((f) => f.fileName.endsWith('/upper.stl'))?.oneTimeUploadLink).toBeNull();
    expect(answer.files.filter((f) => f.oneTimeUploadLink !== null)).toHaveLength(3);
  });

  it('keeps the collection whole and its links working when the server stops before the uploads', async () => {
    const answer = orderAnswerSchema.parse((await send(sampleOrder('OEP-1500'))).json());
    // Another process on the same database, as after a restart: nothing of the order lived in memory.
    const second = openSecondHandle(test.db);
    const restarted = await buildApp({
      db: second.db,
      config: test.config,
      storage: test.storage,
      version: 'restarted',
      logger: false,
      mail: test.mail,
      evident: null,
    });
    try {
      for (const file of answer.files) {
        const put = await restarted.inject({
          method: 'PUT',
          url: file.oneTimeUploadLink ?? '',
          headers: { 'content-type': 'application/octet-stream' },
          payload: file.fileName.endsWith('.ply') ? oneFacePly() : oneFacetStl(),
        });
        expect(put.statusCode, put.body).toBeLessThan(300);
      }
      const rows = await test.db.select().from(files).where(eq(files.collection_uid, answer.collection_uid));
      expect(rows.map((r) => r.upload_state)).toEqual(['complete', 'complete', 'complete', 'complete']);
      expect(
        await test.db.select().from(cases).where(eq(cases.collection_uid, answer.collection_uid)),
      ).toHaveLength(2);
    } finally {
      await restarted.close();
      await second.close();
    }
  });

  it('matches the client by account number the next time, and by e-mail', async () => {
    const clientsBefore = await countOf(clients);
    const byAccount = orderAnswerSchema.parse((await send(sampleOrder('OEP-1002'))).json());
    // The same client as the first order's, still waiting for the lab's review.
    expect(byAccount.client_needs_review).toBe(true);
    expect(await countOf(clients)).toBe(clientsBefore);
    const byEmail = await send(
      sampleOrder('OEP-1003', { client: { email: 'RECEPTION@bayside-dental.example' } }),
    );
    expect(byEmail.statusCode).toBe(201);
    expect(await countOf(clients)).toBe(clientsBefore);
  });

  it('refuses another body under an order id already received', async () => {
    const response = await send(sampleOrder('OEP-1001', { patient_reference: 'SOMEONE, Else' }));
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe(orderMessages.orderChanged);
  });

  it('answers two sendings at once with one collection', async () => {
    const before = await countOf(collections);
    const [a, b] = await Promise.all([send(sampleOrder('OEP-2001')), send(sampleOrder('OEP-2001'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().collection_uid).toBe(b.json().collection_uid);
    expect(await countOf(collections)).toBe(before + 1);
  });
});

describe('refused orders write nothing', () => {
  const refusedWith = async (response: Awaited<ReturnType<typeof send>>, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorMessage(response)).toBe(message);
  };

  it('refuses a wrong signature, a stale timestamp, an unknown and a revoked key with 401', async () => {
    const before = await countOf(collections);
    await refusedWith(
      await send(sampleOrder('OEP-3001'), { secret: 'not-the-secret' }),
      401,
      orderMessages.badSignature,
    );
    await refusedWith(
      await send(sampleOrder('OEP-3001'), { at: new Date(Date.now() - 6 * 60_000) }),
      401,
      orderMessages.badSignature,
    );
    await refusedWith(
      await send(sampleOrder('OEP-3001'), { keyId: 'oep_000000000000' }),
      401,
      orderMessages.unknownKey,
    );
    // A body changed after signing.
    const raw = JSON.stringify(sampleOrder('OEP-3001'));
    const tampered = await test.app.inject({
      method: 'POST',
      url: '/api/v2/orders/',
      headers: signedOrderHeaders(key, raw),
      payload: raw.replace('SMITH', 'SMYTH'),
    });
    await refusedWith(tampered, 401, orderMessages.badSignature);

    const other = await test.app.inject({
      method: 'POST',
      url: '/api/v2/ordering_platform_keys/',
      headers: admin.headers,
      payload: { platform: 'nclab', label: 'NC Lab' },
    });
    const revokedKey = other.json<{ id: number; key_id: string; secret: string }>();
    const revoke = await test.app.inject({
      method: 'DELETE',
      url: `/api/v2/ordering_platform_keys/${revokedKey.id}/`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked_at).not.toBeNull();
    await refusedWith(
      await send(sampleOrder('NC-1'), { keyId: revokedKey.key_id, secret: revokedKey.secret }),
      401,
      orderMessages.unknownKey,
    );
    expect(await countOf(collections)).toBe(before);
  });

  it('names every bad field in one 400', async () => {
    const before = { collections: await countOf(collections), clients: await countOf(clients) };
    const response = await send(
      sampleOrder('OEP-4001', {
        patient_reference: '',
        cases: [
          {
            job_type: 'Moon Rock Bridge',
            dentate: 'SIDEWAYS',
            teeth: [19],
            implants: [{ tooth: 55, platform: 'X' }],
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(
      ['cases.0.dentate', 'cases.0.implants.0.tooth', 'cases.0.teeth.0', 'patient_reference'].sort(),
    );
    expect(fields['cases.0.teeth.0']).toBe(orderMessages.toothNotFdi);

    const unknownNames = await send(
      sampleOrder('OEP-4002', {
        fulfillment_branch: 'Atlantis',
        cases: [
          {
            job_type: 'Moon Rock Bridge',
            dentate: 'UPPER',
            implants: [{ tooth: 11, platform: 'Acme 3000' }],
          },
        ],
      }),
    );
    expect(unknownNames.statusCode).toBe(400);
    expect(unknownNames.json().error.fields).toEqual({
      fulfillment_branch: orderMessages.unknownBranch,
      'cases.0.job_type': orderMessages.unknownJobType,
      'cases.0.implants.0.platform': orderMessages.unknownImplantPlatform,
    });

    const noClient = await send(sampleOrder('OEP-4003', { client: { name: 'Nobody' } }));
    await refusedWith(noClient, 400, orderMessages.clientNeeded);
    const notObject = await send(null, { rawBody: '[1,2]' });
    expect(notObject.statusCode).toBe(400);
    const surrogate = await send(null, {
      rawBody: JSON.stringify(sampleOrder('OEP-4004')).replace('SMITH', '\\ud800'),
    });
    expect(surrogate.statusCode).toBe(400);
    expect(await countOf(collections)).toBe(before.collections);
    expect(await countOf(clients)).toBe(before.clients);
  });
});
