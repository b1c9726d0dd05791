import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema, integratedRequestState, maxIntegratedTries } from '@lab/domain';
import type { EvidentSetup } from '../../../adapters/evident/evident-setup';
import type { EvidentSimulator } from '../../../adapters/evident/simulator';
import { integrated_outsource_requests, outsources } from '../../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createCollection, type CaseRow } from '../../../testing/factories';
import { createCaseCalls } from '../../cases/cases-test-kit';
import {
  evidentSetupFor,
  findPartnerIdByName,
  integratedForm,
  loadRequest,
  requestsOfCase,
  senderContextAt,
  startTestSimulator,
  storeCaseFile,
} from './integrated-test-kit';
import { retryDelayMs } from './retry-delay';
import { sendDueRequests } from './send-requests';

// The sender with the real client against the simulator over HTTP, driven pass by pass on a moved clock
// (the app's own jobs have no client here, so only the test sends): a first-time success, failures with
// backoff then success, ten failures and the stop, a timeout, one send under concurrent passes, a redo,
// and a job ended before its send.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let simulator: EvidentSimulator;
let evident: EvidentSetup;
let evidentId: number;

const baseSeconds = 30;

beforeAll(async () => {
  test = await createTestApp({ env: { EVIDENT_RETRY_BASE_SECONDS: String(baseSeconds) } });
  staff = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, staff);
  evidentId = await findPartnerIdByName(test, 'Evident Digital');
  simulator = await startTestSimulator(test);
  // Long enough for a loaded CI machine, short enough that the hanging call's test stays quick.
  evident = evidentSetupFor(test, simulator, 2500);
});

afterAll(async () => {
  await simulator.close();
  await test.close();
});

/** A started integrated job; answers its request id, case and the file's sha256. */
const startJob = async () => {
  const collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
  const row = collection.cases[0] as CaseRow;
  const file = await storeCaseFile(test, { caseUid: row.uid, collectionUid: collection.uid });
  const response = await calls.act(row.case_id, integratedForm(evidentId, file.id));
  expect(response.statusCode).toBe(200);
  const [entry] = await requestsOfCase(test, row.uid);
  if (!entry) throw new Error('no request');
  return { requestId: entry.request.id, jobId: entry.job.id, row, collection, sha256: file.sha256 };
};

const passAt = (at: Date, requestId?: number) =>
  sendDueRequests(senderContextAt(test, evident, at), requestId === undefined ? {} : { requestId });

/** Passes at each next due time until the request is sent or stops; answers the request then. */
const driveUntilSettled = async (requestId: number, from: Date) => {
  let at = from;
  for (let pass = 0; pass < maxIntegratedTries + 2; pass += 1) {
    await passAt(at, requestId);
    const request = await loadRequest(test, requestId);
    if (request.next_attempt_at === null) return request;
    at = new Date(request.next_attempt_at.getTime() + 1);
  }
  throw new Error('the request never settled');
};

const later = (ms: number) => new Date(Date.now() + ms);

describe('sending integrated requests', () => {
  it('sends the order with its scan and records the partner reference', async () => {
    const { requestId, jobId, sha256 } = await startJob();
    expect(await passAt(later(0), requestId)).toBe(1);
    const request = await loadRequest(test, requestId);
    expect(request).toMatchObject({ retry_count: 0, error: null, error_detail: null, next_attempt_at: null });
    expect(request.sent_at).not.toBeNull();
    expect(request.response_status).toBe('RECEIVED');
    const order = simulator.orders.get(request.partner_reference ?? '');
    expect(order?.order).toMatchObject({
      client_reference: String(requestId),
      design_types: [100, 205],
      design_codes: ['1001', '1100', '2005'],
      scanner: '3Shape',
      instruction: 'Screw channels lingual where possible.',
      position: 'posterior',
      units: 2,
      rush: false,
      note: 'Internal: rush if the client calls.',
    });
    // No RefId given: the partner knows the case by its key.
    expect(order?.order.ref_id).toMatch(/^\d+-01$/);
    expect(order?.scan).toMatchObject({ name: 'upper_scan.stl', sha256 });
    const [job] = await test.db.select().from(outsources).where(eq(outsources.id, jobId));
    expect(job?.partner_status).toBe('RECEIVED');
    // Nothing is due any more.
    expect(await passAt(later(3_600_000))).toBe(0);
  });

  it('tries again after growing pauses and clears the error once the partner takes it', async () => {
    const { requestId, row, collection } = await startJob();
    const before = simulator.received.orders;
    simulator.control({ failNext: 3 });
    const start = later(0);
    const history: { retry_count: number; next_attempt_at: Date | null; error: string | null }[] = [];
    let at = start;
    for (let pass = 0; pass < 3; pass += 1) {
      await passAt(at, requestId);
      const request = await loadRequest(test, requestId);
      history.push(request);
      // Not due yet: a pass just before the next try sends nothing.
      const nextTry = request.next_attempt_at?.getTime() ?? 0;
      expect(await passAt(new Date(nextTry - 1), requestId)).toBe(0);
      at = new Date(nextTry);
    }
    expect(history.map((h) => [h.retry_count, h.error])).toEqual([
      [1, 'The partner answered HTTP 503'],
      [2, 'The partner answered HTTP 503'],
      [3, 'The partner answered HTTP 503'],
    ]);
    // Exponential with jitter: between half and all of base · 2^(n−1) after each failed try.
    let tried = start.getTime();
    for (const [index, h] of history.entries()) {
      const pause = (h.next_attempt_at?.getTime() ?? 0) - tried;
      const full = baseSeconds * 1000 * 2 ** index;
      expect(pause).toBeGreaterThanOrEqual(full / 2);
      expect(pause).toBeLessThanOrEqual(full);
      tried = h.next_attempt_at?.getTime() ?? 0;
    }
    // Meanwhile the tab shows the Error chip with the last error.
    const listed = await test.app.inject({
      method: 'GET',
      url: `/api/v2/collection/${collection.uid}/`,
      headers: staff.headers,
    });
    const presented = collectionSchema.parse(listed.json()).cases.find((c) => c.uid === row.uid)
      ?.outsources[0]?.integrated_outsource_requests[0];
    expect(presented && integratedRequestState(presented)).toBe('Error');
    expect(presented?.error_detail).toContain('503');

    await passAt(at, requestId);
    const sent = await loadRequest(test, requestId);
    expect(sent).toMatchObject({ retry_count: 3, error: null, error_detail: null, next_attempt_at: null });
    expect(sent.sent_at).not.toBeNull();
    expect(simulator.received.orders - before).toBe(4);
  });

  it('stops after ten failed tries with the error kept', async () => {
    const { requestId } = await startJob();
    const before = simulator.received.orders;
    simulator.control({ failNext: 100 });
    const settled = await driveUntilSettled(requestId, later(0));
    simulator.control({ failNext: 0 });
    expect(settled).toMatchObject({
      retry_count: maxIntegratedTries,
      sent_at: null,
      partner_reference: null,
      error: 'The partner answered HTTP 503',
      next_attempt_at: null,
    });
    expect(settled.error_detail).toContain('Simulated outage');
    expect(simulator.received.orders - before).toBe(10);
    // No more tries, however late.
    expect(await passAt(later(30 * 86_400_000), requestId)).toBe(0);
    expect(simulator.received.orders - before).toBe(10);
  });

  it('records a timeout as a failed try and sends on the next one', async () => {
    const { requestId } = await startJob();
    simulator.control({ hangNext: 1 });
    // The try that hangs waits out the client's timeout, most of this test's time: a client of its own with
    // a shorter one (the simulator, in this process, has the post long before). The next try is the file's.
    const impatient = evidentSetupFor(test, simulator, 1000);
    const started = Date.now();
    await sendDueRequests(senderContextAt(test, impatient, later(0)), { requestId });
    expect(Date.now() - started).toBeLessThan(10_000);
    const timedOut = await loadRequest(test, requestId);
    expect(timedOut).toMatchObject({ retry_count: 1, error: 'The partner did not answer within 1 s' });
    expect(timedOut.error_detail).toContain('no answer within 1000 ms');
    expect(timedOut.next_attempt_at).not.toBeNull();
    const sent = await driveUntilSettled(requestId, timedOut.next_attempt_at ?? later(0));
    expect(sent).toMatchObject({ retry_count: 1, error: null });
    expect(sent.partner_reference).toMatch(/^EVD-/);
  });

  it('sends once when several passes run at the same time', async () => {
    const { requestId } = await startJob();
    const before = simulator.received.orders;
    const at = later(0);
    const tried = await Promise.all([passAt(at), passAt(at, requestId), passAt(at)]);
    expect(tried.reduce((a, b) => a + b, 0)).toBe(1);
    expect(simulator.received.orders - before).toBe(1);
    expect((await loadRequest(test, requestId)).sent_at).not.toBeNull();
  });

  it('sends a redo to the partner reference', async () => {
    const { requestId, row, jobId } = await startJob();
    await passAt(later(0), requestId);
    const reference = (await loadRequest(test, requestId)).partner_reference ?? '';
    await simulator.complete(reference);
    // As the collect step records it.
    await test.db
      .update(integrated_outsource_requests)
      .set({ completed_at: new Date() })
      .where(eq(integrated_outsource_requests.id, requestId));
    const response = await calls.act(row.case_id, {
      action: 'redo_integrated_outsource',
      outsource_id: jobId,
      payload: { Notes: 'Open the contacts.' },
    });
    expect(response.statusCode).toBe(200);
    await passAt(later(1_000), requestId);
    const redone = await loadRequest(test, requestId);
    expect(redone.redo_sent_at).not.toBeNull();
    expect(redone).toMatchObject({ error: null, next_attempt_at: null, response_status: 'RECEIVED' });
    expect(simulator.orders.get(reference)).toMatchObject({ round: 1, redoNotes: ['Open the contacts.'] });
  });

  it('sends nothing for a job ended before its send', async () => {
    const { requestId, jobId } = await startJob();
    await test.db.update(outsources).set({ end: new Date() }).where(eq(outsources.id, jobId));
    const before = simulator.received.orders;
    expect(await passAt(later(0), requestId)).toBe(1);
    expect(simulator.received.orders).toBe(before);
    expect(await loadRequest(test, requestId)).toMatchObject({
      sent_at: null,
      next_attempt_at: null,
      error: null,
    });
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base, caps at an hour and keeps at least half', () => {
    expect(retryDelayMs(1, 30, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, 30, () => 1)).toBe(30_000);
    expect(retryDelayMs(4, 30, () => 1)).toBe(240_000);
    expect(retryDelayMs(20, 30, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(20, 30, () => 0)).toBe(1_800_000);
  });
});
