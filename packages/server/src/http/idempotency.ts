import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import {
  AppError,
  idempotencyKeyHeader,
  idempotencyKeyLifetimeHours,
  idempotencyMessages,
  idempotentReplayHeader,
  isIdempotencyKey,
} from '@lab/domain';
import type { Actor } from '../auth/actor';
import { selectRows, type Db, type Tx } from '../db/client';
import { endCommitMark, runWithCommitMark } from '../db/commit-marks';
import { uploadedPartsOf } from './multipart-upload';

// Writes that are safe to retry. A write sent with an `Idempotency-Key` claims the key in the database
// (per caller, 24 hours) before its route runs; its transaction marks the claim committed as it commits
// (db/commit-marks.ts), and its answer is kept before it leaves. A repeat with the same key and body then
// gets the kept answer without writing again, from any process and after a restart:
// - another body with the key: 422; the first still running: 409, to be sent again shortly;
// - the first died before committing (its lease of a minute ran out): the repeat runs it;
// - it committed but died before its answer was kept: 409 saying so, never a second write.
// A write without the header is untouched. Keys belong to a signed-in employee, a portal key's collection
// or a share key's job; public and one-time routes ignore the header.

const writeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const headerName = idempotencyKeyHeader.toLowerCase();
const leaseSeconds = 60;

type Claim = { owner: string; key: string; token: string; answered: boolean; markEnded: boolean };
const claims = new WeakMap<FastifyRequest, Claim>();

type KeptRequest = {
  fingerprint: string;
  state: 'running' | 'committed' | 'answered';
  /** The first request's lease has not run out: it may still be answering. */
  lease_live: boolean;
  status_code: number | null;
  content_type: string | null;
  answer: string | null;
};

const ownerOf = (actor: Actor | null): string | null => {
  switch (actor?.kind) {
    case 'staff':
      return `staff:${actor.id}`;
    case 'client':
      return `portal:${actor.collectionUid}`;
    case 'partner':
      return `partner:${actor.outsourceUid}`;
    default:
      return null;
  }
};

const keyOf = (request: FastifyRequest): string | undefined => {
  if (!writeMethods.has(request.method)) return undefined;
  const value = request.headers[headerName];
  return Array.isArray(value) ? value[0] : value;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** The body as JSON with every object's keys in order: the same body sent twice reads the same. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    isPlainObject(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** What makes two requests the same: method, address, body, and each file's field, name and content. */
const fingerprintOf = (request: FastifyRequest): string => {
  const files = uploadedPartsOf(request).map((part) => [part.field, part.rawName, part.received.sha256]);
  const body = Buffer.isBuffer(request.body) ? request.body.toString('base64') : request.body;
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, canonicalJson(body), files]))
    .digest('hex');
};

const expired = sql.raw(`now() - interval '${idempotencyKeyLifetimeHours} hours'`);
const lease = sql.raw(`now() + interval '${leaseSeconds} seconds'`);

/**
 * Claims the key for this request, in one statement: a new key, one past its 24 hours, or one whose
 * first request died before committing (same body, lease over). Else answers what is kept of it.
 */
const claimKey = async (
  db: Db,
  owner: string,
  key: string,
  fingerprint: string,
): Promise<{ token: string } | KeptRequest> => {
  const token = randomUUID();
  const claimed = await selectRows<{ claimed: boolean }>(
    db,
    sql`INSERT INTO idempotent_requests AS kept (owner, key, fingerprint, state, claim_token, lease_until)
        VALUES (${owner}, ${key}, ${fingerprint}, 'running', ${token}, ${lease})
        ON CONFLICT (owner, key) DO UPDATE SET
          fingerprint = excluded.fingerprint, state = 'running', claim_token = excluded.claim_token,
          lease_until = excluded.lease_until, status_code = NULL, content_type = NULL, answer = NULL,
          created_at = now()
        WHERE kept.created_at < ${expired}
           OR (kept.state = 'running' AND kept.lease_until < now() AND kept.fingerprint = excluded.fingerprint)
        RETURNING true AS claimed`,
  );
  if (claimed.length > 0) return { token };
  const [kept] = await selectRows<KeptRequest>(
    db,
    sql`SELECT fingerprint, state, lease_until > now() AS lease_live, status_code, content_type, answer
        FROM idempotent_requests WHERE owner = ${owner} AND key = ${key}`,
  );
  // Released in between (its first request failed with a 5xx before committing): claim it afresh.
  return kept ?? claimKey(db, owner, key, fingerprint);
};

/** Sends the kept answer of the key's first request, or the refusal that says why there is none. */
const answerFromKept = (reply: FastifyReply, kept: KeptRequest, fingerprint: string): void => {
  if (kept.fingerprint !== fingerprint) {
    throw new AppError('key_reused', { message: idempotencyMessages.keyReused });
  }
  // Committed but not yet answered, within its lease: its answer is on its way (a case action presents
  // the case after committing), so the retry is told to ask again rather than that it was lost.
  if (kept.state === 'running' || (kept.state === 'committed' && kept.lease_live)) {
    throw new AppError('in_progress', { message: idempotencyMessages.inProgress });
  }
  if (kept.state === 'committed' || kept.status_code === null) {
    throw new AppError('conflict', { message: idempotencyMessages.answerLost });
  }
  reply.code(kept.status_code).header(idempotentReplayHeader, 'true');
  if (kept.content_type) reply.header('content-type', kept.content_type);
  void reply.send(kept.answer ?? undefined);
};

const ofClaim = (claim: Claim) =>
  sql`owner = ${claim.owner} AND key = ${claim.key} AND claim_token = ${claim.token}`;

/**
 * Inside each transaction the request commits: the claim is committed with the write. A request that
 * outlived its lease while a retry took the key over no longer holds it: its write rolls back, as the
 * retry carries it out (the first transaction of a request marks it; later ones find it committed).
 */
const markCommitted =
  (claim: Claim) =>
  async (tx: Tx): Promise<void> => {
    const held = await selectRows(
      tx,
      sql`UPDATE idempotent_requests SET state = CASE WHEN state = 'running' THEN 'committed' ELSE state END
          WHERE ${ofClaim(claim)} RETURNING key`,
    );
    if (held.length === 0) throw new AppError('in_progress', { message: idempotencyMessages.inProgress });
  };

/** The answer as text, when it is text (JSON, HTML, none); a stream or bytes cannot be kept. */
const answerText = (payload: unknown): string | null | undefined => {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === 'string') return payload;
  return undefined;
};

/**
 * Keeps the answer as it leaves. A server error before anything committed releases the key, so the
 * retry runs again; an answer that cannot be kept leaves the claim committed (the retry hears so).
 */
const keepAnswer = async (db: Db, claim: Claim, reply: FastifyReply, payload: unknown): Promise<void> => {
  const where = ofClaim(claim);
  if (reply.statusCode >= 500) {
    const released = await selectRows(
      db,
      sql`DELETE FROM idempotent_requests WHERE ${where} AND state = 'running' RETURNING key`,
    );
    if (released.length > 0) return;
  }
  const text = answerText(payload);
  if (text === undefined) {
    await db.execute(sql`UPDATE idempotent_requests SET state = 'committed' WHERE ${where}`);
    return;
  }
  const contentType = reply.getHeader('content-type');
  await db.execute(
    sql`UPDATE idempotent_requests SET state = 'answered', status_code = ${reply.statusCode},
          content_type = ${typeof contentType === 'string' ? contentType : null}, answer = ${text}
        WHERE ${where}`,
  );
};

const endMark = (request: FastifyRequest): void => {
  const claim = claims.get(request);
  if (!claim || claim.markEnded) return;
  claim.markEnded = true;
  endCommitMark();
};

export const registerIdempotentWrites = (app: FastifyInstance, db: Db): void => {
  // A malformed key is refused before the body is read.
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = keyOf(request);
    if (key !== undefined && !isIdempotencyKey(key)) {
      return done(new AppError('validation_failed', { message: idempotencyMessages.badKey }));
    }
    done();
  });

  // After the access check, the body's validation and a multipart request's files: only a request its
  // route will run claims the key. A callback hook, so the route runs inside the commit mark's scope.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const key = keyOf(request);
    const owner = ownerOf(request.actor);
    if (key === undefined || owner === null || !request.routeOptions.url) return done();
    const fingerprint = fingerprintOf(request);
    claimKey(db, owner, key, fingerprint).then((outcome) => {
      if (!('token' in outcome)) {
        try {
          answerFromKept(reply, outcome, fingerprint);
        } catch (refusal) {
          done(refusal as Error);
        }
        return;
      }
      const claim: Claim = { owner, key, token: outcome.token, answered: false, markEnded: false };
      claims.set(request, claim);
      runWithCommitMark(markCommitted(claim), () => done());
    }, done);
  });

  // The route is done once its answer is sent: the mark ends here, as neither onResponse nor
  // onRequestAbort runs when the client has gone away after sending its body (a dropped network, the
  // very case keys are for), and a mark left running would keep the storage on for good.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || claim.answered) return payload;
    claim.answered = true;
    try {
      await keepAnswer(db, claim, reply, payload);
    } catch (error) {
      // The write itself stands: its retry hears that it was carried out (or, if it never committed,
      // runs once the lease is over).
      request.log.error({ err: error }, 'could not keep the answer of an idempotent write');
    } finally {
      endMark(request);
    }
    return payload;
  });
  app.addHook('onResponse', async (request) => endMark(request));
};
