import { z } from 'zod';
import {
  fileServiceDownloadAnswerSchema,
  fileServiceUploadAnswerSchema,
  type FileServiceUploadAnswer,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { sendWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';

// The file service (case-workspace §7 'File service'): ask for one-time upload links, PUT each file to
// its link, and ask for a one-time download link by the service's file name. Its address is /conf's
// file-transfer URL; on this installation that is the same server, so only its path is used when it
// names this origin (the page may be reached under another host name than PUBLIC_URL).

export const fileServiceBase = (fileTransferUrl: string): string => {
  try {
    const url = new URL(fileTransferUrl, window.location.origin);
    const isLoopback = (host: string) => ['localhost', '127.0.0.1', '[::1]'].includes(host);
    const isSameServer =
      url.origin === window.location.origin ||
      (isLoopback(url.hostname) && isLoopback(window.location.hostname) && url.port === window.location.port);
    return (isSameServer ? url.pathname : url.href).replace(/\/$/, '');
  } catch {
    return '/files';
  }
};

export type FileReference = { entityType: 'COLLECTION' | 'CASE'; entityIdentification: string };

const putAnswerSchema = z.object({ uid: z.string(), fileName: z.string() });

/** Uploads the files through the file service; answers each file's service uid and name. */
export const uploadThroughFileService = async (options: {
  fileTransferUrl: string;
  country: string;
  files: readonly File[];
  references: FileReference[];
  onProgress?: UploadProgress;
}): Promise<FileServiceUploadAnswer> => {
  const base = fileServiceBase(options.fileTransferUrl);
  const items = await apiClient.post(
    `${base}/upload/${encodeURIComponent(options.country)}`,
    options.files.map((file) => ({ fileName: file.name, fileReferences: options.references })),
    fileServiceUploadAnswerSchema,
  );
  const total = options.files.reduce((sum, file) => sum + file.size, 0) || 1;
  let done = 0;
  for (const [index, item] of items.entries()) {
    const file = options.files[index];
    if (!file) continue;
    await sendWithProgress({
      method: 'PUT',
      url: item.oneTimeUploadLink,
      body: file,
      schema: putAnswerSchema,
      isAuthenticated: false,
      onProgress: (fraction) => options.onProgress?.((done + fraction * file.size) / total),
    });
    done += file.size;
  }
  return items;
};

/** GET {file service}/?fileName=: a one-time download address, opened once. */
export const fetchFileServiceLink = async (fileTransferUrl: string, fileName: string): Promise<string> => {
  const base = fileServiceBase(fileTransferUrl);
  const answer = await apiClient.get(
    `${base}/?fileName=${encodeURIComponent(fileName)}`,
    fileServiceDownloadAnswerSchema,
  );
  return answer.oneTimeDownloadLink;
};
