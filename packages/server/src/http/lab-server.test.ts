import https from 'node:https';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';
import { labServerFactory } from './lab-server';
import { makeTestCertificate, type TestCertificate } from '../testing/test-certificate';

// With TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTPS itself; a bookmark still saying http:// on
// the same port is redirected instead of reset.

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const collect = (request: http.ClientRequest): Promise<Answer> =>
  new Promise((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });

describe('HTTPS served by the server itself', () => {
  let certificate: TestCertificate;
  let test: TestApp;
  let port: number;
  const host = 'labserver.test';

  beforeAll(async () => {
    certificate = await makeTestCertificate([host]);
    test = await createTestApp({
      seedReference: false,
      env: { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile },
    });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await test.close();
    await certificate.remove();
  });

  const overHttps = (path: string) =>
    collect(
      https.request({
        host: '127.0.0.1',
        port,
        path,
        servername: host,
        ca: certificate.cert,
        headers: { host: `${host}:${port}` },
      }),
    );

  it('answers over HTTPS with the https origin and the secure-context headers', async () => {
    const conf = await overHttps('/conf');
    expect(conf.status).toBe(200);
    expect(JSON.parse(conf.body)).toMatchObject({ backend_url: `https://${host}:${port}` });
    const page = await overHttps('/oauth2/authorize/');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('redirects plain HTTP on the same port to https, a form POST with 308', async () => {
    const plain = (method: string, path: string) =>
      collect(http.request({ host: '127.0.0.1', port, path, method, headers: { host: `${host}:${port}` } }));
    const page = await plain('GET', '/static/v2/collection.html?uid=abc');
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe(`https://${host}:${port}/static/v2/collection.html?uid=abc`);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const form = await plain('POST', '/oauth2/authorize/');
    expect(form.status).toBe(308);
    expect(form.headers.location).toBe(`https://${host}:${port}/oauth2/authorize/`);
    // And HTTPS still answers after plain connections came and went.
    expect((await overHttps('/api/version/')).status).toBe(200);
  });

  it('answers 400 to plain HTTP without a usable Host', async () => {
    const answer = await collect(
      http.request({ host: '127.0.0.1', port, path: '/', headers: { host: 'bad host/<x>' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toBe('This server speaks HTTPS: open it at https://');
  });
});

describe('a TLS file that cannot be read', () => {
  it('stops the start naming the variable and the file', () => {
    expect(() =>
      labServerFactory({ certFile: '/nonexistent/cert.pem', keyFile: '/nonexistent/key.pem' }),
    ).toThrow('TLS_CERT_FILE: cannot read /nonexistent/cert.pem');
  });
});
