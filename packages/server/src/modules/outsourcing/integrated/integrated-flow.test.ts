import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '@lab/domain';
import { createEvidentSetup } from '../../../adapters/evident/evident-setup';
import { evidentPaths } from '../../../adapters/evident/protocol';
import { startEvidentSimulator, type EvidentSimulator } from '../../../adapters/evident/simulator';
import { loadConfig } from '../../../config';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createCollection, type CaseRow } from '../../../testing/factories';
import { createCaseCalls } from '../../cases/cases-test-kit';
import {
  findPartnerIdByName,
  integratedForm,
  loadRequest,
  requestsOfCase,
  storeCaseFile,
} from './integrated-test-kit';

// The whole flow as `npm start` runs it, nothing driven by hand: the app's job runner sends the queued
// request to the simulator, the simulator finishes the design and calls our webhook over HTTP, and the
// collect job stores the result on the case.

const env = { EVIDENT_API_KEY: 'flow-test-key', EVIDENT_WEBHOOK_SECRET: 'flow-test-secret' };
let simulator: EvidentSimulator;
let test: TestApp;
let staff: SignedInUser;

beforeAll(async () => {
  simulator = await startEvidentSimulator({
    apiKey: env.EVIDENT_API_KEY,
    webhookSecret: env.EVIDENT_WEBHOOK_SECRET,
    completeAfterMs: 300,
  });
  const config = loadConfig({ DATA_DIR: '/tmp/unused-in-tests', ...env });
  test = await createTestApp({ env, evident: createEvidentSetup(config, simulator.url) });
  const address = await test.app.listen({ host: '127.0.0.1', port: 0 });
  simulator.setWebhookUrl(`${address}${evidentPaths.webhook}`);
  staff = await signInAs(test, { department: 'DESIGN' });
});

afterAll(async () => {
  await test.close();
  await simulator.close();
});

const waitFor = async <T>(read: () => Promise<T>, isDone: (value: T) => boolean, ms = 30_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the integrated flow through the job runner', () => {
  it('sends, hears back by webhook and stores the results', async () => {
    const collection = await createCollection(test.db, { cases: [{ statusName: 'Design In Progress' }] });
    const row = collection.cases[0] as CaseRow;
    const file = await storeCaseFile(test, { caseUid: row.uid, collectionUid: collection.uid });
    const calls = createCaseCalls(test, staff);
    const evidentId = await findPartnerIdByName(test, 'Evident Digital');
    expect((await calls.act(row.case_id, integratedForm(evidentId, file.id))).statusCode).toBe(200);
    const [entry] = await requestsOfCase(test, row.uid);
    if (!entry) throw new Error('no request');

    const done = await waitFor(
      () => loadRequest(test, entry.request.id),
      (request) => request.completed_at !== null,
    );
    expect(done).toMatchObject({ retry_count: 0, error: null, response_status: 'COMPLETED' });
    expect(done.partner_reference).toMatch(/^EVD-/);

    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v2/collection/${collection.uid}/`,
      headers: staff.headers,
    });
    const listed = collectionSchema.parse(response.json()).cases.find((c) => c.uid === row.uid);
    expect(listed?.outsource_received_files.map((f) => f.filename)).toEqual([
      `${done.partner_reference ?? ''}-design.stl`,
    ]);
    expect(listed?.outsources[0]?.status).toBe('Review');
  });
});
