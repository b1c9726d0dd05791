import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { BasicInformation } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

// Spec §7: 'response not used'; leaving edit mode reloads the collection instead.
const ignoredAnswer = z.unknown();

export const updateBasicInformation = (uid: string, body: BasicInformation): Promise<unknown> =>
  apiClient.request('PATCH', `/api/v2/collection/${encodeURIComponent(uid)}/`, {
    schema: ignoredAnswer,
    body,
  });

export const useUpdateBasicInformation = (uid: string) =>
  useMutation({ mutationFn: (body: BasicInformation) => updateBasicInformation(uid, body) });
