import type { FastifyReply, FastifyRequest } from 'fastify';
// The plugin (registered in app.ts) adds request.isMultipart() and request.parts() to Fastify's types.
import type {} from '@fastify/multipart';
import { AppError, largestUploadLimitBytes, uploadMessages } from '@lab/domain';
import { receiveUpload, type ReceivedUpload } from '../storage/receive-upload';

// Multipart requests of the action-style routes (the spec's upload_files, blur_file, camera_upload,
// approvals, messages): the text fields become the body that the route's zod schema validates, and each
// file part is streamed to a temporary file (size-capped while it arrives). The route's onResponse hook
// deletes the temporary files whatever the outcome.

export type UploadedPart = { field: string; rawName: string; received: ReceivedUpload };

export const maxPartsPerRequest = 50;
// Room for the longest text a schema takes (20,000 characters of up to 4 UTF-8 bytes each); a longer
// field is refused, never cut short (the parser would otherwise truncate it silently, even mid-character).
const maxFieldBytes = 128 * 1024;

const partsByRequest = new WeakMap<FastifyRequest, UploadedPart[]>();

/** The file parts received for this request (none for a JSON request). */
export const uploadedPartsOf = (request: FastifyRequest): UploadedPart[] => partsByRequest.get(request) ?? [];

/** How many file parts a request may carry, and what it answers past that. */
export type FileLimit = { maxFiles: number; refusal: string };

/** Decided from the text fields received so far (the case route's `action` comes before its files). */
type FilePolicy = (fieldsSoFar: Readonly<Record<string, string | string[]>>) => FileLimit;

/** As many files as one multipart request may carry. */
export const anyNumberOfFiles: FileLimit = {
  maxFiles: maxPartsPerRequest,
  refusal: uploadMessages.tooManyFiles(maxPartsPerRequest),
};

/**
 * preValidation hook: for a multipart request, receives every part, then sets `request.body` to the text
 * fields (a repeated field becomes an array) so validation sees an ordinary body.
 */
export const receiveMultipartBody = (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
  receiveParts(request, reply, () => anyNumberOfFiles);

/**
 * The same for a route that takes fewer files (none for the message composer, which sends service file
 * names; one for the camera and the image editor): the first part past the limit is refused at once with
 * its refusal, before any of its bytes are read or stored.
 */
export const receiveLimitedFiles =
  (policy: FilePolicy) =>
  (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
    receiveParts(request, reply, policy);

/** A route that takes no files at all. */
export const receiveFieldsOnly = (refusal: string) => receiveLimitedFiles(() => ({ maxFiles: 0, refusal }));

const receiveParts = async (
  request: FastifyRequest,
  reply: FastifyReply,
  policy: FilePolicy,
): Promise<void> => {
  if (!request.isMultipart()) return;
  // onResponse does not run when the client goes away mid-upload; the socket's close always fires.
  reply.raw.once('close', () => void discardUploadedParts(request));
  const fields: Record<string, string | string[]> = {};
  const parts: UploadedPart[] = [];
  partsByRequest.set(request, parts);
  const stream = request.parts({
    limits: {
      fileSize: largestUploadLimitBytes,
      files: maxPartsPerRequest,
      fields: 50,
      fieldSize: maxFieldBytes,
    },
  });
  try {
    for await (const part of stream) {
      if (part.type === 'file') {
        const limit = policy(fields);
        if (parts.length >= limit.maxFiles) throw refusal(limit.refusal);
        const received = await receiveUpload(part.file, {
          name: part.filename,
          maxBytes: largestUploadLimitBytes,
        });
        parts.push({ field: part.fieldname, rawName: part.filename, received });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          const message = uploadMessages.fieldTooLong(part.fieldname.slice(0, 100));
          throw new AppError('validation_failed', { message, fields: { [part.fieldname]: message } });
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const existing = fields[part.fieldname];
        if (existing === undefined) fields[part.fieldname] = value;
        else fields[part.fieldname] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
    }
  } catch (error) {
    await discardUploadedParts(request);
    throw asRequestError(error);
  }
  request.body = fields;
};

/**
 * The multipart parser reports a broken body (no boundary, cut off mid-part) as a plain Error: the
 * client's fault, so a 400; so are too many files or fields. Our own errors, the plugin's size limits
 * (they carry a status) and system errors of the temporary files (they name a syscall) stay as they are.
 */
const asRequestError = (error: unknown): unknown => {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  // Too many parts is not too many bytes: a 400 that names the limit, not the generic 413.
  const code = 'code' in error ? error.code : undefined;
  if (code === 'FST_FILES_LIMIT') return refusal(uploadMessages.tooManyFiles(maxPartsPerRequest));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return refusal(uploadMessages.tooManyFields);
  if ('statusCode' in error || 'syscall' in error) return error;
  return refusal(uploadMessages.malformedUpload);
};

const refusal = (message: string): AppError =>
  new AppError('validation_failed', { message, fields: { files: message } });

/** onResponse hook: the temporary files are never kept past the request. */
export const discardUploadedParts = async (request: FastifyRequest): Promise<void> => {
  await Promise.all(uploadedPartsOf(request).map((p) => p.received.discard()));
};

/** 400 unless exactly the expected file field is present. */
export const requireParts = (parts: UploadedPart[], message: string): UploadedPart[] => {
  if (parts.length === 0) throw new AppError('validation_failed', { message, fields: { files: message } });
  return parts;
};
