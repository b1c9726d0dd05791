import type { LightMyRequestResponse } from 'fastify';
import { multipartBody, type MultipartFile, type TestApp } from '../../testing';

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
    test.app.inject({ method: 'PATCH', url: `/api/v2/customer/${portalKey}/message/${uid}/`, payload }),
  file: (type: string, id: string | number, portalKey = key) =>
    test.app.inject({ method: 'GET', url: `/api/v2/customer/${portalKey}/file/${type}/${id}/` }),
});

export type PortalCalls = ReturnType<typeof createPortalCalls>;

export const jsonOf = <T>(response: LightMyRequestResponse): T => {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json<T>();
};
