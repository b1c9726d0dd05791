import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, commonMessages, findUnstorableText } from '@lab/domain';

// Checks every request makes before its route's schema: what no route can store is refused here once,
// with one wording, instead of by each schema (or by the database, as a 500, when a schema forgot).

/** File names are cleaned by the file service (a scanner's export may carry anything), not refused. */
const fileNameKeys: ReadonlySet<string> = new Set(['fileName', 'filename', 'file_name']);

const isPlainObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body the app parsed (JSON, a form, or text): not absent, and no bytes or stream a route reads itself
 * (the partner's webhook checks its signature over the bytes; an upload's PUT streams them).
 */
const isParsedValue = (body: unknown): boolean =>
  body !== undefined &&
  !Buffer.isBuffer(body) &&
  typeof (body as { pipe?: unknown } | null)?.pipe !== 'function';

/** True when the route's body schema is a list (zod's `def.type`), the only JSON bodies not an object. */
const takesAList = (request: FastifyRequest): boolean => {
  const schema = request.routeOptions.schema?.body as { def?: { type?: string } } | undefined;
  return schema?.def?.type === 'array';
};

const refuseUnstorableText = (values: unknown[]): void => {
  for (const value of values) {
    const field = findUnstorableText(value, fileNameKeys);
    if (field !== null) throw refuse(commonMessages.unstorableText, field);
  }
};

const refuse = (message: string, field: string): AppError =>
  new AppError('validation_failed', { message, fields: { [field]: message } });

export const registerRequestChecks = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    if (isParsedValue(request.body) && !takesAList(request) && !isPlainObject(request.body)) {
      throw refuse(commonMessages.notAnObject, 'body');
    }
    // Path parameters are ids and keys: one that cannot exist is simply not found, by its route.
    refuseUnstorableText([request.query, request.body]);
  });
  // A multipart body's fields exist only once the route's own preValidation has read the parts.
  app.addHook('preHandler', async (request) => {
    if (request.isMultipart()) refuseUnstorableText([request.body]);
  });
};
