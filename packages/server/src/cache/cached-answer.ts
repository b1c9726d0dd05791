import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { etagOfText, sendSerialisedAnswer, type SerialisedAnswer } from '../http/etag';
import { createEventCache, type EventCache, type EventCacheOptions, type Loaded } from './event-cache';

// JSON answers kept serialised with their strong ETag: a warm hit sends the kept text (or a 304) without
// touching the database or running the serialiser. Modules plug in what makes their answers stale.

/** Checks and serialises an answer as its route's response schema would, once, with its ETag. */
export const serialiseAnswer = <Schema extends z.ZodType>(
  schema: Schema,
  value: z.output<Schema>,
): SerialisedAnswer => {
  const json = JSON.stringify(z.encode(schema, value));
  return { json, etag: etagOfText(json) };
};

export type AnswerCache<Key, Extra = unknown> = EventCache<Key, SerialisedAnswer & Extra>;

export const createAnswerCache = <Key, Extra = unknown>(
  options: EventCacheOptions<Key, SerialisedAnswer & Extra>,
): AnswerCache<Key, Extra> => createEventCache(options);

/** Answers from the cache (200 with the kept text, or 304), loading the answer on a miss. */
export const sendCachedAnswer = async <Key, Extra>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache<Key, Extra>,
  key: Key,
  load: () => Promise<Loaded<SerialisedAnswer & Extra>>,
  options: { perUser: boolean },
): Promise<void> => {
  const answer = cache.peek(key) ?? (await cache.get(key, load));
  sendSerialisedAnswer(request, reply, answer, options);
  // An async handler that resolves before its answer is written makes Fastify end the request again: a
  // compressed answer still being written would reach the browser empty. Resolve once it is written (a
  // client that went away meanwhile is nobody's error).
  await reply.then(
    () => undefined,
    () => undefined,
  );
};
