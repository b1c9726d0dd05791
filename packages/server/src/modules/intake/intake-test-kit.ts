import type { SignedInUser, TestApp } from '../../testing';
import { signedOrderHeaders } from './sign-order';

// What the intake tests share: a platform key made by an admin through its route, and orders signed
// with it as a platform signs them.

export type TestPlatformKey = { id: number; key_id: string; secret: string };

export const makePlatformKey = async (
  test: TestApp,
  admin: SignedInUser,
  platform = 'oep',
  label = 'OEP production',
): Promise<TestPlatformKey> => {
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/v2/ordering_platform_keys/',
    headers: admin.headers,
    payload: { platform, label },
  });
  if (created.statusCode !== 201) throw new Error(`no platform key: ${created.statusCode} ${created.body}`);
  return created.json();
};

export const sendOrder = (
  test: TestApp,
  key: TestPlatformKey,
  body: unknown,
  options: { secret?: string; keyId?: string; at?: Date; rawBody?: string } = {},
) => {
  const raw = options.rawBody ?? JSON.stringify(body);
  const headers = signedOrderHeaders(
    { key_id: options.keyId ?? key.key_id, secret: options.secret ?? key.secret },
    raw,
    options.at,
  );
  return test.app.inject({
    method: 'POST',
    url: '/api/v2/orders/',
    headers,
    payload: raw,
  });
};

/** PUTs the bytes to a one-time upload link of an order's answer. */
export const putFile = (test: TestApp, link: string | null, bytes: Uint8Array) =>
  test.app.inject({
    method: 'PUT',
    url: link ?? '',
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.from(bytes),
  });

/** The smallest binary STL: an 80-byte header, a count of one, one 50-byte facet. */
export const oneFacetStl = (): Buffer => {
  const bytes = Buffer.alloc(84 + 50);
  bytes.writeUInt32LE(1, 80);
  [0, 0, 1, 0, 0, 0, 10, 0, 0, 0, 10, 0].forEach((value, index) => bytes.writeFloatLE(value, 84 + index * 4));
  return bytes;
};
