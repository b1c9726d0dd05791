import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionCaseSchema,
  defaultAddComponentStatus,
  sortStatusesForSelect,
  type Collection,
  type CollectionCase,
  type Schedule,
  type Status,
} from '@lab/domain';
import {
  cases,
  checklist_items,
  checklist_templates,
  job_types,
  outsources,
  partners,
} from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CreatedCollection } from '../../testing/factories';
import { caseAuditRows, callCollection, fieldsOf, referenceIds } from './collection-write-test-kit';

let test: TestApp;
let staff: SignedInUser;
let ids: ReturnType<typeof referenceIds>;
let bridgeId: number;
let awaitingId: number;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
  ids = referenceIds(test.db);
  bridgeId = await ids.jobType('Screw-Retained Bridge');
  awaitingId = await ids.status('Awaiting Status Allocation');
});
afterAll(() => test.close());

const addComponent = (uid: string, payload: unknown, user: SignedInUser | null = staff) =>
  callCollection(test, { method: 'POST', uid, path: 'component/', payload, user });

const getCollection = async (uid: string): Promise<Collection> =>
  (
    await test.app.inject({ method: 'GET', url: `/api/v2/collection/${uid}/`, headers: staff.headers })
  ).json();

const storedCase = async (uid: string) => (await test.db.select().from(cases).where(eq(cases.uid, uid)))[0];

/** A date a month ahead at the branch, as the form's date picker sends it. */
const dateAhead = (days: number): string =>
  DateTime.now().setZone('Australia/Melbourne').plus({ days }).toISODate() ?? '';

const component = (overrides: Record<string, unknown> = {}) => ({
  job_type_id: bridgeId,
  dentate: 'UPPER',
  status_id: awaitingId,
  ...overrides,
});

describe('POST /api/v2/collection/{uid}/component/: access, existence, validation', () => {
  let collection: CreatedCollection;
  beforeAll(async () => {
    collection = await createCollection(test.db);
  });

  it('answers 401 without a token', async () => {
    const response = await addComponent(collection.uid, component(), null);
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });

  it('answers 404 for an unknown or malformed collection', async () => {
    for (const uid of [randomUUID(), 'not-a-uid']) {
      const response = await addComponent(uid, component());
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Could not load case collection');
    }
  });

  it("answers 400 'Cannot be blank' for each blank field, and for all at once", async () => {
    for (const field of ['job_type_id', 'dentate', 'status_id']) {
      for (const value of [null, '', undefined]) {
        const response = await addComponent(collection.uid, component({ [field]: value }));
        expect(response.statusCode).toBe(400);
        expect(errorMessage(response)).toBe('Cannot be blank');
        expect(fieldsOf(response)).toEqual({ [field]: 'Cannot be blank' });
      }
    }
    const empty = await addComponent(collection.uid, {});
    expect(fieldsOf(empty)).toEqual({
      job_type_id: 'Cannot be blank',
      dentate: 'Cannot be blank',
      status_id: 'Cannot be blank',
    });
  });

  it('answers 400 for an unknown job type or status and a promise in the past', async () => {
    const response = await addComponent(
      collection.uid,
      component({ job_type_id: 999_999, status_id: 999_999, date_promised: dateAhead(-2) }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Unknown job type');
    expect(fieldsOf(response)).toEqual({
      job_type_id: 'Unknown job type',
      status_id: 'Unknown status',
      date_promised: 'Cannot be in the past',
    });
    const bad = await addComponent(collection.uid, component({ date_promised: 'next week' }));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual({ date_promised: 'Invalid date' });
    expect((await getCollection(collection.uid)).cases).toHaveLength(1);
  });
});

describe('POST /api/v2/collection/{uid}/component/: the new case', () => {
  let collection: CreatedCollection;
  let created: CollectionCase;
  const promisedOn = dateAhead(30);

  beforeAll(async () => {
    collection = await createCollection(test.db, { branch: 'Melbourne' });
    const response = await addComponent(
      collection.uid,
      component({ dentate: 'LOWER', status_id: await ids.status('Programming'), date_promised: promisedOn }),
    );
    expect(response.statusCode).toBe(201);
    created = response.json<CollectionCase>();
  });

  it('answers the case exactly as GET lists it, as the next component', async () => {
    expect(collectionCaseSchema.safeParse(created).success).toBe(true);
    const listed = (await getCollection(collection.uid)).cases;
    expect(listed.map((c) => c.case_mkey)).toEqual([
      `${collection.collection_id}-01`,
      `${collection.collection_id}-02`,
    ]);
    expect(listed[1]).toEqual(created);
  });

  it('derives flags and department from the status parent and copies the job type', () => {
    expect(created).toMatchObject({
      job_type: 'Screw-Retained Bridge',
      job_type_id: bridgeId,
      status: 'Programming',
      dentate: 'LOWER',
      department: 'MACHINING',
      ordered: false,
      in_design: false,
      in_production: true,
      in_lab: false,
      dispatched: false,
      cancelled: false,
      active: true,
      virtual_product: false,
      collection_reference: collection.collection_id,
    });
  });

  it('stores the schedule: start now, promise at close of business of the promised date', async () => {
    const row = await storedCase(created.uid);
    expect(row?.schedule_start).toBeInstanceOf(Date);
    expect(Date.now() - (row?.schedule_start?.getTime() ?? 0)).toBeLessThan(60_000);
    const closeOfBusiness = DateTime.fromISO(promisedOn, { zone: 'Australia/Melbourne' }).set({ hour: 17 });
    expect(created.date_promised).toBe(closeOfBusiness.toUTC().toISO({ suppressMilliseconds: false }));
    const schedule = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v2/case/${created.case_id}/schedule/`,
        headers: staff.headers,
      })
    ).json<Schedule>();
    expect(created.customer_due).toBe(created.date_promised);
    expect(created).toMatchObject({
      internal_due: schedule.internal_due_time,
      metrology_due: schedule.due_times.metrology,
      design_due: schedule.due_times.design,
      machining_due: schedule.due_times.machining,
      dispatch_due: schedule.due_times.dispatch,
    });
  });

  it("without a promise, the job type's standard turnaround is the customer due time", async () => {
    const response = await addComponent(collection.uid, component());
    expect(response.statusCode).toBe(201);
    const plain = response.json<CollectionCase>();
    expect(plain.date_promised).toBeNull();
    expect(plain.customer_due).not.toBeNull();
    expect(plain.internal_due).not.toBeNull();
    expect(plain.in_design).toBe(true);
    expect(plain.department).toBe('DESIGN');
  });

  it("writes a 'created' case audit row", async () => {
    expect(await caseAuditRows(test.db, created.uid)).toEqual([
      {
        modified_by: staff.username,
        changed_values: {
          created: { old: null, new: created.case_mkey },
          job_type: { old: null, new: 'Screw-Retained Bridge' },
          dentate: { old: null, new: 'LOWER' },
          status: { old: null, new: 'Programming' },
          date_promised: { old: null, new: created.date_promised },
        },
      },
    ]);
  });

  it("copies the job type's checklist", async () => {
    const templates = await test.db
      .select({ id: checklist_templates.id })
      .from(checklist_templates)
      .where(
        and(
          eq(checklist_templates.is_active, true),
          or(isNull(checklist_templates.job_type_id), eq(checklist_templates.job_type_id, bridgeId)),
        ),
      );
    const items = await test.db
      .select({ template_id: checklist_items.template_id, done: checklist_items.done })
      .from(checklist_items)
      .where(eq(checklist_items.case_uid, created.uid));
    expect(templates.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.template_id))).toEqual(new Set(templates.map((t) => t.id)));
    expect(items.every((i) => !i.done)).toBe(true);
  });
});

describe('the status select of the Add Component form', () => {
  it('finds its default status in the reference list, which it sorts by parent then name itself', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v2/case/statuses/',
      headers: staff.headers,
    });
    const statuses = response.json<Status[]>();
    expect(defaultAddComponentStatus(statuses)?.id).toBe(awaitingId);
    // The list comes in workflow order (ORDERED first), not the form's order.
    expect(statuses[0]?.parent_name).toBe('ORDERED');
    expect(sortStatusesForSelect(statuses)[0]?.parent_name).toBe('CANCELLED');
  });
});

describe('POST /api/v2/collection/{uid}/component/: rules and concurrency', () => {
  it('plans the preemptive outsource of a job type that has one', async () => {
    const [partner] = await test.db.select({ id: partners.id }).from(partners).limit(1);
    if (!partner) throw new Error('no partner seeded');
    const [jobType] = await test.db
      .insert(job_types)
      .values({ name: `Outsourced Design ${randomUUID()}`, preemptive_partner_id: partner.id })
      .returning({ id: job_types.id });
    const collection = await createCollection(test.db);
    const response = await addComponent(collection.uid, component({ job_type_id: jobType?.id }));
    expect(response.statusCode).toBe(201);
    const created = response.json<CollectionCase>();
    const planned = await test.db
      .select({ partner_id: outsources.partner_id, start: outsources.start })
      .from(outsources)
      .where(eq(outsources.case_uid, created.uid));
    expect(planned).toEqual([{ partner_id: partner.id, start: null }]);
  });

  it('gives parallel adds distinct case keys', async () => {
    const collection = await createCollection(test.db, { cases: [] });
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => addComponent(collection.uid, component())),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const keys = responses.map((r) => r.json<CollectionCase>().case_mkey).sort();
    expect(keys).toEqual([1, 2, 3, 4].map((n) => `${collection.collection_id}-0${n}`));
  });
});
