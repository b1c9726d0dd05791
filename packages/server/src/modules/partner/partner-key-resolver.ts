import type { FastifyRequest } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError, partnerTexts } from '@lab/domain';
import type { PartnerActor } from '../../auth/actor';
import type { KeyGuessLedger } from '../../auth/key-guess-limits';
import type { Db } from '../../db/client';
import { outsources, partners } from '../../db/schema/index';
import { keyFingerprint } from '../portal/portal-client';

// The partner access class: the share key in the path is the partner lab's whole identity. It reaches
// exactly one STARTED outsource job (a planned job has no page yet); anything else — a wrong, revoked or
// malformed key, a job not started — is the same 404, and misses count toward the per-IP guessing limit
// shared with the portal.

// Keys are base64url; anything else cannot be one and is not looked up.
const keyShape = /^[A-Za-z0-9_-]{16,200}$/;

export const partnerNotFound = (): AppError => new AppError('not_found', { message: partnerTexts.notFound });

const findPartner = async (db: Db, key: string): Promise<PartnerActor | null> => {
  if (!keyShape.test(key)) return null;
  const [row] = await db
    .select({ outsource_uid: outsources.uid, partner_name: partners.name })
    .from(outsources)
    .innerJoin(partners, eq(partners.id, outsources.partner_id))
    .where(and(eq(outsources.outsource_key, key), isNotNull(outsources.start)))
    .limit(1);
  if (!row) return null;
  return {
    kind: 'partner',
    outsourceUid: row.outsource_uid,
    partnerName: row.partner_name,
    keyFingerprint: keyFingerprint(key),
  };
};

export const partnerKeyResolver =
  (db: Db, ledger: KeyGuessLedger) =>
  async (request: FastifyRequest): Promise<PartnerActor> => {
    await ledger.assertAllowed(request.ip);
    const key = (request.params as { outsource_key?: unknown }).outsource_key;
    const partner = typeof key === 'string' ? await findPartner(db, key) : null;
    if (partner) return partner;
    await ledger.recordFailure(request.ip, 'partner');
    throw partnerNotFound();
  };
