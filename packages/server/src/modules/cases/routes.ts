import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  caseActionPermissionsOf,
  caseActionResponseSchema,
  caseActionSchema,
  collectionCaseSchema,
  finishingActionAnswerSchema,
  finishingActionSchema,
  legacyCaseIdParams,
  uploadMessages,
} from '@lab/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { checkActionPermissions, requireActor } from '../../http/access';
import { setLinkHeaders } from '../../http/link-headers';
import {
  discardUploadedParts,
  anyNumberOfFiles,
  receiveLimitedFiles,
  uploadedPartsOf,
} from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { cameraUploadBodySchema, uploadCameraPhoto } from './camera-upload';
import type { CaseActionPlugins } from './case-action-plugins';
import type { CaseEvents } from './case-events';
import { createCaseActionRunner } from './run-case-action';

// The case actions (case-workspace §7 'Case actions'), the finishing status selector and the camera
// upload. The id is parsed in the handler, not refused by the schema: an id that cannot exist is
// 'Case not found' (404). upload_files and blur_file come as multipart: their text fields are the body the
// schema validates, their files are received before validation (http/multipart-upload.ts). The app
// passes its case events and the other modules' slices of the case actions (case-action-plugins.ts).
export const registerCasesRoutes = (
  app: FastifyInstance,
  deps: {
    db: Db;
    storage: FileStorage;
    config: Config;
    caseEvents: CaseEvents;
    caseActionPlugins: CaseActionPlugins;
  },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;
  const runner = createCaseActionRunner({
    db,
    storage,
    events: deps.caseEvents,
    plugins: deps.caseActionPlugins,
  });
  const linkTtlMinutes = deps.config.fileLinkTtlMinutes;

  api.post(
    '/api/v2/case/:case_id/',
    {
      config: { access: 'staff', permission: 'per_action' },
      // file_link answers a one-time link: no cache may keep any answer of this route.
      onRequest: setLinkHeaders,
      // The image editor sends one image; the Files tab's upload up to the multipart limit.
      // The parts first (a form's fields are the body), then who may run the action the body names.
      preValidation: [
        receiveLimitedFiles((fields) =>
          fields.action === 'blur_file'
            ? { maxFiles: 1, refusal: uploadMessages.oneImageOnly }
            : anyNumberOfFiles,
        ),
        checkActionPermissions(caseActionPermissionsOf),
      ],
      onResponse: discardUploadedParts,
      schema: {
        params: legacyCaseIdParams,
        body: caseActionSchema,
        response: { 200: caseActionResponseSchema },
      },
    },
    async (request) =>
      runner.runCaseAction({
        caseId: request.params.case_id,
        body: request.body,
        actor: requireActor(request),
        parts: uploadedPartsOf(request),
        linkTtlMinutes,
      }),
  );

  api.post(
    '/api/v2/case/:case_id/camera_upload/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      preValidation: receiveLimitedFiles(() => ({ maxFiles: 1, refusal: uploadMessages.cameraNotJpeg })),
      onResponse: discardUploadedParts,
      schema: {
        params: legacyCaseIdParams,
        body: cameraUploadBodySchema,
        response: { 200: collectionCaseSchema },
      },
    },
    async (request) =>
      uploadCameraPhoto(runner, {
        caseId: request.params.case_id,
        body: request.body,
        actor: requireActor(request),
        parts: uploadedPartsOf(request),
      }),
  );

  api.post(
    '/api/v2/finishing/:case_id/',
    {
      config: { access: 'staff', permission: 'change_status' },
      schema: {
        params: legacyCaseIdParams,
        body: finishingActionSchema,
        response: { 200: finishingActionAnswerSchema },
      },
    },
    async (request) =>
      runner.runFinishingAction({
        caseId: request.params.case_id,
        body: request.body,
        actor: requireActor(request),
      }),
  );
};
