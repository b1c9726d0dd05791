import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startNexusConnectSimulator,
  type NexusConnectSimulator,
} from '../../adapters/nexus-connect/simulator';
import { readZip } from '../../adapters/nexus-connect/zip-test-kit';
import { components } from '../../db/schema/index';
import {
  buildAppOn,
  createTestApp,
  errorMessage,
  signInAs,
  type SignedInUser,
  type TestApp,
} from '../../testing';
import { createCollection } from '../../testing/factories';

// POST /proxy/nexus_connect/exports/ through the real app: by default against the in-process simulator
// the app starts itself (no NEXUS_CONNECT_URL), and against one the test controls for the failures.

const sessionId = 'nc-7f3a-0001';
let test: TestApp;
let staff: SignedInUser;
let ids: Record<string, number>;

const idOf = async (code: string) => {
  const [row] = await test.db.select({ id: components.id }).from(components).where(eq(components.code, code));
  if (!row) throw new Error(`no ${code}`);
  return row.id;
};

const exportZip = (app: FastifyInstance, user: SignedInUser | null, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/proxy/nexus_connect/exports/',
    headers: user?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });

/**
 * An app on the file's database configured by `env` as createTestApp configures its own: the apps of the
 * export service's failures differ in configuration only, and building one takes a fraction of copying a
 * database. They export for the case of the file's collection, and its staff sign in to them.
 */
const appWith = (env: NodeJS.ProcessEnv): Promise<FastifyInstance> => buildAppOn(test, env);

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  await createCollection(test.db, {
    cases: [
      {
        statusName: 'Design In Progress',
        fields: {
          automation_results: [
            { type: 'other_tool', payload: { run: 1 } },
            { type: 'nexus_connect', payload: { nc_session_id: sessionId } },
          ],
        },
      },
    ],
  });
  ids = {
    scanBody: await idOf('SB-ELOS-1B'),
    healingCap: await idOf('HC-GM-45'),
    disabledScanBody: await idOf('SB-OLD-NB'),
    screw: await idOf('SCR-NB-CCRP'),
  };
}, 180_000);
afterAll(() => test.close());

describe('POST /proxy/nexus_connect/exports/ (in-process simulator)', () => {
  it('streams the zip back as exports.zip, parts named by their warehouse codes', async () => {
    const response = await exportZip(test.app, staff, {
      nc_session_id: sessionId,
      scan_body_id: ids['scanBody'],
      healing_cap_id: ids['healingCap'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="exports.zip"');
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'manifest.json',
      'scan_body/SB-ELOS-1B.stl',
      'healing_cap/HC-GM-45.stl',
    ]);
    expect(JSON.parse(entries[0]?.data.toString('utf8') ?? '{}')).toMatchObject({
      session_id: sessionId,
      scan_body: { code: 'SB-ELOS-1B', name: 'Elos IO 1B Scan Body' },
      healing_cap: { code: 'HC-GM-45', name: 'Healing Cap GM 4.5 × 3.5' },
    });
  });

  it('exports a scan body alone (healing cap left out or null)', async () => {
    for (const extra of [{}, { healing_cap_id: null }]) {
      const response = await exportZip(test.app, staff, {
        nc_session_id: sessionId,
        scan_body_id: ids['scanBody'],
        ...extra,
      });
      expect(response.statusCode).toBe(200);
      expect(readZip(response.rawPayload).map((entry) => entry.name)).toEqual([
        'manifest.json',
        'scan_body/SB-ELOS-1B.stl',
      ]);
    }
  });

  it('answers 404 for a session no case has', async () => {
    const response = await exportZip(test.app, staff, {
      nc_session_id: 'nc-unknown',
      scan_body_id: ids['scanBody'],
    });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('No nexus_connect session with this id');
  });

  it.each([
    ['no scan body', () => ({ nc_session_id: sessionId }), 'scan_body_id', 'Must be selected'],
    [
      'a bad session id',
      () => ({ nc_session_id: 'a b', scan_body_id: ids['scanBody'] }),
      'nc_session_id',
      'Invalid session id',
    ],
    ['no session id', () => ({ scan_body_id: ids['scanBody'] }), 'nc_session_id', 'Invalid session id'],
    [
      'a healing cap as scan body',
      () => ({ nc_session_id: sessionId, scan_body_id: ids['healingCap'] }),
      'scan_body_id',
      'Unknown scan body',
    ],
    [
      'a disabled scan body',
      () => ({ nc_session_id: sessionId, scan_body_id: ids['disabledScanBody'] }),
      'scan_body_id',
      'Unknown scan body',
    ],
    [
      'a screw as healing cap',
      () => ({ nc_session_id: sessionId, scan_body_id: ids['scanBody'], healing_cap_id: ids['screw'] }),
      'healing_cap_id',
      'Unknown healing cap',
    ],
    [
      'an unknown part',
      () => ({ nc_session_id: sessionId, scan_body_id: 2_000_000 }),
      'scan_body_id',
      'Unknown scan body',
    ],
  ])('answers 400 for %s', async (_name, payload, field, message) => {
    const response = await exportZip(test.app, staff, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('answers 401 without a token', async () => {
    const response = await exportZip(test.app, null, {
      nc_session_id: sessionId,
      scan_body_id: ids['scanBody'],
    });
    expect(response.statusCode).toBe(401);
    expect(errorMessage(response)).toBe('Invalid Token');
  });
});

describe('POST /proxy/nexus_connect/exports/ (NEXUS_CONNECT_URL)', () => {
  let simulator: NexusConnectSimulator;
  let remote: FastifyInstance;

  beforeAll(async () => {
    simulator = await startNexusConnectSimulator({ apiKey: 'remote-key', hangMs: 3_000 });
    remote = await appWith({
      NEXUS_CONNECT_URL: simulator.url,
      NEXUS_CONNECT_API_KEY: 'remote-key',
      NEXUS_CONNECT_TIMEOUT_MS: '500',
    });
  }, 180_000);
  afterAll(async () => {
    await remote.close();
    await simulator.close();
  });

  const body = () => ({ nc_session_id: sessionId, scan_body_id: ids['scanBody'] });

  it('sends the export to the configured service with its key', async () => {
    const response = await exportZip(remote, staff, body());
    expect(response.statusCode).toBe(200);
    expect(readZip(response.rawPayload)).toHaveLength(2);
    expect(simulator.requests.at(-1)).toEqual({
      session_id: sessionId,
      scan_body: { code: 'SB-ELOS-1B', name: 'Elos IO 1B Scan Body' },
      healing_cap: null,
    });
  });

  it('answers 502 when the service refuses, and when it does not answer in time', async () => {
    simulator.control({ failNext: 1 });
    const refused = await exportZip(remote, staff, body());
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      error: { code: 'upstream_failed', message: 'The export could not be made, please try again' },
    });
    simulator.control({ hangNext: 1 });
    const slow = await exportZip(remote, staff, body());
    expect(slow.statusCode).toBe(502);
    expect(errorMessage(slow)).toBe('The export service did not answer in time, please try again');
    expect((await exportZip(remote, staff, body())).statusCode).toBe(200);
  });

  it('answers 502 when the service cannot be reached', async () => {
    const unreachable = await appWith({ NEXUS_CONNECT_URL: 'http://127.0.0.1:9' });
    try {
      const response = await exportZip(unreachable, staff, body());
      expect(response.statusCode).toBe(502);
      expect(errorMessage(response)).toBe('The export could not be made, please try again');
    } finally {
      await unreachable.close();
    }
  });
});
