import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PolledEtag, PolledEtagCache } from '../cache/polled-etags';
import { sendKeptText } from './compression';
import { serialiseCheckedAnswer } from './checked-json';
import { etagOfText, isUnchanged, setPrivateEtag } from './etag';

// The reads every open window polls (a collection of 20 cases is ~90 KB, its messages ~200 KB) answer a
// strong ETag, and an unchanged answer is a bodiless 304 (`send()` without a payload runs no serialiser,
// so no Content-Length of a `null` body goes out). A changed one is serialised by JSON.stringify, checked
// against its schema under the test runner (http/checked-json.ts).

const serialisePolledAnswer = <Schema extends z.ZodType>(
  request: FastifyRequest,
  schema: Schema,
  answer: z.output<Schema>,
): { json: string; etag: string } => {
  const json = serialiseCheckedAnswer(request, schema, answer);
  return { json, etag: etagOfText(json) };
};

/**
 * The ETag headers, then a 304 when the browser holds that tag, else the text: a kept answer's compressed
 * once per encoding (`encoded`), so every window opening the same collection costs one compression.
 */
const sendEtagged = (
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { etag: string; json: string; encoded?: PolledEtag['encoded'] },
): FastifyReply => {
  // A capability link's answer (the portal) stays out of every cache (http/link-headers.ts).
  const isNeverStored = reply.getHeader('cache-control') === 'no-store';
  setPrivateEtag(reply, answer.etag, true);
  if (isNeverStored) void reply.header('Cache-Control', 'no-store');
  if (isUnchanged(request, answer.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  if (!answer.encoded) return reply.send(answer.json);
  return sendKeptText(request, reply, answer.json, answer.encoded);
};

export const sendPolledAnswer = <Schema extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: Schema,
  answer: z.output<Schema>,
): FastifyReply => sendEtagged(request, reply, serialisePolledAnswer(request, schema, answer));

/** A polled answer and the collections whose change makes it stale (its own, and any it shows). */
export type PolledLoad<Answer> = () => Promise<{ answer: Answer; collections: Iterable<string> }>;

/**
 * As sendPolledAnswer, remembering the answer served under `key` (cache/polled-etags.ts): while it is
 * current, a poll sending its tag is a 304 and any other gets its text, neither running `load`. A load
 * is remembered unless a change overtook it, and concurrent loads of a key share one.
 */
export const sendRememberedPolledAnswer = async <Schema extends z.ZodType, Key>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: Schema,
  polled: { cache: PolledEtagCache<Key>; key: Key; load: PolledLoad<z.output<Schema>> },
): Promise<FastifyReply> => {
  // A kept answer is used at once: no promise to wait for on the way to a 304.
  const answer =
    polled.cache.peek(polled.key) ??
    (await polled.cache.get(polled.key, async () => {
      const { answer: loaded, collections } = await polled.load();
      const serialised = serialisePolledAnswer(request, schema, loaded);
      return { value: { ...serialised, collections: new Set(collections), encoded: {} } };
    }));
  return sendEtagged(request, reply, answer);
};
