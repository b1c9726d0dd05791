import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerJobSchema, partnerTexts, type PartnerJob } from '@lab/domain';
import {
  createTestApp,
  multipartBody,
  sampleFiles,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCase, createCollection, type CreatedCollection } from '../../testing/factories';
import { expectLinkHeaders, jsonOf, keysIn } from '../portal/portal-test-kit';
import {
  createOutsourceJob,
  createPartnerCalls,
  errorOf,
  findPartnerId,
  insertCaseFile,
  insertMessage,
  insertOrderForm,
  type OutsourceRow,
} from './partner-test-kit';

// What a partner's share key opens: exactly its own started job — the case's job type, due time,
// instructions, the files sent for it, the files it returned, that job's messages and the order form —
// and never another job's files or messages, a staff-only note, a price, the client or the key itself.

let test: TestApp;
let designer: SignedInUser;
let collection: CreatedCollection;
let otherCase: CreatedCollection['cases'][number];
let job: OutsourceRow & { outsource_key: string };
let otherJob: OutsourceRow & { outsource_key: string };
let ids: Record<string, number>;
let ipCounter = 0;

/** A fresh client address for calls that miss, so the guessing limit never interferes. */
const nextIp = (): string => {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
};

const caseOf = () => {
  const item = collection.cases[0];
  if (!item) throw new Error('the collection has no case');
  return item;
};

beforeAll(async () => {
  test = await createTestApp();
  designer = await signInAs(test, { department: 'DESIGN' });
  collection = await createCollection(test.db, {
    clientName: 'Confidential Dental Clinic',
    patientReference: 'Patient PX-17',
    cases: [{ statusName: 'Design Outsourced', jobTypeName: 'Screw-Retained Bridge' }],
  });
  otherCase = await createCase(test.db, collection, { statusName: 'Design Outsourced' });
  const item = caseOf();
  job = await createOutsourceJob(test.db, item.uid, { note: 'Shade A2, open contacts' });
  otherJob = await createOutsourceJob(test.db, item.uid, { partnerName: 'Kiwi CAD Studio' });
  const ownPartner = await findPartnerId(test.db, 'Dental Design Partners');
  const kiwi = await findPartnerId(test.db, 'Kiwi CAD Studio');
  const onCase = { caseUid: item.uid, collectionUid: collection.uid };
  const sent = (filename: string, outsourceUid: string | null, partnerId: number | null) =>
    insertCaseFile(test.db, onCase, { category: 'outsource_sent_file', filename, outsourceUid, partnerId });
  ids = {
    sentForJob: (await sent('job-scan.stl', job.uid, ownPartner)).id,
    sentToAnyone: (await sent('general-scan.stl', null, null)).id,
    sentToPartner: (await sent('partner-scan.ply', null, ownPartner)).id,
    sentToOtherPartner: (await sent('kiwi-only.stl', null, kiwi)).id,
    sentForOtherJob: (await sent('other-job.stl', otherJob.uid, kiwi)).id,
    receivedOwn: (
      await insertCaseFile(test.db, onCase, {
        category: 'outsource_received_file',
        filename: 'design-back.stl',
        outsourceUid: job.uid,
        partnerId: ownPartner,
      })
    ).id,
    receivedOther: (
      await insertCaseFile(test.db, onCase, {
        category: 'outsource_received_file',
        filename: 'kiwi-design.stl',
        outsourceUid: otherJob.uid,
        partnerId: kiwi,
      })
    ).id,
    deletedSent: (
      await insertCaseFile(test.db, onCase, {
        category: 'outsource_sent_file',
        filename: 'withdrawn.stl',
        deleted: true,
      })
    ).id,
    internal: (await insertCaseFile(test.db, onCase, { category: 'internal_file', filename: 'internal.pdf' }))
      .id,
    otherCaseSent: (
      await insertCaseFile(
        test.db,
        { caseUid: otherCase.uid, collectionUid: collection.uid },
        { category: 'outsource_sent_file', filename: 'other-case.stl' },
      )
    ).id,
  };
  const hour = 3_600_000;
  await insertMessage(test.db, onCase, {
    note: 'Please design this bridge',
    outsourceUid: job.uid,
    createdAt: new Date(Date.now() - 2 * hour),
  });
  await insertMessage(test.db, onCase, {
    note: 'Question about the margin',
    outsourceUid: job.uid,
    direction: 'INBOUND',
    author: 'Dental Design Partners',
    createdAt: new Date(Date.now() - hour),
  });
  await insertMessage(test.db, onCase, { note: 'Kiwi thread', outsourceUid: otherJob.uid });
  await insertMessage(test.db, onCase, {
    note: 'Staff only: partner is slow',
    type: 'DESIGN_MESSAGE',
    visibility: 'STAFF',
    outsourceUid: job.uid,
  });
  await insertMessage(test.db, onCase, {
    note: 'Client sees this',
    type: 'CLIENT_MESSAGE',
    visibility: 'CLIENTS',
  });
  await insertOrderForm(
    test.db,
    { collectionUid: collection.uid, caseUid: item.uid },
    { shade: 'A2', oep_api_secret: 'secret-value', client: { name: 'Confidential Dental Clinic' } },
  );
  await insertOrderForm(test.db, { collectionUid: collection.uid, caseUid: otherCase.uid }, { shade: 'B1' });
});

afterAll(async () => {
  await test.close();
});

const loadJob = async (): Promise<PartnerJob> =>
  partnerJobSchema.parse(jsonOf(await createPartnerCalls(test, job.outsource_key).load()));

describe('GET /api/v2/partner/{outsource_key}/', () => {
  it('answers the job with its case, due time, instructions and status, with the link headers', async () => {
    const response = await createPartnerCalls(test, job.outsource_key).load();
    expect(response.statusCode).toBe(200);
    expectLinkHeaders(response);
    expect(response.headers['set-cookie']).toBeUndefined();
    const answer = partnerJobSchema.parse(response.json());
    expect(answer).toMatchObject({
      collection_id: collection.collection_id,
      case_mkey: caseOf().case_mkey,
      patient_reference: 'Patient PX-17',
      job_type: 'Screw-Retained Bridge',
      outsource_job_type: 'digital',
      partner_name: 'Dental Design Partners',
      start: job.start?.toISOString(),
      expected_return: job.expected_return?.toISOString(),
      note: 'Shade A2, open contacts',
      status: 'Not Started',
      ended: false,
      marked_as_completed: null,
    });
  });

  it("lists the files sent for this job or to this partner, and only this job's returned files", async () => {
    const answer = await loadJob();
    expect(answer.sent_files.map((file) => file.file_name)).toEqual([
      'job-scan.stl',
      'general-scan.stl',
      'partner-scan.ply',
    ]);
    expect(answer.received_files.map((file) => file.id)).toEqual([ids['receivedOwn']]);
  });

  it("lists this job's messages oldest first, and no other job's, staff-only or client message", async () => {
    const answer = await loadJob();
    expect(answer.messages.map((m) => [m.note, m.direction, m.author_reference])).toEqual([
      ['Please design this bridge', 'OUTBOUND', 'designer1'],
      ['Question about the margin', 'INBOUND', 'Dental Design Partners'],
    ]);
  });

  it("shows the case's order form without the platform's own keys, and no other case's", async () => {
    const answer = await loadJob();
    expect(answer.order_forms.map((form) => form.json_data)).toEqual([{ shade: 'A2' }]);
  });

  it('never carries a price, the client, the key or the staff fields of the job', async () => {
    const response = await createPartnerCalls(test, job.outsource_key).load();
    for (const secret of [
      job.outsource_key,
      otherJob.outsource_key,
      'Confidential Dental Clinic',
      'secret-value',
      'Kiwi',
      'Staff only',
      'Client sees this',
      collection.portal_key,
    ]) {
      expect(response.body).not.toContain(secret);
    }
    const keys = keysIn(response.json());
    for (const field of [
      'price',
      'outsource_key',
      'portal_key',
      'client_name',
      'email',
      'created_by',
      'uid',
    ]) {
      expect({ field, present: keys.has(field) }).toEqual({ field, present: field === 'uid' });
    }
  });

  it('answers a wrong, malformed or near-miss key 404 with the link text and headers', async () => {
    const calls = createPartnerCalls(test, job.outsource_key);
    for (const key of [
      randomBytes(24).toString('base64url'),
      'short',
      `${job.outsource_key}x`,
      job.outsource_key.slice(0, -1),
      job.outsource_key.toUpperCase(),
      job.uid,
      collection.portal_key,
    ]) {
      const response = await calls.load({ key, ip: nextIp() });
      expect({ key, status: response.statusCode }).toEqual({ key, status: 404 });
      expect(errorOf(response).message).toBe(partnerTexts.notFound);
      expectLinkHeaders(response);
      expect(response.body).not.toContain(key);
    }
  });

  it('answers a planned (not started) job 404 on every call, its key notwithstanding', async () => {
    const planned = await createOutsourceJob(test.db, caseOf().uid, { isStarted: false });
    const calls = createPartnerCalls(test, planned.outsource_key);
    const ip = nextIp();
    for (const response of [
      await calls.load({ ip }),
      await calls.file(ids['sentToAnyone'] ?? 0, { ip }),
      await calls.message({ message: 'Hello' }, { ip }),
      await calls.complete({ ip }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(partnerTexts.notFound);
    }
  });
});

describe('GET /api/v2/partner/{outsource_key}/file/{file_id}/', () => {
  it('answers a one-time link to a file staff sent, which downloads its bytes once', async () => {
    const body = multipartBody({ action: 'upload_files', type: 'outsource_sent_file' }, [
      { field: 'files', filename: 'prep-scan.stl', content: sampleFiles.stl() },
    ]);
    const upload = await test.app.inject({
      method: 'POST',
      url: `/api/v2/case/${caseOf().case_id}/`,
      headers: { ...designer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    const listed = (await loadJob()).sent_files.find((file) => file.file_name === 'prep-scan.stl');
    if (!listed) throw new Error('the sent file is not listed');
    const link = createPartnerCalls(test, job.outsource_key).file(listed.id);
    const answer = jsonOf<{ url: string; file_name: string }>(await link);
    expect(answer.file_name).toBe('prep-scan.stl');
    const download = await test.app.inject({ method: 'GET', url: answer.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(sampleFiles.stl())).toBe(true);
    expect((await test.app.inject({ method: 'GET', url: answer.url })).statusCode).toBe(410);
  });

  it('links sent and returned files of the job; another job, list or case is 404', async () => {
    const calls = createPartnerCalls(test, job.outsource_key);
    for (const name of ['sentForJob', 'sentToAnyone', 'sentToPartner', 'receivedOwn']) {
      const response = await calls.file(ids[name] ?? 0);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 200 });
      expectLinkHeaders(response);
      expect(response.json<{ url: string }>().url).toMatch(/^\/files\/download\/[A-Za-z0-9_-]{43}$/);
    }
    for (const name of [
      'sentToOtherPartner',
      'sentForOtherJob',
      'receivedOther',
      'deletedSent',
      'internal',
      'otherCaseSent',
    ]) {
      const response = await calls.file(ids[name] ?? 0);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 404 });
      expect(errorOf(response).message).toBe(partnerTexts.fileNotFound);
    }
    for (const raw of ['0', '-1', 'abc', '99999999999', '1e3']) {
      expect((await calls.file(raw)).statusCode).toBe(404);
    }
  });
});

describe('the partner page', () => {
  it('is served publicly with the link headers (503 while the web is not built)', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/static/v2/partner.html?key=${job.outsource_key}`,
    });
    expect([200, 503]).toContain(response.statusCode);
    expectLinkHeaders(response);
    expect(response.body).not.toContain(job.outsource_key);
  });
});
