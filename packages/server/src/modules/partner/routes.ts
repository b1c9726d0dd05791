import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  partnerFileLinkSchema,
  partnerFileParams,
  partnerJobSchema,
  partnerKeyParams,
  partnerMessageBodySchema,
  partnerMessageSchema,
  partnerUploadFieldsSchema,
} from '@lab/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePartner } from '../../http/access';
import { discardUploadedParts, receiveMultipartBody, uploadedPartsOf } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { completePartnerJob } from './complete-partner-job';
import { loadPartnerJob } from './load-partner-job';
import { createPartnerFileLink } from './partner-files';
import { findPartnerJobRow } from './partner-job-row';
import { postPartnerMessage } from './post-partner-message';
import { uploadReturnFiles } from './upload-return-files';

// The partner share page's calls (domain-decisions 'Outsourcing'). Access class `partner`: the access
// hook has turned the key into the partner of exactly one started job (else 404, or 429 past the guessing
// limit) and set the link headers; every operation below is scoped to that job.

export const registerPartnerRoutes = (
  app: FastifyInstance,
  deps: { db: Db; storage: FileStorage; config: Config },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;
  const access = { access: 'partner' } as const;

  api.get(
    '/api/v2/partner/:outsource_key/',
    { config: access, schema: { params: partnerKeyParams, response: { 200: partnerJobSchema } } },
    async (request) => loadPartnerJob(db, requirePartner(request)),
  );

  api.get(
    '/api/v2/partner/:outsource_key/file/:file_id/',
    { config: access, schema: { params: partnerFileParams, response: { 200: partnerFileLinkSchema } } },
    async (request) =>
      createPartnerFileLink(db, {
        job: await findPartnerJobRow(db, requirePartner(request)),
        rawFileId: request.params.file_id,
        ttlMinutes: deps.config.fileLinkTtlMinutes,
      }),
  );

  api.post(
    '/api/v2/partner/:outsource_key/files/',
    {
      config: access,
      preValidation: receiveMultipartBody,
      onResponse: discardUploadedParts,
      schema: {
        params: partnerKeyParams,
        body: partnerUploadFieldsSchema,
        response: { 200: partnerJobSchema },
      },
    },
    async (request) =>
      uploadReturnFiles(db, {
        partner: requirePartner(request),
        // Parts under any other name are not the partner's files.
        parts: uploadedPartsOf(request).filter((part) => part.field === 'files'),
        storage,
      }),
  );

  api.post(
    '/api/v2/partner/:outsource_key/message/',
    {
      config: access,
      schema: {
        params: partnerKeyParams,
        body: partnerMessageBodySchema.optional(),
        response: { 200: partnerMessageSchema },
      },
    },
    async (request) => postPartnerMessage(db, { partner: requirePartner(request), body: request.body }),
  );

  api.post(
    '/api/v2/partner/:outsource_key/complete/',
    { config: access, schema: { params: partnerKeyParams, response: { 200: partnerJobSchema } } },
    async (request) => completePartnerJob(db, requirePartner(request)),
  );
};
