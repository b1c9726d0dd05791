import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFileContent, partnerCodesFor } from '@lab/domain';
import { createEvidentClient, EvidentError, type EvidentClient } from './client';
import {
  checkWebhookSignature,
  evidentHeaders,
  evidentWebhookEventSchema,
  signWebhook,
  type EvidentOrder,
} from './protocol';
import { startEvidentSimulator, type EvidentSimulator } from './simulator';

// The real client against the simulator over HTTP on 127.0.0.1: orders with their streamed scan,
// idempotent retries, the partner's refusals, timeouts, results, and the signed webhook.

const apiKey = 'adapter-test-key';
const webhookSecret = 'adapter-test-secret';
let simulator: EvidentSimulator;
let client: EvidentClient;

// A small receiver for the simulator's webhook calls.
const webhookCalls: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    webhookCalls.push({ headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"outcome":"accepted"}');
  });
});

const scanBytes = Buffer.concat([Buffer.alloc(80, 0x20), Buffer.from([1, 0, 0, 0]), Buffer.alloc(50, 7)]);
const scan = {
  name: 'upper "scan".stl',
  contentType: 'model/stl',
  open: async () => Readable.from([scanBytes]),
};

const order = (overrides: Partial<EvidentOrder> = {}): EvidentOrder => ({
  client_reference: '1',
  design_types: [100, 205],
  design_codes: partnerCodesFor([100, 205]),
  scanner: '3Shape',
  instruction: 'Light contacts.',
  units: 2,
  position: 'posterior',
  rush: false,
  ref_id: '100001-01',
  note: null,
  ...overrides,
});

let keySequence = 0;
const newKey = () => `adapter-test-${(keySequence += 1)}`;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  simulator = await startEvidentSimulator({
    apiKey,
    webhookSecret,
    completeAfterMs: null,
    hangMs: 5_000,
    webhookUrl: `http://127.0.0.1:${port}/hook`,
  });
  client = createEvidentClient({ baseUrl: simulator.url, apiKey, timeoutMs: 2500 });
});

afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const failureOf = async (promise: Promise<unknown>): Promise<EvidentError> => {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof EvidentError)) throw new Error(`expected an EvidentError, got ${String(error)}`);
  return error;
};

describe('the EVIDENT client against the simulator', () => {
  it('sends an order with its scan streamed as multipart, and answers the reference', async () => {
    const answer = await client.createOrder(order(), scan, newKey());
    expect(answer.status).toBe('RECEIVED');
    const stored = simulator.orders.get(answer.reference);
    expect(stored?.order.design_codes).toEqual(['1001', '1100', '2005']);
    expect(stored?.scan).toEqual({
      name: 'upper %22scan%22.stl',
      size: scanBytes.length,
      sha256: createHash('sha256').update(scanBytes).digest('hex'),
    });
  });

  it('answers the same order to a repeated idempotency key (a retry after a lost answer)', async () => {
    const key = newKey();
    const first = await client.createOrder(order(), scan, key);
    const before = simulator.orders.size;
    const again = await client.createOrder(order(), scan, key);
    expect(again.reference).toBe(first.reference);
    expect(simulator.orders.size).toBe(before);
  });

  it('turns an outage into a retryable error with the partner answer in the detail', async () => {
    simulator.control({ failNext: 1 });
    const error = await failureOf(client.createOrder(order(), scan, newKey()));
    expect(error).toMatchObject({ kind: 'http', status: 503, isRetryable: true });
    expect(error.message).toBe('The partner answered HTTP 503');
    expect(error.detail).toContain('Simulated outage');
  });

  it('times out a call that gets no answer', async () => {
    simulator.control({ hangNext: 1 });
    const started = Date.now();
    const error = await failureOf(client.createOrder(order(), scan, newKey()));
    expect(error).toMatchObject({ kind: 'timeout', isRetryable: true });
    expect(error.message).toBe('The partner did not answer within 2.5 s');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports an unreachable partner and a wrong key', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = createEvidentClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey, timeoutMs: 2500 });
    const unreachable = await failureOf(nowhere.fetchOrder('EVD-1'));
    expect(unreachable).toMatchObject({ kind: 'network', message: 'Could not reach the partner' });
    expect(unreachable.detail).toContain('ECONNREFUSED');

    const wrongKey = createEvidentClient({ baseUrl: simulator.url, apiKey: 'nope', timeoutMs: 2500 });
    expect(await failureOf(wrongKey.fetchOrder('EVD-1'))).toMatchObject({ status: 401, isRetryable: true });
    // The order itself is wrong: trying again cannot help.
    expect(await failureOf(client.fetchOrder('EVD-404'))).toMatchObject({ status: 404, isRetryable: false });
  });

  it('completes a round with a real STL, announced by a signed webhook', async () => {
    const { reference } = await client.createOrder(order(), scan, newKey());
    webhookCalls.length = 0;
    expect(await simulator.complete(reference)).toBe(200);

    const state = await client.fetchOrder(reference);
    expect(state).toMatchObject({ reference, status: 'COMPLETED', round: 0 });
    const [file] = state.files;
    if (!file) throw new Error('no result file');
    const chunks: Buffer[] = [];
    for await (const chunk of await client.downloadFile(reference, file.name)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    const sample = { name: file.name, size: bytes.length, head: bytes.subarray(0, 8192), tail: bytes };
    expect(checkFileContent(sample)).toBeNull();

    const [call] = webhookCalls;
    if (!call) throw new Error('no webhook call');
    const event = evidentWebhookEventSchema.parse(JSON.parse(call.body.toString()));
    expect(event).toMatchObject({ reference, status: 'COMPLETED', round: 0, type: 'order.status' });
    const check = (secret: string, body: Buffer, now = new Date()) =>
      checkWebhookSignature({
        secret,
        rawBody: body,
        signature: call.headers[evidentHeaders.signature] as string,
        timestamp: call.headers[evidentHeaders.timestamp] as string,
        now,
      });
    expect(check(webhookSecret, call.body)).toBe('valid');
    expect(check('another secret', call.body)).toBe('mismatch');
    expect(check(webhookSecret, Buffer.concat([call.body, Buffer.from(' ')]))).toBe('mismatch');
    expect(check(webhookSecret, call.body, new Date(Date.now() + 6 * 60_000))).toBe('expired');
  });

  it('takes a redo of a completed order only, as a new round', async () => {
    const { reference } = await client.createOrder(order(), scan, newKey());
    const early = await failureOf(client.requestRedo(reference, 'Thicker connectors.', newKey()));
    expect(early).toMatchObject({ status: 409, isRetryable: true });
    await simulator.complete(reference);
    const redo = await client.requestRedo(reference, 'Thicker connectors.', newKey());
    expect(redo).toEqual({ reference, status: 'RECEIVED' });
    expect(simulator.orders.get(reference)).toMatchObject({ round: 1, redoNotes: ['Thicker connectors.'] });
    expect((await client.fetchOrder(reference)).files).toEqual([]);
  });
});

describe('webhook signatures', () => {
  it('refuses missing headers and signs the timestamp with the body', () => {
    const body = Buffer.from('{"a":1}');
    const headers = signWebhook(webhookSecret, body);
    const base = { secret: webhookSecret, rawBody: body, now: new Date() };
    expect(checkWebhookSignature({ ...base, signature: undefined, timestamp: undefined })).toBe('missing');
    const signature = headers[evidentHeaders.signature];
    const timestamp = headers[evidentHeaders.timestamp];
    expect(checkWebhookSignature({ ...base, signature, timestamp })).toBe('valid');
    // Moving the timestamp (to pass the age check) breaks the signature.
    expect(checkWebhookSignature({ ...base, signature, timestamp: String(Number(timestamp) + 1) })).toBe(
      'mismatch',
    );
  });
});
