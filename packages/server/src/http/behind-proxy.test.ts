import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { stlBytes } from '../modules/files/file-service-test-kit';
import { openSecondHandle } from '../testing/second-handle';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createCollection, type CreatedCollection } from '../testing/factories';
import { startLocalS3, type LocalS3 } from '../testing/local-s3';

// Several processes behind a reverse proxy, as the README's deployment runs them: one database, files in
// S3-compatible storage, no sticky sessions. The proxy here hands requests to the two processes in turn
// (or to the one a test names), so a file uploaded through one is downloaded through the other, and the addresses pages are told to
// call are the proxy's, taken from the forwarded headers of a proxy TRUST_PROXY trusts.

type Backend = { name: string; port: number };

/**
 * A reverse proxy that sends each request to the next backend in turn, or to the one `x-test-backend`
 * names, and says which one answered.
 */
const startRoundRobinProxy = async (backends: Backend[]) => {
  let next = 0;
  const server = http.createServer((request, response) => {
    const named = backends.find((candidate) => candidate.name === request.headers['x-test-backend']);
    const backend = named ?? (backends[next % backends.length] as Backend);
    next += 1;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'cases.lab.local',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

let s3: LocalS3;
let test: TestApp;
let processB: FastifyInstance;
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let staff: SignedInUser;
let collection: CreatedCollection;
const closers: (() => Promise<unknown>)[] = [];

/** A second handle on the same database, as another process has (closed after the tests). */
const secondHandle = (): Db => {
  const second = openSecondHandle(test.db);
  closers.push(second.close);
  return second.db;
};

beforeAll(async () => {
  s3 = await startLocalS3();
  test = await createTestApp({ env: { ...s3.env, TRUST_PROXY: '1' } });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  processB = await buildApp({
    db: secondHandle(),
    config: test.config,
    storage: test.storage,
    version: 'test-version',
    logger: false,
    mail: test.mail,
    evident: null,
  });
  closers.push(() => processB.close());
  await processB.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startRoundRobinProxy([
    { name: 'A', port: (test.app.server.address() as AddressInfo).port },
    { name: 'B', port: (processB.server.address() as AddressInfo).port },
  ]);
  staff = await signInAs(test, { department: 'DESIGN' });
  collection = await createCollection(test.db, { cases: [{}] });
});

afterAll(async () => {
  await proxy.close();
  for (const close of closers.reverse()) await close();
  await test.close();
  await s3.close();
});

const throughProxy = (path: string, init: RequestInit = {}) =>
  fetch(`${proxy.url}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { ...staff.headers, ...(init.headers as Record<string, string> | undefined) },
  });

describe('two processes behind a reverse proxy', () => {
  it('tell pages the proxy’s address', async () => {
    const first = await throughProxy('/conf');
    const second = await throughProxy('/conf');
    expect([first.headers.get('x-served-by'), second.headers.get('x-served-by')]).toEqual(['A', 'B']);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        backend_url: 'https://cases.lab.local',
        file_transfer_url: 'https://cases.lab.local/files',
      });
    }
  });

  it('store a file uploaded through one and serve it whole through the other', async () => {
    const bytes = stlBytes(200);
    const asked = await throughProxy('/files/upload/AU', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        {
          fileName: 'Lower Jaw.stl',
          fileReferences: [{ entityType: 'COLLECTION', entityIdentification: collection.uid }],
        },
      ]),
    });
    expect(asked.status).toBe(200);
    const [item] = (await asked.json()) as { fileName: string; oneTimeUploadLink: string }[];
    if (!item) throw new Error('no upload item');

    const put = await throughProxy(item.oneTimeUploadLink, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'x-test-backend': 'A' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const link = await throughProxy(`/files/?${new URLSearchParams({ fileName: item.fileName }).toString()}`);
    expect(link.status).toBe(200);
    const { oneTimeDownloadLink } = (await link.json()) as { oneTimeDownloadLink: string };
    const download = await throughProxy(oneTimeDownloadLink, { headers: { 'x-test-backend': 'B' } });
    expect(put.headers.get('x-served-by')).toBe('A');
    expect(download.headers.get('x-served-by')).toBe('B');

    // Served by the process itself, or handed to the store by a presigned redirect: the bytes either way.
    const body =
      download.status === 302
        ? await fetch(download.headers.get('location') ?? '').then((answer) => answer.arrayBuffer())
        : await download.arrayBuffer();
    expect([200, 302]).toContain(download.status);
    expect(Buffer.from(body).equals(bytes)).toBe(true);
  });
});
