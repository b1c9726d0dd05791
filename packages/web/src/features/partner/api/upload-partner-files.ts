import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerJobSchema, type PartnerJob } from '@lab/domain';
import { keyLinkErrorOf, parseKeyLinkAnswer } from '../../../lib/key-link-answers';
import { KeyLinkError, keyLinkErrorTexts, parseJsonText } from '../../../lib/key-link-fetch';
import { putJobIntoCache } from './get-partner-job';
import { partnerPath } from './partner-path';

// POST /api/v2/partner/{key}/files/ (multipart, repeated `files`) → the job with its returned files.
// Design files run to hundreds of megabytes, so this goes through XMLHttpRequest, whose upload events
// give a progress bar (fetch has none).

export type UploadProgress = (fraction: number) => void;

export const uploadPartnerFiles = (
  outsourceKey: string,
  files: readonly File[],
  onProgress?: UploadProgress,
): Promise<PartnerJob> => {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise<PartnerJob>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', partnerPath(outsourceKey, 'files'));
    request.withCredentials = false;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new KeyLinkError(0, 'network_error', keyLinkErrorTexts.network));
    request.onload = () => {
      const data = parseJsonText(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(keyLinkErrorOf(request.status, data));
        return;
      }
      try {
        resolve(parseKeyLinkAnswer(partnerJobSchema, request.status, data));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.send(form);
  });
};

type UploadInput = { files: readonly File[]; onProgress?: UploadProgress };

export const useUploadPartnerFiles = (outsourceKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: UploadInput) => uploadPartnerFiles(outsourceKey, files, onProgress),
    onSuccess: (job) => putJobIntoCache(queryClient, outsourceKey, job),
  });
};
