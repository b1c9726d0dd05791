import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerPrivateEtag } from './etag';

// The reads every open window polls (a collection of 20 cases is ~90 KB, its messages ~200 KB) answer a
// strong ETag, and an unchanged answer is a bodiless 304 (`send()` without a payload runs no serialiser,
// so no Content-Length of a `null` body goes out). A changed one is serialised by JSON.stringify rather
// than the route's zod serialiser: their presenters build exactly the schema's output, the same keys in
// the same order, so the bytes are the same at a quarter of the cost (a 90 KB collection: zod ~1.4 ms,
// JSON.stringify ~0.35 ms). The schema's guarantee is kept in tests: under the test runner every answer
// is also encoded through the schema and must give the same text, so a presenter that adds, drops,
// reorders or mistypes a field fails the tests of its route.

const isCheckedAgainstSchema = process.env.VITEST !== undefined;

export const sendPolledAnswer = <Schema extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: Schema,
  answer: z.output<Schema>,
): FastifyReply => {
  // A capability link's answer (the portal) stays out of every cache (http/link-headers.ts).
  const isNeverStored = reply.getHeader('cache-control') === 'no-store';
  const isUnchanged = answerPrivateEtag(request, reply, answer);
  if (isNeverStored) void reply.header('Cache-Control', 'no-store');
  if (isUnchanged) return reply.code(304).send();
  const json = JSON.stringify(answer);
  if (isCheckedAgainstSchema && JSON.stringify(z.encode(schema, answer)) !== json) {
    throw new Error(`${request.routeOptions.url ?? request.url}: the answer differs from its schema's`);
  }
  return reply.type('application/json; charset=utf-8').send(json);
};
