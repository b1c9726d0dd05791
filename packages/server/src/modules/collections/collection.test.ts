import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema, type Collection, type CollectionCase } from '@lab/domain';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { countingStatements } from '../../testing/count-statements';
import { createCollectionFixture, createCollectionWithCases } from './collection-fixture';
import { at } from './fixture-rows';
import { loadCollection } from './load-collection';

let test: TestApp;
let staff: SignedInUser;
let fixture: Awaited<ReturnType<typeof createCollectionFixture>>;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  fixture = await createCollectionFixture(test.db);
});
afterAll(() => test.close());

const getCollection = (uid: string, headers: Record<string, string> = staff.headers) =>
  test.app.inject({ method: 'GET', url: `/api/v2/collection/${uid}/`, headers });

const iso = (value: string): string => at(value).toISOString();

describe('GET /api/v2/collection/{uid}/', () => {
  it('answers 401 without a token', async () => {
    const response = await getCollection(fixture.collection.uid, {});
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 404 with the load-failure text for an unknown and a malformed uid', async () => {
    for (const uid of [randomUUID(), 'not-a-uid', '12345']) {
      const response = await getCollection(uid);
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Could not load case collection');
    }
  });

  describe('a collection with every kind of child row', () => {
    let body: Collection;
    let design: CollectionCase;
    let polish: CollectionCase;

    beforeAll(async () => {
      const response = await getCollection(fixture.collection.uid);
      expect(response.statusCode).toBe(200);
      body = response.json<Collection>();
      const [first, second] = body.cases;
      if (!first || !second) throw new Error('expected two cases');
      design = first;
      polish = second;
    });

    it('validates against the domain schema', () => {
      expect(collectionSchema.safeParse(body).success).toBe(true);
    });

    it('answers the collection fields', () => {
      const { collection, client, payer } = fixture;
      expect(body).toMatchObject({
        uid: collection.uid,
        collection_id: collection.collection_id,
        patient_reference: 'Nguyen, Thi',
        vip: true,
        active: true,
        added: iso('2025-03-01T00:00:00Z'),
        shipping_client: {
          id: client.client_id,
          uid: client.uid,
          name: 'Bright Smile Dental',
          country: 'AU',
        },
        billing_client: { id: payer.client_id, uid: payer.uid, name: 'Smile Group Accounts', country: 'AU' },
        ordering_platform: 'oep',
        fulfillment_branch: 'Melbourne',
        fulfillment_branch_id: collection.fulfillment_branch_id,
        order_stage: { id: collection.order_stage_id, name: 'In Design' },
        portal_key: collection.portal_key,
        new_folder_structure: true,
        location_required: true,
        bin_location: 'B-12',
        bin_location_branch: 'Melbourne',
        client_name: 'Bright Smile Dental',
        client_account_number: 'BS-001',
        folder_path: null,
        // The shipping client's address now, which a new dispatch starts from.
        shipping_address: {
          address_line_1: client.address_line_1,
          address_line_2: null,
          suburb: 'Melbourne',
          state: 'VIC',
          postcode: '3000',
          country: 'AU',
        },
      });
      expect(body.location_audit).toEqual([
        {
          bin_location: 'B-12',
          bin_location_branch: 'Melbourne',
          moved_at: iso('2025-03-02T01:00:00Z'),
          moved_by: 'Wes Warehouse',
        },
        {
          bin_location: 'A-01',
          bin_location_branch: 'Melbourne',
          moved_at: iso('2025-03-01T01:00:00Z'),
          moved_by: 'Wes Warehouse',
        },
      ]);
      expect(body.pricing_kits).toEqual([
        {
          kit_collection_id: expect.any(Number),
          kit_dentate_id: 1,
          kit_dentate_name: 'UPPER',
          kit_id: expect.any(Number),
          kit_code: 'PRK-AO4',
          kit_name: 'All-on-4 Pricing Kit',
          kit_implant_qty: 4,
        },
      ]);
      expect(body.referrals).toEqual([
        {
          created_at: iso('2025-03-01T03:00:00Z'),
          referrer_client_name: 'Bright Smile Dental',
          referree_identification: 'hello@newpractice.example.com',
          referree_client_name: null,
          accepted_at: null,
          canceled_at: null,
        },
      ]);
    });

    it('answers the approvals with their files and the dispatches with their cases', () => {
      expect(body.approvals).toEqual([
        expect.objectContaining({
          uid: fixture.approval.uid,
          case_uid: fixture.design.uid,
          approval_type: 'DESIGN_APPROVAL',
          created_at: iso('2025-03-05T00:00:00Z'),
          created_by: 'Dana Designer',
          approval_due_at: iso('2025-03-06T00:00:00Z'),
          approved_at: null,
          cancelled_at: null,
          approval_files: [{ id: expect.any(Number), filename: 'design.png', added: expect.any(String) }],
        }),
      ]);
      expect(body.dispatches).toEqual([
        {
          uid: expect.any(String),
          courier: 'StarTrack',
          tracking_reference: 'ST123',
          tracking_url: 'https://startrack.com.au/track/details/ST123',
          shipping_address: {
            address_line_1: '1 Collins Street',
            address_line_2: null,
            suburb: 'Melbourne',
            state: 'VIC',
            postcode: '3000',
            country: 'AU',
          },
          dispatched_at: iso('2025-03-09T00:00:00Z'),
          dispatched_by: 'Wes Warehouse',
          case_uids: [fixture.polish.uid],
        },
      ]);
    });

    it('answers the cases by case_mkey with their own fields', () => {
      const key = (n: number) => `${fixture.collection.collection_id}-0${n}`;
      expect(body.cases.map((c) => c.case_mkey)).toEqual([key(1), key(2)]);
      expect(design).toMatchObject({
        uid: fixture.design.uid,
        case_id: fixture.design.case_id,
        job_type: 'Screw-Retained Bridge',
        product_class: 'Final Prosthesis',
        collection_reference: fixture.collection.collection_id,
        redo: null,
        status: 'Design In Progress',
        department: 'DESIGN',
        in_design: true,
        in_lab: false,
        in_finishing: false,
        active: true,
        dentate: 'UPPER',
        group_number: 1,
        grouped_case_uids: [fixture.polish.uid],
        delegated_to: 'Dana Designer',
        delegated_to_id: fixture.designer.id,
        material_type: 'Zirconia',
        material: 'Katana UTML',
        material_thickness: 1.5,
        scan_gauge_kit_display: 'Scan Gauge Kit – Nobel CC (4) (SG-A1)',
        scan_gauge_name: null,
        client_gauge_kits: [{ gauge_kit_id: expect.any(Number), kit_box_display: 'Box 01' }],
        design_user_id: fixture.designer.id,
        design_user: 'Dana Designer',
        metrology_user: null,
        date_promised: iso('2025-03-20T06:00:00Z'),
        added: iso('2025-03-01T00:00:00Z'),
        approval_email_times: [iso('2025-03-05T00:01:00Z'), iso('2025-03-06T00:01:00Z')],
        checklist_items: [{ id: expect.any(Number), department: 'DESIGN' }],
        automation_results: [{ type: 'nexus_connect', payload: { nc_session_id: 'nc-1' } }],
        has_unresolved_alert: false,
        machine_project: null,
        dispatch_ready: false,
        dispatches: [],
      });
      expect(polish).toMatchObject({
        job_type: 'Custom Abutment',
        status: 'Polishing',
        in_lab: true,
        in_finishing: true,
        department: 'POLISHING',
        redo: 'internal',
        redo_reason: 'des',
        redo_charge: 'discount',
        redo_discount_amount: 25,
        grouped_case_uids: [fixture.design.uid],
        has_unresolved_alert: true,
        // The collection's dispatch that carried it.
        dispatches: body.dispatches,
        return_files: [
          { oft_file_name: 'abutment.zip', oft_file_uid: null, created_at: iso('2025-03-08T00:00:00Z') },
        ],
        machine_project: {
          id: fixture.projectId,
          name: 'Zr nest 14',
          machine: 'Mill 3',
          branch: 'Melbourne',
          start_time: null,
          end_time: null,
          created_by: 'Wes Warehouse',
          status: 'Ready',
        },
      });
    });

    it('answers implants, component lines, related cases, picking slips and outsources', () => {
      expect(design.implants).toEqual([
        {
          id: expect.any(Number),
          tooth: 11,
          platform_id: expect.any(Number),
          platform: 'Nobel Biocare CC RP',
          screw: { id: expect.any(Number), name: 'NobelActive CC RP Prosthetic Screw', code: 'SCR-NB-CCRP' },
          tibase: { id: expect.any(Number), name: 'Nobel CC RP Ti-Base 1.5 mm', code: 'TIB-NB-CCRP' },
          biaxial: false,
          engaging: false,
          using_defaults: { screw: true, tibase: true },
          platform_valid: true,
          to_tibase: true,
        },
        expect.objectContaining({
          tooth: 12,
          platform: null,
          platform_id: null,
          screw: null,
          platform_valid: true,
        }),
      ]);
      expect(polish.implants).toEqual([
        expect.objectContaining({
          tooth: 36,
          biaxial: true,
          screw: expect.objectContaining({ name: 'NobelActive CC RP Omnigrip ASC Screw' }),
        }),
      ]);
      expect(design.attachments).toEqual([
        {
          code: 'ATT-LOC-2',
          component_id: expect.any(Number),
          quantity: 2,
          name: 'Locator Abutment 2 mm',
          description: 'Zest Locator, 2 mm cuff',
          is_disabled: false,
        },
      ]);
      expect(design.analogs).toEqual([]);
      expect(design.generic_components).toEqual([]);
      expect(design.related_cases).toEqual([
        {
          uid: fixture.earlierCase.uid,
          case_mkey: fixture.earlierCase.case_mkey,
          job_type: 'Screw-Retained Bridge',
          status: 'Dispatched',
        },
      ]);
      expect(design.picking_slips).toEqual([
        {
          id: expect.any(Number),
          requested_at: iso('2025-03-04T00:00:00Z'),
          requested_by: 'Dana Designer',
          picked_at: iso('2025-03-04T02:00:00Z'),
          picked_by: 'Wes Warehouse',
          pick_items: [
            { code: 'ATT-LOC-2', quantity: 2, type: 'attachment', description: 'Locator Abutment 2 mm' },
          ],
          lot_numbers: ['LOT-77'],
        },
      ]);
      expect(design.outsources).toEqual([
        expect.objectContaining({
          partner: 'Dental Design Partners',
          start: iso('2025-03-03T00:00:00Z'),
          expected_return: iso('2025-03-07T00:00:00Z'),
          end: null,
          partner_status: 'IN_PROGRESS',
        }),
      ]);
    });

    it('lists live files per category and hides an original behind its blurred copy', () => {
      expect(design.order_files.map((f) => f.filename)).toEqual(['upper-scan.stl']);
      expect(design.internal_files.map((f) => [f.filename, f.blurred])).toEqual([['face-blurred.jpg', true]]);
      expect(design.approval_files).toEqual([
        {
          id: expect.any(Number),
          filename: 'design.png',
          added: iso('2025-03-03T01:00:00Z'),
          file_category: 'approval_file',
          partner: null,
          blurred: false,
        },
      ]);
      expect(design.outsource_sent_files).toEqual([]);
      expect(polish.order_files).toEqual([]);
    });
  });
});

describe('the collection load does not grow with the number of cases', () => {
  it('reads a 1-case and a 6-case collection with the same number of statements', async () => {
    const small = await createCollectionWithCases(test.db, 1, fixture.projectId);
    const large = await createCollectionWithCases(test.db, 6, fixture.projectId);
    const smallCounter = countingStatements(test.db);
    const smallAnswer = await loadCollection(smallCounter.db, small.uid);
    const largeCounter = countingStatements(test.db);
    const largeAnswer = await loadCollection(largeCounter.db, large.uid);

    expect(smallAnswer.cases).toHaveLength(1);
    expect(largeAnswer.cases).toHaveLength(6);
    expect(largeCounter.count()).toBe(smallCounter.count());
    // The collection, its cases and every child table in one statement; then the employees' names.
    expect(largeCounter.count()).toBe(2);
    for (const c of largeAnswer.cases) {
      expect(c.implants).toHaveLength(1);
      expect(c.generic_components.map((l) => l.code)).toEqual(['SB-ELOS-1B']);
      expect(c.order_files).toHaveLength(1);
      expect(c.approval_email_times).toHaveLength(1);
      expect(c.picking_slips[0]?.pick_items).toHaveLength(1);
      expect(c.machine_project?.name).toBe('Zr nest 14');
      expect(c.grouped_case_uids).toHaveLength(5);
    }
    expect(largeAnswer.approvals).toHaveLength(6);
    const response = await getCollection(large.uid);
    expect(response.statusCode).toBe(200);
    expect(collectionSchema.safeParse(response.json()).success).toBe(true);
  });
});
