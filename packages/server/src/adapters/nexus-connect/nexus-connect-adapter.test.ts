import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNexusConnectClient, NexusConnectError, type NexusConnectClient } from './client';
import { startNexusConnectSimulator, type NexusConnectSimulator } from './simulator';
import { readZip } from './zip-test-kit';

// Our nexus_connect client against the local simulator over real HTTP: the zip, and every failure kind.

const apiKey = 'test-nexus-key';
const request = {
  session_id: 'nc-session-1',
  scan_body: { code: 'SB-ELOS-1B', name: 'Elos IO 1B Scan Body' },
  healing_cap: { code: 'HC-GM-45', name: 'Healing Cap GM 4.5 × 3.5' },
};

let simulator: NexusConnectSimulator;
let client: NexusConnectClient;

beforeAll(async () => {
  simulator = await startNexusConnectSimulator({ apiKey, hangMs: 5_000 });
  client = createNexusConnectClient({ baseUrl: simulator.url, apiKey, timeoutMs: 1_000 });
});
afterAll(() => simulator.close());

const failureOf = async (promise: Promise<unknown>): Promise<NexusConnectError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof NexusConnectError) return error;
    throw error;
  }
  throw new Error('expected a NexusConnectError');
};

describe('the nexus_connect client and simulator', () => {
  it('answers an export as a real zip: a manifest and one binary STL per part', async () => {
    const answer = await client.createExport(request);
    const zip = await buffer(answer.body);
    expect(answer.size).toBe(zip.length);
    const entries = readZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual([
      'manifest.json',
      'scan_body/SB-ELOS-1B.stl',
      'healing_cap/HC-GM-45.stl',
    ]);
    expect(JSON.parse(entries[0]?.data.toString('utf8') ?? '')).toMatchObject({
      session_id: 'nc-session-1',
      scan_body: request.scan_body,
    });
    for (const stl of entries.slice(1)) {
      // Binary STL: 84 bytes of header and count, then 50 bytes per triangle.
      expect(stl.data.length).toBe(84 + 50 * stl.data.readUInt32LE(80));
      expect(stl.data.subarray(0, 5).toString('ascii')).not.toBe('solid');
    }
    expect(simulator.requests.at(-1)).toEqual(request);
  });

  it('leaves the healing cap out when none is asked for', async () => {
    const answer = await client.createExport({ ...request, healing_cap: null });
    const names = readZip(await buffer(answer.body)).map((entry) => entry.name);
    expect(names).toEqual(['manifest.json', 'scan_body/SB-ELOS-1B.stl']);
  });

  it('reports a refusal with its status, a wrong key as 401', async () => {
    simulator.control({ failNext: 1 });
    const refused = await failureOf(client.createExport(request));
    expect(refused).toMatchObject({ kind: 'http', status: 503 });
    const wrongKey = createNexusConnectClient({ baseUrl: simulator.url, apiKey: 'nope', timeoutMs: 1_000 });
    expect(await failureOf(wrongKey.createExport(request))).toMatchObject({ kind: 'http', status: 401 });
  });

  it('reports a service that does not answer in time, and one that cannot be reached', async () => {
    simulator.control({ hangNext: 1 });
    expect(await failureOf(client.createExport(request))).toMatchObject({ kind: 'timeout' });
    const nowhere = createNexusConnectClient({ baseUrl: 'http://127.0.0.1:9', apiKey, timeoutMs: 1_000 });
    expect(await failureOf(nowhere.createExport(request))).toMatchObject({ kind: 'network' });
  });
});
