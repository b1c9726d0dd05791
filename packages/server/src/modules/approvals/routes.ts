import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalActionSchema,
  approvalFileIdParams,
  collectionApprovalSchema,
  newApprovalFieldsSchema,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { discardUploadedParts, receiveMultipartBody, uploadedPartsOf } from '../../http/multipart-upload';
import type { JobName } from '../../jobs/job-names';
import type { FileStorage } from '../../storage/file-storage';
import type { CaseEvents } from '../cases/kernel';
import { runApprovalAction } from './approval-actions';
import { attachApprovalFiles, deleteApprovalFile } from './approval-files';
import { createApproval } from './create-approval';

// Approval requests (case-workspace §7 'Messages and approvals'). Every answer is the approval as the
// collection lists it. The uid is checked in the handler: one that cannot exist is 'Approval not found'.
export const registerApprovalsRoutes = (
  app: FastifyInstance,
  deps: { db: Db; storage: FileStorage; jobs: { wake: (name: JobName) => void }; caseEvents: CaseEvents },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, jobs, caseEvents } = deps;
  const approvalParams = z.object({ uid: z.string().max(100) });
  const answer = { response: { 200: collectionApprovalSchema } };

  api.post(
    '/api/v2/approvals/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      preValidation: receiveMultipartBody,
      onResponse: discardUploadedParts,
      schema: { body: newApprovalFieldsSchema, ...answer },
    },
    async (request) =>
      createApproval(db, {
        fields: request.body,
        parts: uploadedPartsOf(request),
        actor: requireActor(request),
        storage,
        onQueued: jobs.wake,
      }),
  );

  api.patch(
    '/api/v2/approval/:uid/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { params: approvalParams, body: approvalActionSchema, ...answer },
    },
    async (request) =>
      runApprovalAction(db, {
        events: caseEvents,
        uid: request.params.uid,
        action: request.body.action,
        actor: requireActor(request),
      }),
  );

  api.post(
    '/api/v2/approval/:uid/attach/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      preValidation: receiveMultipartBody,
      onResponse: discardUploadedParts,
      // Only file parts are expected; text fields are ignored.
      schema: { params: approvalParams, body: z.record(z.string(), z.unknown()).optional(), ...answer },
    },
    async (request) =>
      attachApprovalFiles(db, {
        uid: request.params.uid,
        parts: uploadedPartsOf(request),
        actor: requireActor(request),
        storage,
      }),
  );

  api.delete(
    '/api/v2/approval/file/:id/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { params: approvalFileIdParams, ...answer },
    },
    async (request) => deleteApprovalFile(db, { id: request.params.id, actor: requireActor(request) }),
  );
};
