import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFinalProsthesis, portalCollectionSchema, portalTexts, type PortalCollection } from '@lab/domain';
import { messages, order_forms } from '../../db/schema/index';
import {
  createTestApp,
  errorMessage,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import {
  createClient,
  createCollection,
  createImplant,
  type CaseRow,
  type CreatedCollection,
} from '../../testing/factories';
import {
  createApprovalCalls,
  createPendingApproval,
  filePart,
  samplePng,
  type ApprovalCalls,
} from '../approvals/approvals-test-kit';
import { createApproval, createOutsource, postOk } from '../messages/messages-test-kit';
import {
  createPortalCalls,
  expectLinkHeaders,
  jsonOf,
  keysIn,
  loadStaffCollection,
  uploadCaseFiles,
} from './portal-test-kit';

// GET /api/v2/customer/{portal_key}/: the client's collection as the portal shows it — its cases,
// approvals, CLIENTS messages and order forms — and nothing a client may not see: no staff, sales or
// partner message, no internal file, no price, no key, no hidden order-form key, no other collection.

let test: TestApp;
let designer: SignedInUser;
let approvalCalls: ApprovalCalls;
let collection: CreatedCollection;
let other: CreatedCollection;
let upper: CaseRow;
let lower: CaseRow;
let pendingUid: string;
let cancelledUid: string;

const staffOnlyNotes = {
  CASE_NOTE: 'Margins look thin at 11, redo before the client sees it',
  DESIGN_MESSAGE: 'Design team: use the v3 library for this one',
  ALERTING_MESSAGE: 'HOLD: account overdue, do not dispatch',
  CUSTOMER_SERVICE_NOTE: 'Clinic is difficult, escalate any complaint',
  SALES_MESSAGE: 'Offer them the volume discount next quarter',
  OUTSOURCE_MESSAGE: 'Partner: design per prescription, lingual screw channels',
  CLIENT_NOTE: 'Slow payer, check the account before dispatch',
} as const;

const orderFormData = {
  patient_name: 'Jane Citizen',
  shade: 'A2',
  implants: [{ tooth: 11, name: 'Nobel Biocare CC RP' }],
  upper_options: { design: 'Screw-retained' },
  solution: 'implant-bridge',
  attachments: [{ name: 'scan.stl' }],
  oep_api_secret: 'oep-secret-value-never-shown',
  client: { id: 7, name: 'Bright Smiles Dental' },
  agree: true,
  parent_case_id: 991,
  tag: 'v2',
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  approvalCalls = createApprovalCalls(test, designer);
  const client = await createClient(test.db, { name: 'Bright Smiles Dental', accountNumber: 'BSD-1001' });
  collection = await createCollection(test.db, {
    client,
    patientReference: 'Jane Citizen',
    cases: [
      { statusName: 'Design In Progress', dentate: 'UPPER' },
      { statusName: 'Design In Progress', dentate: 'LOWER' },
    ],
  });
  [upper, lower] = collection.cases as [CaseRow, CaseRow];
  other = await createCollection(test.db, { clientName: 'Other Clinic', patientReference: 'John Other' });
  await createImplant(test.db, upper.uid, { tooth: 11 });
  await createImplant(test.db, upper.uid, { tooth: 21, platformName: null });
  await uploadCaseFiles(test, designer, upper.case_id, 'order_file', [
    filePart('upper_scan.stl', sampleFiles.stl()),
  ]);
  await uploadCaseFiles(test, designer, upper.case_id, 'internal_file', [samplePng('lab_only_check.png')]);
  pendingUid = (await createPendingApproval(approvalCalls, upper.uid, {}, [samplePng('design_front.png')]))
    .uid;
  cancelledUid = (await createPendingApproval(approvalCalls, lower.uid)).uid;
  expect((await approvalCalls.act(cancelledUid, 'cancel')).statusCode).toBe(200);
  await test.db
    .insert(order_forms)
    .values({ collection_uid: collection.uid, case_uid: upper.uid, json_data: orderFormData });
  const base = { case_collection_uid: collection.uid };
  await postOk(test, designer, { ...base, message_type: 'CLIENT_MESSAGE', note: 'Your case is in design' });
  const outsource = await createOutsource(test, upper.uid);
  for (const [type, note] of Object.entries(staffOnlyNotes)) {
    const target: Record<string, string> =
      type === 'CLIENT_NOTE'
        ? { client_uid: client.uid }
        : {
            ...base,
            case_uid: upper.uid,
            ...(type === 'OUTSOURCE_MESSAGE' ? { outsource_uid: outsource } : {}),
          };
    await postOk(test, designer, { ...target, message_type: type, note });
  }
  await postOk(test, designer, {
    case_collection_uid: other.uid,
    message_type: 'CLIENT_MESSAGE',
    note: 'Message for the other clinic',
  });
});

afterAll(async () => {
  await test.close();
});

const loadPortal = async (key = collection.portal_key): Promise<PortalCollection> =>
  portalCollectionSchema.parse(jsonOf(await createPortalCalls(test, key).load()));

describe('GET /api/v2/customer/{portal_key}/', () => {
  it('answers the header, the cases with their implants, due times and order files', async () => {
    const portal = await loadPortal();
    const staff = await loadStaffCollection(test, designer, collection.uid);
    expect(portal).toMatchObject({
      uid: collection.uid,
      collection_id: collection.collection_id,
      patient_reference: 'Jane Citizen',
      client_name: 'Bright Smiles Dental',
      client_account_number: 'BSD-1001',
      ordering_platform: 'oep',
      cancelled: false,
    });
    expect(portal.cases.map((c) => c.uid)).toEqual([upper.uid, lower.uid]);
    const [first] = portal.cases;
    const staffFirst = staff.cases.find((c) => c.uid === upper.uid);
    expect(first).toEqual({
      uid: upper.uid,
      case_mkey: upper.case_mkey,
      job_type: staffFirst?.job_type,
      dentate: 'UPPER',
      status: 'Design In Progress',
      dispatched: false,
      cancelled: false,
      date_dispatched: null,
      tracking_number: null,
      product_class: staffFirst?.product_class,
      customer_due: staffFirst?.customer_due,
      // Its design waits on the pending approval: the date the client's answer keeps (issue 30).
      client_hold: {
        answer_by: expect.any(String) as string,
        dispatch_if_answered_by: expect.any(String) as string,
        dispatch_if_answered_today: expect.any(String) as string,
      },
      awaiting_final_approval: isFinalProsthesis(staffFirst?.product_class ?? ''),
      implants: [
        { tooth: 11, platform: 'Nobel Biocare CC RP' },
        { tooth: 21, platform: null },
      ],
      order_files: [{ id: expect.any(Number) as number, filename: 'upper_scan.stl' }],
    });
    expect(first?.customer_due).not.toBeNull();
  });

  it('answers the pending approval with its files and leaves the cancelled one out', async () => {
    const portal = await loadPortal();
    expect(portal.approvals).toEqual([
      expect.objectContaining({
        uid: pendingUid,
        case_uid: upper.uid,
        approval_type: 'DESIGN_APPROVAL',
        approval_type_name: 'Design Approval',
        voids_warranty: false,
        approved_at: null,
        cancelled_at: null,
        changes_requested_at: null,
        approval_files: [{ id: expect.any(Number) as number, filename: 'design_front.png' }],
      }),
    ]);
    expect(JSON.stringify(portal.approvals)).not.toContain(cancelledUid);
  });

  it('answers only CLIENTS messages, oldest first, with the request message and its files', async () => {
    const portal = await loadPortal();
    const rows = portal.messages.map((m) => [m.message_type, m.direction, m.note]);
    expect(rows).toContainEqual(['CLIENT_MESSAGE', 'OUTBOUND', 'Your case is in design']);
    expect(portal.messages.map((m) => m.message_type).sort()).toEqual([
      'APPROVAL_MESSAGE',
      'APPROVAL_MESSAGE',
      'CLIENT_MESSAGE',
    ]);
    const request = portal.messages.find((m) => m.approval_uid === pendingUid);
    expect(request?.attachments.map((a) => a.file_name)).toEqual(['design_front.png']);
    expect(portal.messages.every((m) => !m.message_seen)).toBe(true);
    const times = portal.messages.map((m) => m.created_at);
    expect(times).toEqual([...times].sort());
    const body = JSON.stringify(portal);
    for (const note of Object.values(staffOnlyNotes)) expect(body).not.toContain(note);
    expect(body).not.toContain('Message for the other clinic');
  });

  it('removes the hidden order-form keys and keeps the rest', async () => {
    const [form] = (await loadPortal()).order_forms;
    expect(form?.case_uid).toBe(upper.uid);
    expect(form?.json_data).toEqual({
      patient_name: 'Jane Citizen',
      shade: 'A2',
      implants: [{ tooth: 11, name: 'Nobel Biocare CC RP' }],
      upper_options: { design: 'Screw-retained' },
    });
  });

  it('never carries a price, a key, an internal file or a staff-only field', async () => {
    const portal = await loadPortal();
    const body = JSON.stringify(portal);
    expect(body).not.toContain(collection.portal_key);
    expect(body).not.toContain('oep-secret-value-never-shown');
    expect(body).not.toContain('lab_only_check.png');
    const keys = [...keysIn(portal)];
    expect(keys.filter((k) => /price|amount|invoice|cost|total|discount/i.test(k))).toEqual([]);
    for (const staffOnly of [
      'portal_key',
      'internal_files',
      'outsources',
      'delegated_to',
      'visibility',
      'recipient_reference',
      'read_receipts',
      'approved_by',
      'created_by',
      'next_reminder_due',
      'pricing_kits',
      'folder_path',
      'bin_location',
      'department',
    ]) {
      expect(keys).not.toContain(staffOnly);
    }
  });

  it('answers an all-cancelled collection as cancelled, with nothing else', async () => {
    const cancelled = await createCollection(test.db, {
      clientName: 'Cancelled Clinic',
      cases: [{ statusName: 'Cancelled' }, { statusName: 'Cancelled' }],
    });
    const caseUid = cancelled.cases[0]?.uid ?? '';
    await createApproval(test, caseUid);
    await test.db.insert(order_forms).values({ collection_uid: cancelled.uid, json_data: { shade: 'A1' } });
    await test.db.insert(messages).values({
      case_collection_uid: cancelled.uid,
      message_type: 'CLIENT_MESSAGE',
      visibility: 'CLIENTS',
      direction: 'OUTBOUND',
      author_reference: 'designer',
      note: 'Sent before the cancellation',
    });
    const portal = await loadPortal(cancelled.portal_key);
    expect(portal).toMatchObject({
      uid: cancelled.uid,
      client_name: 'Cancelled Clinic',
      cancelled: true,
      cases: [],
      approvals: [],
      messages: [],
      order_forms: [],
    });
  });

  it('reaches no file and takes no message once every case is cancelled', async () => {
    const withdrawn = await createCollection(test.db, {
      clientName: 'Withdrawn Clinic',
      cases: [{ statusName: 'Cancelled' }],
    });
    const cancelledCase = withdrawn.cases[0] as CaseRow;
    const staffCase = await uploadCaseFiles(test, designer, cancelledCase.case_id, 'order_file', [
      samplePng('scan_before_cancel.png'),
    ]);
    const orderFile = staffCase.order_files[0];
    const calls = createPortalCalls(test, withdrawn.portal_key);
    const link = await calls.file('order_file', orderFile?.id ?? 0);
    expect(link.statusCode).toBe(404);
    expect(errorMessage(link)).toBe(portalTexts.fileNotFound);
    const posted = await calls.message({ note: 'Is my case still going ahead?' });
    expect(posted.statusCode).toBe(404);
    expect(errorMessage(posted)).toBe(portalTexts.notFound);
  });
});

describe('whose collection a key reaches', () => {
  it("answers another key with that collection only, never this one's data", async () => {
    const portal = await loadPortal(other.portal_key);
    expect(portal.uid).toBe(other.uid);
    expect(portal.client_name).toBe('Other Clinic');
    expect(portal.messages.map((m) => m.note)).toEqual(['Message for the other clinic']);
    const body = JSON.stringify(portal);
    for (const own of [collection.uid, upper.uid, pendingUid, 'Jane Citizen', 'Your case is in design']) {
      expect(body).not.toContain(own);
    }
  });

  it('answers a wrong, a malformed and a revoked-looking key 404 with the link text', async () => {
    const calls = createPortalCalls(test, collection.portal_key);
    for (const key of [
      randomBytes(24).toString('base64url'),
      'short',
      'has%20a%20space%20in%20it%20too',
      `${collection.portal_key}x`,
      collection.portal_key.slice(0, -1),
      collection.portal_key.toUpperCase(),
      collection.uid,
    ]) {
      const response = await calls.load(key);
      expect({ key, status: response.statusCode }).toEqual({ key, status: 404 });
      expect(errorMessage(response)).toBe(portalTexts.notFound);
      expectLinkHeaders(response);
      expect(response.body).not.toContain(key);
    }
  });

  it('sends the link headers on a 200 too, without a session', async () => {
    const response = await createPortalCalls(test, collection.portal_key).load();
    expect(response.statusCode).toBe(200);
    expectLinkHeaders(response);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('serves the portal page publicly with the link headers (503 while the web is not built)', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/static/v2/portal.html?key=${collection.portal_key}`,
    });
    expect([200, 503]).toContain(response.statusCode);
    expectLinkHeaders(response);
    expect(response.body).not.toContain(collection.portal_key);
  });
});
