import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileServiceDownloadAnswerSchema,
  fileServiceDownloadQuerySchema,
  fileServiceUploadAnswerSchema,
  fileServiceUploadRequestSchema,
  largestUploadLimitBytes,
  uploadMessages,
} from '@lab/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import type { FileStorage } from '../../storage/file-storage';
import { completeUpload } from './complete-upload';
import { requestUploads } from './request-uploads';
import { requestDownloadLink, serveDownload } from './serve-download';
import { setLinkHeaders } from '../../http/link-headers';

// The file service of the spec, mounted at /files (the /conf file-transfer URL points here):
// POST /files/upload/{country} → one-time upload links; PUT /files/upload/{token} the bytes;
// GET /files/?fileName= → a one-time download link; GET /files/download/{token} the bytes.

type FileServiceDeps = { db: Db; config: Config; storage: FileStorage };

// The country names where the original service keeps the file; one installation has one store, so it
// is checked for shape (an ISO 3166 alpha-2 code, as clients carry) and otherwise not used.
const countryParams = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, uploadMessages.unknownCountry),
});
const tokenParams = z.object({ token: z.string().max(200) });
const downloadQuery = z.object({ inline: z.string().max(10).optional() });
const uploadAnswer = z.object({ uid: z.uuid(), fileName: z.string() });

export const registerFileServiceRoutes = (app: FastifyInstance, deps: FileServiceDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, storage } = deps;

  api.post(
    '/files/upload/:country',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      // The answer holds one-time links.
      onRequest: setLinkHeaders,
      schema: {
        params: countryParams,
        body: fileServiceUploadRequestSchema,
        response: { 200: fileServiceUploadAnswerSchema },
      },
    },
    async (request) =>
      requestUploads(db, {
        actor: requireActor(request),
        items: request.body,
        ttlMinutes: config.fileLinkTtlMinutes,
      }),
  );

  api.get(
    '/files/',
    {
      config: { access: 'staff' },
      onRequest: setLinkHeaders,
      // Each call issues a link; a HEAD has no use for one.
      exposeHeadRoute: false,
      schema: {
        querystring: fileServiceDownloadQuerySchema,
        response: { 200: fileServiceDownloadAnswerSchema },
      },
    },
    async (request) =>
      requestDownloadLink(db, { fileName: request.query.fileName, ttlMinutes: config.fileLinkTtlMinutes }),
  );

  api.get(
    '/files/download/:token',
    {
      config: { access: 'one-time' },
      // A HEAD (link previews, prefetchers) must not use the link up.
      exposeHeadRoute: false,
      onRequest: setLinkHeaders,
      schema: { params: tokenParams, querystring: downloadQuery },
    },
    async (request, reply) => {
      const answer = await serveDownload(db, storage, {
        token: request.params.token,
        wantsInline: request.query.inline === '1',
      });
      if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
      return reply.headers(answer.headers).send(answer.body);
    },
  );

  // The PUT takes the raw bytes of any type. Its own plugin scope replaces the JSON and text parsers with
  // one that hands the request stream on unread, so nothing is buffered and receiveUpload caps the size.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/files/upload/:token',
      {
        config: { access: 'one-time' },
        // The stream parser is not bound by bodyLimit, but say what the route takes.
        bodyLimit: largestUploadLimitBytes,
        onRequest: setLinkHeaders,
        schema: { params: tokenParams, response: { 200: uploadAnswer } },
      },
      async (request, reply) => {
        try {
          return await completeUpload(db, storage, {
            token: request.params.token,
            body: request.body instanceof Readable ? request.body : Readable.from([]),
            maxBytes: config.fileUploadMaxBytes,
          });
        } catch (error) {
          // Answered before the whole body arrived (a used link, too large): close the connection, or
          // the client goes on sending bytes nobody reads and the socket stays busy until it times out.
          if (!request.raw.complete) void reply.header('connection', 'close');
          throw error;
        }
      },
    );
  });
};
