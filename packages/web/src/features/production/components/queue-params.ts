import type { QueueFilterPatch } from './work-queue-filters';

// The production pages keep their state in the address (architecture §4): ?branch=&delegate=&status=
// (and ?week= on the calendar).

export type QueueParams = { branch: number | null; delegate: number | 'none' | null; status: number | null };

const positive = (text: string | null): number | null => {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
};

export const readQueueParams = (params: URLSearchParams): QueueParams => {
  const delegate = params.get('delegate');
  return {
    branch: positive(params.get('branch')),
    delegate: delegate === 'none' ? 'none' : positive(delegate),
    status: positive(params.get('status')),
  };
};

/** The address patch of a filter change; a branch change clears the other filters (its people differ). */
export const queueParamsPatch = (patch: QueueFilterPatch): Record<string, string | null> => {
  const out: Record<string, string | null> = {};
  if (patch.branch !== undefined) {
    out['branch'] = patch.branch === null ? null : String(patch.branch);
    out['delegate'] = null;
    out['status'] = null;
  }
  if (patch.delegate !== undefined) out['delegate'] = patch.delegate === null ? null : String(patch.delegate);
  if (patch.status !== undefined) out['status'] = patch.status === null ? null : String(patch.status);
  return out;
};
