import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AppError, portalTexts } from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import type { KeyGuessLedger } from '../../auth/key-guess-limits';
import { hashSecret } from '../../auth/secrets';
import { createEventCache } from '../../cache/event-cache';
import type { Db } from '../../db/client';
import { clients, collections } from '../../db/schema/index';
import type { RealtimeBus } from '../../realtime/realtime-bus';

// The portal's access class: the key in the path is the client's whole identity. It reaches exactly one
// collection; anything else — a wrong, revoked or malformed key — is the same 404, and misses count
// toward the per-IP guessing limit.

// Keys are base64url; anything else cannot be one and is not looked up.
const keyShape = /^[A-Za-z0-9_-]{16,200}$/;

/** Audit rows say which link acted without keeping the key: 12 hex digits of its sha256. */
export const keyFingerprint = (key: string): string => hashSecret(key).slice(0, 12);

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

// A portal page polls with its key, so the key's client is kept in the process (keyed by the key's
// sha256, as tokens are: the process holds no usable key). Regenerating the key, or any other change to
// its collection (the shipping client), publishes a `collection` event that drops it in every process;
// a client renamed behind the application's back shows within the age. Unknown keys are not kept.
const portalKeyMaxAgeMs = 60_000;

export const portalKeyResolver = (db: Db, ledger: KeyGuessLedger, bus: RealtimeBus) => {
  const keyClients = createEventCache<string, ClientActor | null>({
    bus,
    maxAgeMs: portalKeyMaxAgeMs,
    maxEntries: 50_000,
    staleAfter: (event) => {
      if (event.type !== 'collection') return null;
      const uid = event.uid.toLowerCase();
      return (_key, client) => client?.collectionUid.toLowerCase() === uid;
    },
  });
  const findClient = (key: string): Promise<ClientActor | null> | ClientActor => {
    const hashed = hashSecret(key);
    return (
      keyClients.peek(hashed) ??
      keyClients.get(hashed, async () => {
        const client = await findPortalClient(db, key);
        return client ? { value: client } : { value: null, validUntil: 0 };
      })
    );
  };
  return async (request: FastifyRequest): Promise<ClientActor> => {
    await ledger.assertAllowed(request.ip);
    const key = (request.params as { portal_key?: unknown }).portal_key;
    const client = typeof key === 'string' && keyShape.test(key) ? await findClient(key) : null;
    if (client) return client;
    await ledger.recordFailure(request.ip, 'portal');
    throw portalNotFound();
  };
};
