import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, commonMessages, type ErrorBody } from '@lab/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { sqlStateOf } from '../db/sql-state';

const validationBody = (error: FastifyError): ErrorBody => {
  const fields: Record<string, string> = {};
  let first = 'Invalid request';
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field =
        String(issue.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.') || 'body';
      const message = issue.message ?? 'Invalid value';
      fields[field] ??= message;
      if (first === 'Invalid request') first = message;
    }
  } else if (error.message) {
    first = error.message;
  }
  return { error: { code: 'validation_failed', message: first, fields } };
};

/**
 * SQLSTATEs of text the database cannot store (a NUL character, which PostgreSQL text cannot hold): the
 * request's fault, so a 400, wherever a schema let such a string through.
 */
const unstorableTextStates = new Set(['22021', '22P05']);

/**
 * A text the database refused (registerRequestChecks refuses them before any route; this is the net for
 * text a route made itself): NUL in text, or a lone surrogate in jsonb (22P02 names "Unicode" then).
 */
const isUnstorableText = (error: unknown): boolean => {
  const sqlState = sqlStateOf(error);
  if (sqlState && unstorableTextStates.has(sqlState)) return true;
  return sqlState === '22P02' && /unicode|surrogate/i.test(databaseMessageOf(error));
};

const databaseMessageOf = (error: unknown): string => {
  let current = error;
  const texts: string[] = [];
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { message, detail, cause } = current as { message?: unknown; detail?: unknown; cause?: unknown };
    if (typeof message === 'string') texts.push(message);
    if (typeof detail === 'string') texts.push(detail);
    current = cause;
  }
  return texts.join(' ');
};

/**
 * The router's own refusals (Fastify's `frameworkErrors`), in our envelope and without echoing the path:
 * a segment past `maxParamLength` (a token or id nobody issued) is simply not found; a URL that does not
 * decode is a bad request.
 */
export const answerFrameworkError = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(404).send({ error: { code: 'not_found', message: 'Not Found' } });
  }
  return reply.status(400).send({ error: { code: 'validation_failed', message: 'Invalid address' } });
};

/** One place turns every failure into `{error: {code, message, fields?}}`; 5xx never show internals. */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'rate_limited' && typeof error.details?.retryAfterSeconds === 'number') {
        void reply.header('Retry-After', String(error.details.retryAfterSeconds));
      }
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.fields) body.error.fields = error.fields;
      return reply.status(error.status).send(body);
    }
    if (error.validation || error.code === 'FST_ERR_VALIDATION') {
      return reply.status(400).send(validationBody(error));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: 'Too many requests' } });
    }
    if (status === 413) {
      // Fastify's body limit: on a JSON body it is no upload (file uploads answer their own 413).
      const message = request.isMultipart() ? 'The upload is too large' : 'The request is too large';
      return reply.status(413).send({ error: { code: 'payload_too_large', message } });
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send({ error: { code: 'validation_failed', message: commonMessages.unstorableText } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: 'validation_failed', message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong, please try again' } });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: 'Not Found' } }),
  );
};
