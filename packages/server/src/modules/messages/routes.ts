import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentActionSchema,
  collectionParams,
  communicationListSchema,
  emailInfoSchema,
  fileLinkAnswerSchema,
  messageTextsExtra,
  messageActionSchema,
  messageListSchema,
  messageSchema,
  postMessageFieldsSchema,
  uidParam,
} from '@lab/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { createPolledEtagCache } from '../../cache/polled-etags';
import { sendRememberedPolledAnswer } from '../../http/polled-answer';
import { setLinkHeaders } from '../../http/link-headers';
import {
  discardUploadedParts,
  receiveFieldsOnly,
  receiveMultipartBody,
  uploadedPartsOf,
} from '../../http/multipart-upload';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import type { FileStorage } from '../../storage/file-storage';
import { parseCollectionUid } from '../collections/collection-queries';
import { findEmailInfo, listCommunicationLogs } from './communication-logs';
import { runMessageAction } from './message-action';
import { linkAttachment, runAttachmentAction } from './message-attachments';
import { listCollectionMessages } from './message-queries';
import { postMessage } from './post-message';

const attachmentAnswerSchema = z.object({ uid: z.uuid(), file_name: z.string(), blurred: z.boolean() });

// Notes and messages (case-workspace §7 'Messages and approvals', collection-views §7): the collection's
// messages and communications log, posting (multipart or JSON), resolve/read, one e-mail's state, and
// the message attachments. The spec writes GET /api/v2/communications/{id} without a trailing slash;
// both forms work.

// The spec's web omits empty values; a blank (or JSON null) field means the same as an omitted one.
const dropBlankFields = async (request: FastifyRequest): Promise<void> => {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  request.body = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== '' && value !== null),
  );
};

const messageListQuery = z.object({ 'extra-ref': z.string().max(100).optional() });
const messageParams = z.object({ uid: z.string() });
const communicationParams = z.object({ id: z.string() });
export const registerMessagesRoutes = (
  app: FastifyInstance,
  deps: { db: Db; storage: FileStorage; config: Config; realtime: RealtimeBus },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = deps;
  // By collection, viewer (message_seen is theirs) and extra-ref (whether the client's notes are in).
  const messageListEtags = createPolledEtagCache<string>(deps.realtime);
  const url = '/api/v2/messages/attachments/:uid/';

  api.get(
    '/api/v2/collection/:uid/messages/',
    {
      config: { access: 'staff' },
      schema: {
        params: collectionParams,
        querystring: messageListQuery,
        response: { 200: messageListSchema },
      },
    },
    // Refreshed with its collection (http/polled-answer.ts); per employee through message_seen.
    async (request, reply) => {
      const uid = parseCollectionUid(request.params.uid);
      const extraRef = request.query['extra-ref'];
      const viewerId = requireActor(request).id;
      return sendRememberedPolledAnswer(request, reply, messageListSchema, {
        cache: messageListEtags,
        key: `${uid} ${viewerId} ${extraRef?.trim().toLowerCase() ?? ''}`,
        load: async () => ({
          answer: await listCollectionMessages(db, { rawUid: uid, extraRef, viewerId }),
          collections: [uid],
        }),
      });
    },
  );

  api.post(
    '/api/v2/messages/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      preValidation: [receiveFieldsOnly(messageTextsExtra.filesNotAccepted), dropBlankFields],
      onResponse: discardUploadedParts,
      schema: { body: postMessageFieldsSchema, response: { 200: messageSchema } },
    },
    async (request) =>
      postMessage(db, { body: request.body, actor: requireActor(request), parts: uploadedPartsOf(request) }),
  );

  api.patch(
    '/api/v2/message/:uid/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { params: messageParams, body: messageActionSchema, response: { 200: messageSchema } },
    },
    async (request) =>
      runMessageAction(db, {
        rawUid: request.params.uid,
        action: request.body.action,
        actor: requireActor(request),
      }),
  );

  api.get(
    '/api/v2/collection/:uid/communicationlogs/',
    {
      config: { access: 'staff' },
      schema: { params: collectionParams, response: { 200: communicationListSchema } },
    },
    async (request) => listCommunicationLogs(db, request.params.uid),
  );

  for (const emailUrl of ['/api/v2/communications/:id', '/api/v2/communications/:id/']) {
    api.get(
      emailUrl,
      {
        config: { access: 'staff' },
        schema: { params: communicationParams, response: { 200: emailInfoSchema } },
      },
      async (request) => findEmailInfo(db, request.params.id),
    );
  }

  api.get(
    url,
    {
      config: { access: 'staff' },
      // The answer is a one-time link.
      onRequest: setLinkHeaders,
      schema: { params: uidParam, response: { 200: fileLinkAnswerSchema } },
    },
    async (request) =>
      linkAttachment(db, { uid: request.params.uid, linkTtlMinutes: config.fileLinkTtlMinutes }),
  );

  api.post(
    url,
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      preValidation: receiveMultipartBody,
      onResponse: discardUploadedParts,
      schema: { params: uidParam, body: attachmentActionSchema, response: { 200: attachmentAnswerSchema } },
    },
    async (request) =>
      runAttachmentAction(db, {
        uid: request.params.uid,
        body: request.body,
        actor: requireActor(request),
        storage,
        parts: uploadedPartsOf(request),
      }),
  );
};
