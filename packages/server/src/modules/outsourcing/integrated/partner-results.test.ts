import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRequestIntegratedRedo, collectionSchema } from '@lab/domain';
import type { EvidentSetup } from '../../../adapters/evident/evident-setup';
import { evidentPaths, signWebhook } from '../../../adapters/evident/protocol';
import type { EvidentSimulator } from '../../../adapters/evident/simulator';
import {
  audit_events,
  files,
  integrated_outsource_requests,
  messages,
  notifications,
  outsources,
  partner_webhook_events,
} from '../../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createCollection, createEmployee, type CaseRow } from '../../../testing/factories';
import { createCaseCalls } from '../../cases/cases-test-kit';
import { collectResults } from './collect-results';
import {
  evidentSetupFor,
  findPartnerIdByName,
  integratedForm,
  loadRequest,
  queuedJobsFor,
  requestsOfCase,
  senderContextAt,
  startTestSimulator,
  storeCaseFile,
} from './integrated-test-kit';
import { pollPartnerStatuses } from './poll-requests';
import { sendDueRequests } from './send-requests';

// The partner's side coming back: the signed webhook (accepted, refused, replayed), the collect step that
// stores the results as outsource_received_files, the simulator calling the webhook over real HTTP, and
// the polling fallback when no webhook arrives.

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let simulator: EvidentSimulator;
let evident: EvidentSetup;
let evidentId: number;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  calls = createCaseCalls(test, staff);
  evidentId = await findPartnerIdByName(test, 'Evident Digital');
  simulator = await startTestSimulator(test);
  evident = evidentSetupFor(test, simulator);
});

afterAll(async () => {
  await simulator.close();
  await test.close();
});

const contextNow = (at = new Date()) => senderContextAt(test, evident, at);

/** A job whose request the partner took; answers its ids and the partner reference. */
const sentJob = async () => {
  const collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
  const row = collection.cases[0] as CaseRow;
  const file = await storeCaseFile(test, { caseUid: row.uid, collectionUid: collection.uid });
  expect((await calls.act(row.case_id, integratedForm(evidentId, file.id))).statusCode).toBe(200);
  const [entry] = await requestsOfCase(test, row.uid);
  if (!entry) throw new Error('no request');
  await sendDueRequests(contextNow(), { requestId: entry.request.id });
  const request = await loadRequest(test, entry.request.id);
  if (!request.partner_reference) throw new Error('not sent');
  return { collection, row, requestId: request.id, job: entry.job, reference: request.partner_reference };
};

let eventSequence = 0;
const eventBody = (reference: string, status: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    event_id: `evt_test_${(eventSequence += 1)}`,
    type: 'order.status',
    reference,
    status,
    round: 0,
    occurred_at: new Date().toISOString(),
    ...overrides,
  });

const postWebhook = (body: string, headers: Record<string, string>) =>
  test.app.inject({
    method: 'POST',
    url: evidentPaths.webhook,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });

const postSigned = (body: string, secret = test.config.evidentWebhookSecret, at = new Date()) =>
  postWebhook(body, signWebhook(secret, body, at));

const listedJob = async (collectionUid: string, caseUid: string) => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/collection/${collectionUid}/`,
    headers: staff.headers,
  });
  const listed = collectionSchema.parse(response.json()).cases.find((c) => c.uid === caseUid);
  if (!listed) throw new Error('case not listed');
  return listed;
};

describe('the EVIDENT webhook', () => {
  it('takes a signed COMPLETED event, queues the collect job, and the results land on the case', async () => {
    const designer = await createEmployee(test.db, { department: 'DESIGN', branch: 'Melbourne' });
    const { collection, row, requestId, job, reference } = await sentJob();
    await simulator.complete(reference);

    const progress = await postSigned(eventBody(reference, 'IN_PROGRESS'));
    expect(progress.json()).toEqual({ outcome: 'accepted' });
    expect((await listedJob(collection.uid, row.uid)).outsources[0]?.status).toBe('In Progress');

    const response = await postSigned(eventBody(reference, 'COMPLETED'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'accepted' });
    expect(await loadRequest(test, requestId)).toMatchObject({
      response_status: 'COMPLETED',
      completed_at: null,
    });
    expect(await queuedJobsFor(test, 'evident-collect', requestId)).toBe(1);
    // Until the results land the card keeps showing the work in progress.
    expect((await listedJob(collection.uid, row.uid)).outsources[0]?.status).toBe('In Progress');

    expect(await collectResults(contextNow(), requestId)).toBe('collected');
    const listed = await listedJob(collection.uid, row.uid);
    expect(listed.outsource_received_files.map((f) => f.filename)).toEqual([`${reference}-design.stl`]);
    const [outsource] = listed.outsources;
    expect(outsource?.status).toBe('Review');
    expect(outsource?.partner_status).toBe('COMPLETED');
    const presented = outsource?.integrated_outsource_requests[0];
    expect(presented?.completed_at).not.toBeNull();
    expect(presented?.response.status).toBe('COMPLETED');
    expect(presented && canRequestIntegratedRedo(presented)).toBe(true);

    const [stored] = await test.db.select().from(files).where(eq(files.outsource_uid, job.uid));
    expect(stored).toMatchObject({
      file_category: 'outsource_received_file',
      partner_id: evidentId,
      uploaded_by_reference: 'Evident Digital',
      case_uid: row.uid,
    });
    const [fromPartner] = await test.db
      .select()
      .from(messages)
      .where(and(eq(messages.outsource_uid, job.uid), eq(messages.direction, 'INBOUND')));
    expect(fromPartner?.note).toContain(`completed the design for ${row.case_mkey}: ${reference}-design.stl`);
    const told = await test.db.select().from(notifications).where(eq(notifications.user_id, designer.id));
    expect(told.map((n) => n.message_uid)).toContain(fromPartner?.uid);
    const [audit] = await test.db
      .select({ actor_kind: audit_events.actor_kind, actor_via: audit_events.actor_via })
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, job.uid), eq(audit_events.action, 'results_received')));
    expect(audit).toEqual({ actor_kind: 'partner', actor_via: `partner:${evident.client.keyFingerprint}` });

    // A second run (polling, a retried job) stores nothing again.
    expect(await collectResults(contextNow(), requestId)).toBe('nothing');
    expect(await test.db.select().from(files).where(eq(files.outsource_uid, job.uid))).toHaveLength(1);
  });

  it('refuses a bad, missing or stale signature with 401 and changes nothing', async () => {
    const { requestId, reference } = await sentJob();
    const before = await loadRequest(test, requestId);
    const events = await test.db.select().from(partner_webhook_events);
    const body = eventBody(reference, 'COMPLETED');
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const refusals = [
      await postSigned(body, 'not the shared secret'),
      await postWebhook(body, {}),
      await postSigned(body, test.config.evidentWebhookSecret, tenMinutesAgo),
      // Signed for another body.
      await postWebhook(
        body,
        signWebhook(test.config.evidentWebhookSecret, eventBody(reference, 'RECEIVED')),
      ),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Invalid signature');
    }
    expect(await loadRequest(test, requestId)).toEqual(before);
    expect(await test.db.select().from(partner_webhook_events)).toEqual(events);
    expect(await queuedJobsFor(test, 'evident-collect', requestId)).toBe(0);
  });

  it('ignores a replayed event and an unknown reference', async () => {
    const { requestId, reference } = await sentJob();
    const progress = eventBody(reference, 'IN_PROGRESS');
    expect((await postSigned(progress)).json()).toEqual({ outcome: 'accepted' });
    expect((await postSigned(eventBody(reference, 'COMPLETED'))).json()).toEqual({ outcome: 'accepted' });
    // The earlier event again (the partner retrying, or a captured call): the status stays COMPLETED.
    const replay = await postSigned(progress);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ outcome: 'replayed' });
    expect((await loadRequest(test, requestId)).response_status).toBe('COMPLETED');
    expect(await queuedJobsFor(test, 'evident-collect', requestId)).toBe(1);

    expect((await postSigned(eventBody('EVD-UNKNOWN', 'COMPLETED'))).json()).toEqual({ outcome: 'ignored' });
    const unreadable = await postSigned('{"event_id": 1}');
    expect(unreadable.statusCode).toBe(400);
  });

  it('is called by the simulator over HTTP with a signature our route accepts', async () => {
    const address = await test.app.listen({ host: '127.0.0.1', port: 0 });
    simulator.setWebhookUrl(`${address}${evidentPaths.webhook}`);
    try {
      const { requestId, reference } = await sentJob();
      expect(await simulator.complete(reference)).toBe(200);
      expect(await loadRequest(test, requestId)).toMatchObject({ response_status: 'COMPLETED' });
      expect(await queuedJobsFor(test, 'evident-collect', requestId)).toBe(1);
    } finally {
      simulator.setWebhookUrl(null);
    }
  });
});

describe('polling the partner', () => {
  it('asks about requests not heard of for a while and collects finished ones', async () => {
    const { collection, row, requestId, reference } = await sentJob();
    await simulator.complete(reference);
    // Heard of a minute ago: not asked yet.
    expect(await pollPartnerStatuses(contextNow(new Date(Date.now() + 60_000)))).toBe(0);

    const inTenMinutes = new Date(Date.now() + 10 * 60_000);
    expect(await pollPartnerStatuses(contextNow(inTenMinutes))).toBeGreaterThanOrEqual(1);
    const request = await loadRequest(test, requestId);
    expect(request.completed_at).not.toBeNull();
    expect(request.polled_at?.getTime()).toBe(inTenMinutes.getTime());
    const listed = await listedJob(collection.uid, row.uid);
    expect(listed.outsource_received_files.map((f) => f.filename)).toEqual([`${reference}-design.stl`]);
  });

  it('records a status that is not final and asks again only after the interval', async () => {
    const { requestId, job } = await sentJob();
    await test.db
      .update(integrated_outsource_requests)
      .set({ response_status: null })
      .where(eq(integrated_outsource_requests.id, requestId));
    const first = new Date(Date.now() + 10 * 60_000);
    await pollPartnerStatuses(contextNow(first));
    expect(await loadRequest(test, requestId)).toMatchObject({
      response_status: 'RECEIVED',
      completed_at: null,
    });
    const [outsource] = await test.db.select().from(outsources).where(eq(outsources.id, job.id));
    expect(outsource?.partner_status).toBe('RECEIVED');
    const polledAt = (await loadRequest(test, requestId)).polled_at;
    await pollPartnerStatuses(contextNow(new Date(first.getTime() + 60_000)));
    expect((await loadRequest(test, requestId)).polled_at).toEqual(polledAt);
  });
});
