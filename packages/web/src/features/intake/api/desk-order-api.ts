import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  clientSearchResultSchema,
  implantPlatformSchema,
  orderAnswerSchema,
  sanitizeFileName,
  searchMinimumLength,
  type DeskOrder,
  type OrderAnswer,
} from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { checkInQueryKey } from '../../../lib/query-keys';
import { sendWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';

// The front desk's New Order: the order goes to POST /api/v2/checkin/orders/ (the same collection a
// platform's order makes), then each scan to its one-time upload link, as a platform sends them.

/** POST /api/v2/client/search/: the clients a keyword finds, for choosing who ordered. */
export const useDeskClientSearch = (keyword: string) =>
  useQuery({
    queryKey: ['checkin', 'client-search', keyword],
    queryFn: ({ signal }) =>
      apiClient.post('/api/v2/client/search/', { keyword }, clientSearchResultSchema.array(), signal),
    enabled: keyword.length >= searchMinimumLength,
    staleTime: 60_000,
  });

/** The implant platforms sold where the order is made (branch) for the client's country. */
export const useDeskImplantPlatforms = (branchId: number | null, country: string) =>
  useQuery({
    queryKey: ['checkin', 'implant-platforms', branchId, country],
    queryFn: ({ signal }) =>
      apiClient.get(
        `/api/v2/implant_platforms/${branchId ?? 0}/${encodeURIComponent(country)}/`,
        implantPlatformSchema.array(),
        signal,
      ),
    enabled: branchId !== null && /^[A-Za-z]{2}$/.test(country),
    staleTime: 5 * 60_000,
  });

const putAnswerSchema = z.object({ uid: z.string() }).loose();

/** The order's link for a file the desk picked: the answer names files by storage name (uid/name). */
const linkFor = (answer: OrderAnswer, file: File): string | null =>
  answer.files.find((f) => f.fileName.endsWith(`/${sanitizeFileName(file.name)}`))?.oneTimeUploadLink ?? null;

export type DeskOrderInput = { order: DeskOrder; files: readonly File[]; onProgress?: UploadProgress };

export const useSubmitDeskOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ order, files, onProgress }: DeskOrderInput): Promise<OrderAnswer> => {
      const answer = await apiClient.postOnce('/api/v2/checkin/orders/', order, orderAnswerSchema);
      const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
      let done = 0;
      for (const file of files) {
        const link = linkFor(answer, file);
        if (link === null) continue;
        await sendWithProgress({
          method: 'PUT',
          url: link,
          body: file,
          schema: putAnswerSchema,
          isAuthenticated: false,
          onProgress: (fraction) => onProgress?.((done + fraction * file.size) / total),
        });
        done += file.size;
      }
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkInQueryKey }),
  });
};
