import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AppError, portalTexts } from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import {
  assertKeyGuessAllowed,
  recordKeyGuessFailure,
  type KeyGuessLimits,
} from '../../auth/key-guess-limits';
import type { Db } from '../../db/client';
import { clients, collections } from '../../db/schema/index';

// The portal's access class: the key in the path is the client's whole identity. It reaches exactly one
// collection; anything else — a wrong, revoked or malformed key — is the same 404, and misses count
// toward the per-IP guessing limit.

// Keys are base64url; anything else cannot be one and is not looked up.
const keyShape = /^[A-Za-z0-9_-]{16,200}$/;

/** Audit rows say which link acted without keeping the key: 12 hex digits of its sha256. */
export const keyFingerprint = (key: string): string =>
  createHash('sha256').update(key).digest('hex').slice(0, 12);

export const portalNotFound = (): AppError => new AppError('not_found', { message: portalTexts.notFound });

/** The client a portal key stands for, or null (also what the bench's bare portal route runs). */
export const findPortalClient = async (db: Db, key: string): Promise<ClientActor | null> => {
  if (!keyShape.test(key)) return null;
  const [row] = await db
    .select({ collection_uid: collections.uid, client_uid: clients.uid, client_name: clients.name })
    .from(collections)
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .where(eq(collections.portal_key, key))
    .limit(1);
  if (!row) return null;
  return {
    kind: 'client',
    collectionUid: row.collection_uid,
    clientUid: row.client_uid,
    clientName: row.client_name,
    keyFingerprint: keyFingerprint(key),
  };
};

export const portalKeyResolver =
  (db: Db, limits: KeyGuessLimits) =>
  async (request: FastifyRequest): Promise<ClientActor> => {
    await assertKeyGuessAllowed(db, limits, request.ip);
    const key = (request.params as { portal_key?: unknown }).portal_key;
    const client = typeof key === 'string' ? await findPortalClient(db, key) : null;
    if (client) return client;
    await recordKeyGuessFailure(db, request.ip, 'portal');
    throw portalNotFound();
  };
