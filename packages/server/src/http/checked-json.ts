import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isUnderTestRunner } from '../config';

// The hot answers (the polled reads, the search's 100 rows) are serialised by JSON.stringify rather than
// the route's zod serialiser: their presenters build exactly the schema's output, the same keys in the
// same order, so the bytes are the same at a quarter of the cost (a 90 KB collection: zod ~1.4 ms,
// JSON.stringify ~0.35 ms; 100 search rows: 0.84 against 0.34 ms). The schema's guarantee is kept in
// tests: under the test runner every answer is also encoded through the schema and must give the same
// text, so a presenter that adds, drops, reorders or mistypes a field fails the tests of its route.

const isCheckedAgainstSchema = isUnderTestRunner;

/** The answer's JSON, which (under the test runner) must be exactly what its schema serialises. */
export const serialiseCheckedAnswer = <Schema extends z.ZodType>(
  request: FastifyRequest,
  schema: Schema,
  answer: z.output<Schema>,
): string => {
  const json = JSON.stringify(answer);
  if (isCheckedAgainstSchema && JSON.stringify(z.encode(schema, answer)) !== json) {
    throw new Error(`${request.routeOptions.url ?? request.url}: the answer differs from its schema's`);
  }
  return json;
};

/** Sends the answer as serialiseCheckedAnswer's JSON (a string payload skips the route's serialiser). */
export const sendCheckedJson = <Schema extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: Schema,
  answer: z.output<Schema>,
): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(serialiseCheckedAnswer(request, schema, answer));
