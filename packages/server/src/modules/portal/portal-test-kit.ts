import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { collectionCaseSchema, collectionSchema, type Collection, type CollectionCase } from '@lab/domain';
import { multipartBody, type MultipartFile, type SignedInUser, type TestApp } from '../../testing';

// The portal's calls as a client's browser makes them: no sign-in, the key in the path.

export const createPortalCalls = (test: TestApp, key: string) => ({
  load: (portalKey = key) => test.app.inject({ method: 'GET', url: `/api/v2/customer/${portalKey}/` }),
  answer: (
    approvalUid: string,
    fields: Record<string, string>,
    files: MultipartFile[] = [],
    portalKey = key,
  ) => {
    const body = multipartBody(fields, files);
    return test.app.inject({
      method: 'POST',
      url: `/api/v2/customer/${portalKey}/approval/${approvalUid}/`,
      headers: body.headers,
      payload: body.payload,
    });
  },
  message: (fields: Record<string, string>, files: MultipartFile[] = [], portalKey = key) => {
    const body = multipartBody(fields, files);
    return test.app.inject({
      method: 'POST',
      url: `/api/v2/customer/${portalKey}/message/`,
      headers: body.headers,
      payload: body.payload,
    });
  },
  read: (uid: string, portalKey = key, payload: unknown = { action: 'read' }) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v2/customer/${portalKey}/message/${uid}/`,
      payload: payload as object,
    }),
  file: (type: string, id: string | number, portalKey = key) =>
    test.app.inject({ method: 'GET', url: `/api/v2/customer/${portalKey}/file/${type}/${id}/` }),
});

export type PortalCalls = ReturnType<typeof createPortalCalls>;

export const jsonOf = <T>(response: LightMyRequestResponse): T => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json<T>();
};

/** The three link headers a capability link answers with, errors included. */
export const expectLinkHeaders = (response: LightMyRequestResponse): void => {
  expect({
    status: response.statusCode,
    'cache-control': response.headers['cache-control'],
    'referrer-policy': response.headers['referrer-policy'],
    'x-robots-tag': response.headers['x-robots-tag'],
  }).toEqual({
    status: response.statusCode,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
  });
};

/** Every object key anywhere in a JSON value, so a test can say which fields never reach the portal. */
export const keysIn = (value: unknown, keys: Set<string> = new Set()): Set<string> => {
  if (Array.isArray(value)) {
    for (const item of value) keysIn(item, keys);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      keysIn(inner, keys);
    }
  }
  return keys;
};

/** Uploads files to a case list through the staff case action; answers the case as the staff see it. */
export const uploadCaseFiles = async (
  test: TestApp,
  staff: SignedInUser,
  caseId: number,
  type: 'order_file' | 'internal_file',
  files: MultipartFile[],
): Promise<CollectionCase> => {
  const body = multipartBody({ action: 'upload_files', type }, files);
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/v2/case/${caseId}/`,
    headers: { ...staff.headers, ...body.headers },
    payload: body.payload,
  });
  return collectionCaseSchema.parse(jsonOf(response));
};

/** The staff view of the collection (GET /api/v2/collection/{uid}/). */
export const loadStaffCollection = async (
  test: TestApp,
  staff: SignedInUser,
  uid: string,
): Promise<Collection> =>
  collectionSchema.parse(
    jsonOf(
      await test.app.inject({ method: 'GET', url: `/api/v2/collection/${uid}/`, headers: staff.headers }),
    ),
  );

/** Every file under a folder (the test app's local storage), to see that a refusal stored nothing. */
export const listStoredFiles = async (dir: string | null): Promise<string[]> => {
  if (!dir) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
};
