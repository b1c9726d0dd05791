import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { Dentate } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';

/** The body of POST /api/v2/collection/{uid}/component/ (contract `addComponentSchema`). */
export type AddComponentBody = {
  job_type_id: number;
  dentate: Dentate;
  status_id: number;
  /** A local date (YYYY-MM-DD) or null. */
  date_promised: string | null;
};

// The new case's uid when the answer carries one; the caller also finds it in the reloaded collection.
const addComponentAnswer = z.looseObject({ uid: z.string().optional() }).nullable().catch(null);

export const addComponent = (
  uid: string,
  body: AddComponentBody,
): Promise<{ uid?: string | undefined } | null> =>
  apiClient.postOnce(`/api/v2/collection/${encodeURIComponent(uid)}/component/`, body, addComponentAnswer);

export const useAddComponent = (uid: string) =>
  useMutation({ mutationFn: (body: AddComponentBody) => addComponent(uid, body) });
