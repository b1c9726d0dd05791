import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Strong ETags for polled answers (the bell, the file-lock event): an unchanged answer is a 304 with no
// body, so hundreds of open windows polling cost little.

export const etagOf = (body: unknown): string =>
  `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;

/** True when one of the If-None-Match tags (weak or strong) is the current one. */
export const isUnchanged = (request: FastifyRequest, etag: string): boolean => {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
};

/**
 * Sets the ETag of a per-user answer (never kept by a shared cache, always revalidated) and answers
 * whether the browser already holds it.
 */
export const answerPrivateEtag = (request: FastifyRequest, reply: FastifyReply, body: unknown): boolean => {
  const etag = etagOf(body);
  void reply
    .header('ETag', etag)
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Authorization');
  return isUnchanged(request, etag);
};
