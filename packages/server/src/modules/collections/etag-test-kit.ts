import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// The ETag cycle every polled read answers: a 200 with a strong ETag, the same If-None-Match again a
// bodiless 304, and after a change a 200 with a new ETag.

type Get = (headers?: Record<string, string>) => Promise<LightMyRequestResponse>;

const strongEtag = /^"[A-Za-z0-9_-]{32}"$/;

export const expectEtagCycle = async (
  get: Get,
  change: () => Promise<unknown>,
  cacheControl = 'private, no-cache',
): Promise<void> => {
  const first = await get();
  expect(first.statusCode, first.body).toBe(200);
  const etag = String(first.headers.etag);
  expect(etag).toMatch(strongEtag);
  expect(first.headers['cache-control']).toBe(cacheControl);

  const unchanged = await get({ 'if-none-match': etag });
  expect(unchanged.statusCode).toBe(304);
  expect(unchanged.body).toBe('');
  expect(unchanged.headers['content-length']).toBeUndefined();
  expect(unchanged.headers.etag).toBe(etag);

  await change();
  const changed = await get({ 'if-none-match': etag });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(changed.headers.etag).toMatch(strongEtag);
  expect(changed.headers.etag).not.toBe(etag);
  expect(changed.body).not.toBe(first.body);
};
