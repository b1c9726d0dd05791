import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStream, type TestStream } from '../realtime/stream-test-kit';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createCollection, type CreatedCollection } from '../testing/factories';
import { compressionThresholdBytes, registerCompression } from './compression';

// Response compression through the real routes: an answer over 1 KB goes brotli or gzip as the
// browser accepts, decodes to the very bytes sent uncompressed, and keeps its ETag; a 304 stays
// bodiless; small answers and the event stream go as they are.

let test: TestApp;
let staff: SignedInUser;
let collection: CreatedCollection;
let stream: TestStream | null = null;

const getCollection = (headers: Record<string, string> = {}) =>
  test.app.inject({
    method: 'GET',
    url: `/api/v2/collection/${collection.uid}/`,
    headers: { ...staff.headers, ...headers },
  });

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN' });
  collection = await createCollection(test.db, { cases: [{}, {}, {}] });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  stream?.close();
  await test.close();
});

describe('response compression', () => {
  it('sends an answer over 1 KB as it is when the client accepts no encoding', async () => {
    const plain = await getCollection();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toMatchObject({ uid: collection.uid });
  });

  it('gzips it for a client that accepts gzip, with the same ETag and Vary on both headers', async () => {
    const plain = await getCollection();
    const gzipped = await getCollection({ 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.vary)).toMatch(/Authorization/);
    expect(String(gzipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('prefers brotli when the client accepts it', async () => {
    const plain = await getCollection();
    const compressed = await getCollection({ 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });

  /** A kept answer sent twice per encoding (the second time as kept), decoding to the plain text. */
  const expectKeptEncodings = async (
    get: (headers?: Record<string, string>) => Promise<LightMyRequestResponse>,
  ) => {
    const plain = await get();
    expect(plain.body.length).toBeGreaterThan(compressionThresholdBytes);
    const decoded = async (acceptEncoding: string, expected: string | undefined): Promise<string> => {
      const answer = await get({ 'accept-encoding': acceptEncoding });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      if (expected === 'br') return zlib.brotliDecompressSync(answer.rawPayload).toString('utf8');
      if (expected === 'gzip') return zlib.gunzipSync(answer.rawPayload).toString('utf8');
      if (expected === 'deflate') return zlib.inflateSync(answer.rawPayload).toString('utf8');
      return answer.body;
    };
    for (let i = 0; i < 2; i += 1) {
      expect(await decoded('br', 'br')).toBe(plain.body);
      expect(await decoded('gzip, br;q=0', 'gzip')).toBe(plain.body);
      expect(await decoded('deflate', 'deflate')).toBe(plain.body);
      expect(await decoded('*', 'gzip')).toBe(plain.body);
      expect(await decoded('identity', undefined)).toBe(plain.body);
      expect(await decoded('compress', undefined)).toBe(plain.body);
    }
    const unasked = await get({ 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(unasked.body).toBe(plain.body);
  };

  it("sends a kept answer (the polled reads') in the encoding the client accepts, as the plugin would", async () => {
    await expectKeptEncodings(getCollection);
  });

  it('sends a cached answer (a reference list) compressed once per encoding the same way', async () => {
    await expectKeptEncodings((headers = {}) =>
      test.app.inject({
        method: 'GET',
        url: '/api/v2/case/statuses/',
        headers: { ...staff.headers, ...headers },
      }),
    );
  });

  it('keeps an unchanged answer a bodiless 304', async () => {
    const first = await getCollection({ 'accept-encoding': 'gzip' });
    const unchanged = await getCollection({
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['content-encoding']).toBeUndefined();
    expect(unchanged.headers['content-length']).toBeUndefined();
  });

  it('leaves answers under 1 KB as they are', async () => {
    const version = await test.app.inject({
      method: 'GET',
      url: '/api/version/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(version.statusCode).toBe(200);
    expect(version.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(version.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the event stream, whose frames arrive as they are sent', async () => {
    stream = await openTestStream(test.app, '/api/v2/stream', {
      cookie: staff.cookie,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(await stream.next('ready')).toEqual({ version: expect.any(String) as unknown });
  });
});

describe('static files, compressed as pages/routes.ts serves them', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-compression-'));
  const script = `export const answer = ${JSON.stringify('forty-two '.repeat(500))};\n`;
  fs.writeFileSync(path.join(dir, 'app.js'), script);
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    await registerCompression(app);
    await app.register(fastifyStatic, { root: dir, serve: false });
    app.get('/app.js', (_request, reply) => reply.sendFile('app.js'));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a script gzipped, and its 304 bare', async () => {
    const first = await app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(first.rawPayload).toString('utf8')).toBe(script);
    const unchanged = await app.inject({
      method: 'GET',
      url: '/app.js',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['content-encoding']).toBeUndefined();
    expect(unchanged.body).toBe('');
  });
});
