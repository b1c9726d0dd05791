import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionActionAnswerSchemas, hiddenOrderFormKeys, type CollectionAudit } from '@lab/domain';
import { order_forms } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollectionFixture } from './collection-fixture';
import { at } from './fixture-rows';

let test: TestApp;
let staff: SignedInUser;
let fixture: Awaited<ReturnType<typeof createCollectionFixture>>;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  fixture = await createCollectionFixture(test.db);
});
afterAll(() => test.close());

const postAction = (uid: string, payload: unknown, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'POST', url: `/api/v2/collection/${uid}/`, headers, payload: payload as object });

const iso = (value: string): string => at(value).toISOString();

describe('POST /api/v2/collection/{uid}/', () => {
  it('answers 401 without a token', async () => {
    const response = await postAction(fixture.collection.uid, { action: 'audit_list' }, {});
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 400 for an unknown or missing action', async () => {
    for (const payload of [{ action: 'toggle_anything' }, { action: 'nope' }, {}, { action: 42 }]) {
      const response = await postAction(fixture.collection.uid, payload);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Invalid action');
    }
  });

  it('answers 404 for an unknown or malformed collection', async () => {
    for (const uid of [randomUUID(), 'not-a-uid']) {
      const response = await postAction(uid, { action: 'order_form_list' });
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Could not load case collection');
    }
  });

  it('order_form_list: the order forms newest first', async () => {
    const response = await postAction(fixture.collection.uid, { action: 'order_form_list' });
    expect(response.statusCode).toBe(200);
    const forms = response.json();
    expect(collectionActionAnswerSchemas.order_form_list.safeParse(forms).success).toBe(true);
    expect(forms).toEqual([
      {
        id: expect.any(Number),
        case_uid: null,
        created_at: iso('2025-03-01T02:00:00Z'),
        json_data: { patient: 'Nguyen, Thi', revision: 2 },
      },
      {
        id: expect.any(Number),
        case_uid: fixture.design.uid,
        created_at: iso('2025-03-01T00:00:00Z'),
        json_data: { patient: 'Nguyen, Thi' },
      },
    ]);
  });

  it("order_form_list: never carries the ordering platform's own keys, its API secret among them", async () => {
    const secret = 'oep-secret-of-the-staff-answer-test';
    await test.db.insert(order_forms).values({
      collection_uid: fixture.collection.uid,
      case_uid: null,
      created_at: at('2025-03-02T00:00:00Z'),
      json_data: {
        patient: 'Nguyen, Thi',
        solution: 'single-unit',
        attachments: [{ url: 'https://oep.example/a.stl' }],
        oep_api_secret: secret,
        client: { id: 7 },
        agree: true,
        parent_case_id: 12,
        tag: 'v2',
      },
    });
    const admin = await signInAs(test, { department: 'ADMIN', admin: true });
    for (const headers of [staff.headers, admin.headers]) {
      const response = await postAction(fixture.collection.uid, { action: 'order_form_list' }, headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(secret);
      const [newest] = response.json<{ json_data: Record<string, unknown> }[]>();
      expect(newest?.json_data).toEqual({ patient: 'Nguyen, Thi' });
    }
    const schema = collectionActionAnswerSchemas.order_form_list;
    for (const key of hiddenOrderFormKeys) {
      const form = {
        id: 1,
        case_uid: null,
        created_at: iso('2025-03-02T00:00:00Z'),
        json_data: { [key]: 1 },
      };
      expect(schema.safeParse([form]).success).toBe(false);
    }
  });

  it('attachment_list, analog_list, generic_component_list: that kind of the catalogue by name', async () => {
    const list = async (action: string) => {
      const response = await postAction(fixture.collection.uid, { action });
      expect(response.statusCode).toBe(200);
      return response.json<{ code: string; name: string; component_type: string; is_disabled: boolean }[]>();
    };
    const attachments = await list('attachment_list');
    expect(collectionActionAnswerSchemas.attachment_list.safeParse(attachments).success).toBe(true);
    expect(new Set(attachments.map((c) => c.component_type))).toEqual(new Set(['Attachment']));
    expect(attachments).toContainEqual({
      id: expect.any(Number),
      code: 'ATT-LOC-2',
      name: 'Locator Abutment 2 mm',
      description: 'Zest Locator, 2 mm cuff',
      component_type: 'Attachment',
      is_disabled: false,
    });
    const names = attachments.map((c) => c.name);
    expect(names.indexOf('Equator Abutment')).toBeLessThan(names.indexOf('Locator Abutment 2 mm'));
    expect(names.indexOf('Locator Abutment 2 mm')).toBeLessThan(names.indexOf('Rhein83 OT Cap Housing'));

    const analogs = await list('analog_list');
    expect(new Set(analogs.map((c) => c.component_type))).toEqual(new Set(['Analog']));
    expect(analogs.map((c) => c.code)).toContain('ANA-NB-CCRP');
    const generic = await list('generic_component_list');
    expect(generic.map((c) => c.code)).toContain('SB-ELOS-1B');
    expect(generic.map((c) => c.code)).not.toContain('ATT-LOC-2');
  });

  it("audit_list: the cases' case, location, delegation and implant audits newest first", async () => {
    const response = await postAction(fixture.collection.uid, { action: 'audit_list' });
    expect(response.statusCode).toBe(200);
    const audit = response.json<CollectionAudit>();
    expect(collectionActionAnswerSchemas.audit_list.safeParse(audit).success).toBe(true);
    expect(audit.case_audit).toEqual([
      {
        case_uid: fixture.design.uid,
        modified_at: iso('2025-03-02T00:00:00Z'),
        modified_by: 'Dana Designer',
        changed_values: { group_number: { old: null, new: 1 } },
      },
    ]);
    expect(audit.location_audit.map((l) => l.bin_location)).toEqual(['B-12', 'A-01']);
    expect(audit.delegation_audit).toEqual([
      {
        case_uid: fixture.design.uid,
        delegated_to_id: fixture.designer.id,
        delegated_to: 'Dana Designer',
        modified_at: iso('2025-03-02T01:00:00Z'),
        modified_by: 'Dana Designer',
      },
    ]);
    expect(audit.implant_audit).toEqual([
      {
        case_uid: fixture.design.uid,
        implant_id: expect.any(Number),
        action: 'UPDATED',
        modified_at: iso('2025-03-02T02:00:00Z'),
        modified_by: 'Dana Designer',
        changed_values: { engaging: { old: false, new: true } },
      },
    ]);
  });
});
