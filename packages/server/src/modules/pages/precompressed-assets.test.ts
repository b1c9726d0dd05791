import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';

// The build writes a brotli-11 `.br` and a gzip-9 `.gz` beside each asset (web vite-precompress.ts): the
// server sends the one the browser accepts as it is, and compresses nothing itself for those files.

const script = `export const words = ${JSON.stringify('the portal on a phone '.repeat(200))};\n`;
let dist: string;
let test: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'lab-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const asset = path.join(dist, 'assets', 'portal-abc123.js');
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script, { level: 9 }));
  await writeFile(path.join(dist, 'portal.html'), '<!doctype html><title>Your Case</title>');
  test = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await test.close();
  await rm(dist, { recursive: true, force: true });
});

const getAsset = (acceptEncoding?: string) =>
  test.app.inject({
    method: 'GET',
    url: '/static/v2/assets/portal-abc123.js',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('precompressed assets', () => {
  it('sends the .br to a browser that accepts brotli (HTTPS, localhost)', async () => {
    const response = await getAsset('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the .gz to a browser that asks for gzip only (plain HTTP on the lab network)', async () => {
    const response = await getAsset('gzip, deflate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const response = await getAsset();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('answers 404 for an asset that is not there, in any encoding', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/static/v2/assets/nope-000.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('sends a page without a .br as the server compresses it, keeping its own headers', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/static/v2/portal.html?key=abc',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<title>Your Case</title>');
  });
});
