import { z } from 'zod';
import { AppError, fileExtension, sanitizeFileName, uploadMessages, type CollectionCase } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { UploadedPart } from '../../http/multipart-upload';
import type { CaseActionRunner } from './run-case-action';

// POST /api/v2/case/{caseId}/camera_upload/ (collection-views §7): a photo from the Photo toolbar button's
// camera card (multipart `name` and a JPEG `image`) becomes one of the case's internal files.

export const cameraUploadBodySchema = z.object({ name: z.string().max(4096).optional() });

const jpegSignature = [0xff, 0xd8, 0xff];

// Sanitised before the extension is added: a name like '..' or '../' would otherwise lose everything
// but 'jpg' to the sanitiser and a real photo would be refused for its type.
const photoName = (name: string | undefined): string => {
  const base = sanitizeFileName(
    name?.trim() || `photo_${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`,
  );
  return ['jpg', 'jpeg'].includes(fileExtension(base)) ? base : `${base}.jpg`;
};

export const uploadCameraPhoto = async (
  runner: CaseActionRunner,
  options: {
    caseId: number | null;
    body: z.infer<typeof cameraUploadBodySchema>;
    actor: StaffActor;
    parts: readonly UploadedPart[];
  },
): Promise<CollectionCase> => {
  const image = options.parts.find((p) => p.field === 'image');
  const isJpeg = image !== undefined && jpegSignature.every((b, i) => image.received.head[i] === b);
  if (!image || options.parts.length !== 1 || !isJpeg) {
    throw new AppError('validation_failed', {
      message: uploadMessages.cameraNotJpeg,
      fields: { image: uploadMessages.cameraNotJpeg },
    });
  }
  const answer = await runner.runCaseAction({
    caseId: options.caseId,
    body: { action: 'upload_files', type: 'internal_file' },
    actor: options.actor,
    parts: [{ ...image, rawName: photoName(options.body.name) }],
    linkTtlMinutes: 0,
  });
  return answer as CollectionCase;
};
