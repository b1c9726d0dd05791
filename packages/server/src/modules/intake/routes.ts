import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  commonMessages,
  createdPlatformKeySchema,
  createPlatformKeySchema,
  findUnstorableText,
  informationRequestAnswerSchema,
  informationRequestSchema,
  jobTypeRequiredScansSchema,
  orderAnswerSchema,
  orderHeaders,
  orderMessages,
  orderSchema,
  orderSignatureToleranceSeconds,
  checkInBodySchema,
  checkInListsSchema,
  deskOrderSchema,
  maxDatabaseInteger,
  platformKeySchema,
  preflightReportSchema,
  requiredScansBodySchema,
  type Order,
} from '@lab/domain';
import { checkSignedBody } from '../../auth/signed-body';
import { requireActor } from '../../http/access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import type { CaseEvents } from '../cases/kernel';
import { checkInCase } from './check-in';
import { findCheckInLists } from './check-in-lists';
import { receiveDeskOrder, receiveOrder } from './create-order';
import { casePreflight } from './preflight';
import { requestInformation } from './request-information';
import { listRequiredScans, setRequiredScans } from './required-scans';
import {
  createPlatformKey,
  findSigningKey,
  listPlatformKeys,
  markKeyUsed,
  revokePlatformKey,
} from './platform-keys';

// POST /api/v2/orders/ (ordering platforms, signed), the front desk's New Order, the Check-in desk's
// calls and the admin's platform keys and required scans.

/** An order is text and a few names: a megabyte is far beyond any real one. */
const orderBodyLimit = 1024 * 1024;

const headerOf = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

const validationError = (message: string, fields: Record<string, string>): AppError =>
  new AppError('validation_failed', { message, fields });

/** The body, once its signature holds: JSON, an object, storable text, and every field's rule. */
const parseOrder = (rawBody: Buffer): Order => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw validationError(orderMessages.badOrder, {});
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw validationError(commonMessages.notAnObject, {});
  }
  const unstorable = findUnstorableText(parsed, new Set(['file_name']));
  if (unstorable !== null) {
    throw validationError(commonMessages.unstorableText, { [unstorable]: commonMessages.unstorableText });
  }
  const result = orderSchema.safeParse(parsed);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw validationError(Object.values(fields)[0] ?? orderMessages.badOrder, fields);
};

const keyParams = z.object({ key_id: z.coerce.number().int().positive() });
const jobTypeParams = z.object({ job_type_id: z.coerce.number().int().positive().max(maxDatabaseInteger) });
// An id that cannot be a uuid names no case: 404 like an unknown one.
const caseParams = z.object({ case_uid: z.string().max(64) });
const checkInQuery = z.object({
  branch_id: z.coerce.number().int().positive().max(maxDatabaseInteger).optional(),
});

export const registerIntakeRoutes = async (
  app: FastifyInstance,
  deps: { db: Db; config: Config; storage: FileStorage; caseEvents: CaseEvents },
): Promise<void> => {
  const { db, config, storage, caseEvents } = deps;

  await app.register(async (scope) => {
    // The signature is over the exact bytes sent: the body is taken raw and parsed once it holds.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: orderBodyLimit },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v2/orders/',
      {
        config: { access: 'public' },
        schema: { response: { 200: orderAnswerSchema, 201: orderAnswerSchema } },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const keyId = headerOf(request.headers[orderHeaders.keyId]);
        const key = keyId ? await findSigningKey(db, keyId, config.platformKeySecret) : null;
        if (!key) throw new AppError('unauthenticated', { message: orderMessages.unknownKey });
        const check = checkSignedBody({
          secret: key.secret,
          rawBody,
          signature: headerOf(request.headers[orderHeaders.signature]),
          timestamp: headerOf(request.headers[orderHeaders.timestamp]),
          now: new Date(),
          toleranceSeconds: orderSignatureToleranceSeconds,
        });
        if (check !== 'valid') {
          request.log.warn({ check, keyId }, 'order refused: signature');
          throw new AppError('unauthenticated', { message: orderMessages.badSignature });
        }
        const answer = await receiveOrder(db, {
          order: parseOrder(rawBody),
          rawBody,
          actor: key.actor,
          linkTtlMinutes: config.fileLinkTtlMinutes,
        });
        await markKeyUsed(db, key.actor.keyId);
        return reply.status(answer.created ? 201 : 200).send(answer);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v2/checkin/',
    {
      config: { access: 'staff' },
      schema: { querystring: checkInQuery, response: { 200: checkInListsSchema } },
    },
    async (request) => {
      const lists = await findCheckInLists(db, {
        askedBranchId: request.query.branch_id,
        ownBranchId: requireActor(request).branch_id,
      });
      if (!lists) throw new AppError('not_found', { message: orderMessages.unknownBranch });
      return lists;
    },
  );

  // The front desk's New Order: the same collection a platform's order makes. The front office's right
  // (it enters orders' details); a retry is safe with an Idempotency-Key, as every staff write.
  api.post(
    '/api/v2/checkin/orders/',
    {
      config: { access: 'staff', permission: 'edit_collection_details' },
      schema: { body: deskOrderSchema, response: { 201: orderAnswerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await receiveDeskOrder(db, {
          order: request.body,
          actor: requireActor(request),
          linkTtlMinutes: config.fileLinkTtlMinutes,
        }),
      ),
  );

  api.post(
    '/api/v2/case/:case_uid/check_in/',
    {
      config: { access: 'staff', permission: 'change_status' },
      schema: { params: caseParams, body: checkInBodySchema, response: { 200: preflightReportSchema } },
    },
    (request) =>
      checkInCase(db, {
        storage,
        events: caseEvents,
        caseUid: request.params.case_uid,
        actor: requireActor(request),
        overrideReason: request.body.override_reason,
      }),
  );

  api.post(
    '/api/v2/case/:case_uid/request_information/',
    {
      config: { access: 'staff', permission: 'change_status' },
      schema: {
        params: caseParams,
        body: informationRequestSchema,
        response: { 201: informationRequestAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await requestInformation(db, {
          caseUid: request.params.case_uid,
          actor: requireActor(request),
          body: request.body,
        }),
      ),
  );

  api.get(
    '/api/v2/job_types/required_scans/',
    { config: { access: 'staff' }, schema: { response: { 200: z.array(jobTypeRequiredScansSchema) } } },
    () => listRequiredScans(db),
  );

  api.put(
    '/api/v2/job_types/:job_type_id/required_scans/',
    {
      config: { access: 'staff', permission: 'administer' },
      schema: {
        params: jobTypeParams,
        body: requiredScansBodySchema,
        response: { 200: jobTypeRequiredScansSchema },
      },
    },
    (request) =>
      setRequiredScans(db, {
        actor: requireActor(request),
        jobTypeId: request.params.job_type_id,
        kinds: request.body.kinds,
      }),
  );

  api.get(
    '/api/v2/case/:case_uid/preflight/',
    { config: { access: 'staff' }, schema: { params: caseParams, response: { 200: preflightReportSchema } } },
    (request) => casePreflight(db, storage, request.params.case_uid),
  );

  const adminOnly = { access: 'staff', permission: 'administer' } as const;

  api.get(
    '/api/v2/ordering_platform_keys/',
    { config: adminOnly, schema: { response: { 200: z.array(platformKeySchema) } } },
    () => listPlatformKeys(db),
  );

  api.post(
    '/api/v2/ordering_platform_keys/',
    {
      config: adminOnly,
      schema: { body: createPlatformKeySchema, response: { 201: createdPlatformKeySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createPlatformKey(db, {
          actor: requireActor(request),
          platform: request.body.platform,
          label: request.body.label,
          configSecret: config.platformKeySecret,
        }),
      ),
  );

  api.delete(
    '/api/v2/ordering_platform_keys/:key_id/',
    { config: adminOnly, schema: { params: keyParams, response: { 200: platformKeySchema } } },
    (request) => revokePlatformKey(db, requireActor(request), request.params.key_id),
  );
};
