import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SignedInUser, TestApp } from '../../testing';

// Helpers of the file-service tests: real requests through app.inject, and file bytes that pass the
// content checks.

/** A binary STL of `triangles` random triangles (its size follows from the count, as the check wants). */
export const stlBytes = (triangles = 3): Buffer => {
  const bytes = randomBytes(84 + 50 * triangles);
  bytes.writeUInt32LE(triangles, 80);
  return bytes;
};

export const pngBytes = (): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

export type UploadItem = { uid: string; fileName: string; oneTimeUploadLink: string };

export type Reference = { entityType: 'COLLECTION' | 'CASE'; entityIdentification: string };

export const postUpload = (
  test: TestApp,
  staff: SignedInUser | null,
  body: unknown,
  country = 'AU',
): Promise<LightMyRequestResponse> =>
  test.app.inject({
    method: 'POST',
    url: `/files/upload/${country}`,
    headers: staff ? staff.headers : {},
    payload: body as Record<string, unknown>,
  });

/** Asks for one upload link and answers its item (fails the test on anything but 200). */
export const requestUpload = async (
  test: TestApp,
  staff: SignedInUser,
  fileName: string,
  reference: Reference,
): Promise<UploadItem> => {
  const response = await postUpload(test, staff, [{ fileName, fileReferences: [reference] }]);
  expect(response.statusCode, response.body).toBe(200);
  const [item] = response.json<UploadItem[]>();
  if (!item) throw new Error('no upload item');
  return item;
};

export const putBytes = (
  test: TestApp,
  link: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
): Promise<LightMyRequestResponse> =>
  test.app.inject({ method: 'PUT', url: link, headers: { 'content-type': contentType }, payload: bytes });

export const askDownloadLink = (
  test: TestApp,
  staff: SignedInUser,
  fileName: string,
): Promise<LightMyRequestResponse> =>
  test.app.inject({
    method: 'GET',
    url: `/files/?${new URLSearchParams({ fileName }).toString()}`,
    headers: staff.headers,
  });

/** Uploads bytes end to end and answers the item and a fresh one-time download link. */
export const uploadFile = async (
  test: TestApp,
  staff: SignedInUser,
  fileName: string,
  bytes: Buffer,
  reference: Reference,
): Promise<UploadItem & { downloadLink: string }> => {
  const item = await requestUpload(test, staff, fileName, reference);
  const put = await putBytes(test, item.oneTimeUploadLink, bytes);
  expect(put.statusCode, put.body).toBe(200);
  const link = await askDownloadLink(test, staff, item.fileName);
  expect(link.statusCode, link.body).toBe(200);
  return { ...item, downloadLink: link.json<{ oneTimeDownloadLink: string }>().oneTimeDownloadLink };
};

/** The headers every answer of a one-time link carries, success or error. */
export const expectLinkHeaders = (response: LightMyRequestResponse): void => {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-robots-tag']).toBe('noindex');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
};

/** A PUT over a real socket (inject cannot show what a refused body does to the connection). */
export const putOverSocket = async (
  test: TestApp,
  link: string,
  bytes: Buffer,
): Promise<{ status: number; connection: string | undefined; body: string }> => {
  const address = test.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'PUT', path: link, headers: { 'content-length': bytes.length } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
        );
      },
    );
    // The server may close while the rest of the body is still being written; the answer came first.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    request.end(bytes);
  });
};
