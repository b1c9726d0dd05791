import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendKeptText, type EncodedTexts } from './compression';

// Strong ETags for polled answers and reference lists: an unchanged answer is a 304 with no body, so
// hundreds of open windows polling cost little.

/** The strong ETag of an answer's exact JSON text. */
export const etagOfText = (text: string): string =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;

export const etagOf = (body: unknown): string => etagOfText(JSON.stringify(body));

/** True when one of the If-None-Match tags (weak or strong) is the current one. */
export const isUnchanged = (request: FastifyRequest, etag: string): boolean => {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header === etag) return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
};

/** Never kept by a shared cache, always revalidated; per employee when it depends on the token. */
export const setPrivateEtag = (reply: FastifyReply, etag: string, perUser: boolean): void => {
  void reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  if (perUser) void reply.header('Vary', 'Authorization');
};

/**
 * Sets the ETag of a per-user answer (never kept by a shared cache, always revalidated) and answers
 * whether the browser already holds it.
 */
export const answerPrivateEtag = (request: FastifyRequest, reply: FastifyReply, body: unknown): boolean => {
  const etag = etagOf(body);
  setPrivateEtag(reply, etag, true);
  return isUnchanged(request, etag);
};

/**
 * A bodiless 304. (`send(null)` through a response schema would write `null`'s length into
 * Content-Length, which clients that trust it then wait for.)
 */
export const sendNotModified = (reply: FastifyReply): void => {
  void reply.code(304).send();
};

/**
 * An answer already serialised, with the ETag of its text (cache/cached-answer.ts keeps these), and
 * `encoded`: its text compressed per encoding, made on first use and kept with it.
 */
export type SerialisedAnswer = { json: string; etag: string; encoded?: EncodedTexts };

/**
 * Sends a serialised answer as it is (no serialiser runs), or a 304 when the browser holds it.
 * `perUser`: the answer depends on who asks (Vary: Authorization).
 */
export const sendSerialisedAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerialisedAnswer,
  options: { perUser: boolean },
): void => {
  setPrivateEtag(reply, answer.etag, options.perUser);
  if (isUnchanged(request, answer.etag)) return sendNotModified(reply);
  void reply.type('application/json; charset=utf-8');
  // Compressed once per encoding, not once per request (a bell polled by every window).
  void sendKeptText(request, reply, answer.json, (answer.encoded ??= {}));
};
