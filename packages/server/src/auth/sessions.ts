import type { FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Department } from '@lab/domain';
import { inTransaction, type Db } from '../db/client';
import { access_tokens, sessions, users } from '../db/schema/index';
import { publishRealtimeEvents } from '../realtime/events';
import type { StaffActor } from './actor';
import { hashSecret, newSecret } from './secrets';

export const sessionCookieName = 'lab_session';
export const accessTokenTtlSeconds = 15 * 60;

const actorColumns = {
  id: users.id,
  username: users.username,
  first_name: users.first_name,
  last_name: users.last_name,
  department: users.department,
  all_departments: users.all_departments,
  admin: users.admin,
  restricted: users.restricted,
  staging: users.staging,
  branch_id: users.branch_id,
  session_id: sessions.id,
};

type ActorRow = Omit<StaffActor, 'department' | 'kind'> & { department: string };
const toActor = (row: ActorRow | undefined): StaffActor | null =>
  row ? { kind: 'staff', ...row, department: row.department as Department } : null;

export const createSession = async (
  db: Db,
  options: { userId: number; ttlHours: number; ip: string; userAgent: string | undefined },
): Promise<{ secret: string; expiresAt: Date }> => {
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + options.ttlHours * 3600_000);
  await db.insert(sessions).values({
    secret_hash: hashSecret(secret),
    user_id: options.userId,
    expires_at: expiresAt,
    ip: options.ip,
    user_agent: options.userAgent?.slice(0, 500) ?? null,
  });
  return { secret, expiresAt };
};

const liveSession = () => and(isNull(sessions.ended_at), gt(sessions.expires_at, sql`now()`));

export const findStaffBySessionSecret = async (db: Db, secret: string): Promise<StaffActor | null> => {
  const [row] = await db
    .select(actorColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.secret_hash, hashSecret(secret)), liveSession(), eq(users.is_active, true)))
    .limit(1);
  return toActor(row);
};

export const findStaffBySessionCookie = (db: Db, request: FastifyRequest): Promise<StaffActor | null> => {
  const secret = request.cookies[sessionCookieName];
  return secret ? findStaffBySessionSecret(db, secret) : Promise.resolve(null);
};

/** The employee a bearer token acts as, and until when that holds (the token's or its session's end). */
export type TokenGrant = { actor: StaffActor; validUntil: Date };

export const findAccessTokenGrant = async (db: Db, token: string): Promise<TokenGrant | null> => {
  const [row] = await db
    .select({
      ...actorColumns,
      token_expires_at: access_tokens.expires_at,
      session_expires_at: sessions.expires_at,
    })
    .from(access_tokens)
    .innerJoin(sessions, eq(sessions.id, access_tokens.session_id))
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(access_tokens.token_hash, hashSecret(token)),
        gt(access_tokens.expires_at, sql`now()`),
        liveSession(),
        eq(users.is_active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { token_expires_at, session_expires_at, ...actorRow } = row;
  const actor = toActor(actorRow);
  if (!actor) return null;
  return {
    actor,
    validUntil: token_expires_at < session_expires_at ? token_expires_at : session_expires_at,
  };
};

export const findStaffByAccessToken = async (db: Db, token: string): Promise<StaffActor | null> =>
  (await findAccessTokenGrant(db, token))?.actor ?? null;

/** Which of these sessions are still live (not ended, not expired, their employee active): one statement. */
export const findLiveSessionIds = async (db: Db, sessionIds: readonly string[]): Promise<Set<string>> => {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(inArray(sessions.id, [...sessionIds]), liveSession(), eq(users.is_active, true)));
  return new Set(rows.map((row) => row.id));
};

/** A new 15-minute bearer token for a live session; expired tokens of the session are pruned. */
export const mintAccessToken = async (
  db: Db,
  sessionId: string,
): Promise<{ access_token: string; expires_at: string }> => {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + accessTokenTtlSeconds * 1000);
  await db
    .delete(access_tokens)
    .where(and(eq(access_tokens.session_id, sessionId), sql`${access_tokens.expires_at} < now()`));
  await db
    .insert(access_tokens)
    .values({ token_hash: hashSecret(token), session_id: sessionId, expires_at: expiresAt });
  return { access_token: token, expires_at: expiresAt.toISOString() };
};

/**
 * Ends the session and, with it, every token minted from it, at once: in every process too, whose
 * token caches and streams hear `session_ended` when this commits.
 */
export const endSession = (db: Db, secret: string): Promise<void> =>
  inTransaction(db, async (tx) => {
    const [session] = await tx
      .update(sessions)
      .set({ ended_at: sql`now()` })
      .where(eq(sessions.secret_hash, hashSecret(secret)))
      .returning({ id: sessions.id });
    if (!session) return;
    await tx.delete(access_tokens).where(eq(access_tokens.session_id, session.id));
    await publishRealtimeEvents(tx, [{ type: 'session_ended', session_id: session.id }]);
  });
