import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  portalApprovalAnswerSchema,
  portalApprovalFieldsSchema,
  portalApprovalParams,
  portalCollectionSchema,
  portalFileLinkSchema,
  portalFileParams,
  portalKeyParams,
  portalMessageActionSchema,
  portalMessageAnswerSchema,
  portalMessageFieldsSchema,
  portalMessageParams,
} from '@lab/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireClient } from '../../http/access';
import { createPolledEtagCache } from '../../cache/polled-etags';
import { sendRememberedPolledAnswer } from '../../http/polled-answer';
import { discardUploadedParts, receiveMultipartBody, uploadedPartsOf } from '../../http/multipart-upload';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import type { FileStorage } from '../../storage/file-storage';
import type { CaseEvents } from '../cases/kernel';
import { answerApproval } from './answer-approval';
import { loadPortalCollection } from './load-portal-collection';
import { markMessageRead } from './mark-message-read';
import { createPortalFileLink } from './portal-file-link';
import { postClientMessage } from './post-client-message';

// The customer portal's calls (collection-views §7 'Customer portal'). Access class `portal`: the access
// hook has turned the key into the client of exactly one collection (else 404, or 429 past the guessing
// limit) and set the link headers; every operation below is scoped to that collection.

/** The file parts of a multipart field; parts under any other name are not the client's files. */
const partsNamed = (parts: ReturnType<typeof uploadedPartsOf>, field: string) =>
  parts.filter((part) => part.field === field);

export const registerPortalRoutes = (
  app: FastifyInstance,
  deps: { db: Db; storage: FileStorage; config: Config; realtime: RealtimeBus; caseEvents: CaseEvents },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;
  // One tag per collection. The key is checked by the access hook on every request before this runs,
  // so a regenerated key stops the old link at once, 304 or not.
  const portalEtags = createPolledEtagCache<string>(deps.realtime);

  api.get(
    '/api/v2/customer/:portal_key/',
    {
      config: { access: 'portal' },
      schema: { params: portalKeyParams, response: { 200: portalCollectionSchema } },
    },
    // The portal page polls it (http/polled-answer.ts).
    async (request, reply) => {
      const client = requireClient(request);
      return sendRememberedPolledAnswer(request, reply, portalCollectionSchema, {
        cache: portalEtags,
        key: client.collectionUid,
        load: async () => ({
          answer: await loadPortalCollection(db, client),
          collections: [client.collectionUid],
        }),
      });
    },
  );

  api.post(
    '/api/v2/customer/:portal_key/approval/:approval_uid/',
    {
      config: { access: 'portal' },
      preValidation: receiveMultipartBody,
      onResponse: discardUploadedParts,
      schema: {
        params: portalApprovalParams,
        body: portalApprovalFieldsSchema,
        response: { 200: portalApprovalAnswerSchema },
      },
    },
    async (request) =>
      answerApproval(db, {
        client: requireClient(request),
        rawUid: request.params.approval_uid,
        fields: request.body,
        parts: partsNamed(uploadedPartsOf(request), 'files'),
        storage,
        events: deps.caseEvents,
      }),
  );

  api.post(
    '/api/v2/customer/:portal_key/message/',
    {
      config: { access: 'portal' },
      preValidation: receiveMultipartBody,
      onResponse: discardUploadedParts,
      schema: {
        params: portalKeyParams,
        body: portalMessageFieldsSchema,
        response: { 200: portalMessageAnswerSchema },
      },
    },
    async (request) =>
      postClientMessage(db, {
        client: requireClient(request),
        fields: request.body,
        parts: partsNamed(uploadedPartsOf(request), 'attachments'),
        storage,
      }),
  );

  api.patch(
    '/api/v2/customer/:portal_key/message/:uid/',
    {
      config: { access: 'portal' },
      schema: {
        params: portalMessageParams,
        body: portalMessageActionSchema,
        response: { 200: portalMessageAnswerSchema },
      },
    },
    async (request) => markMessageRead(db, { client: requireClient(request), rawUid: request.params.uid }),
  );

  api.get(
    '/api/v2/customer/:portal_key/file/:type/:id/',
    {
      config: { access: 'portal' },
      schema: { params: portalFileParams, response: { 200: portalFileLinkSchema } },
    },
    async (request) =>
      createPortalFileLink(db, {
        client: requireClient(request),
        type: request.params.type,
        id: request.params.id,
        ttlMinutes: deps.config.fileLinkTtlMinutes,
      }),
  );
};
