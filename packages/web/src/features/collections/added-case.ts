import type { Collection } from '@lab/domain';

/**
 * The case Add Component created: the uid the answer names when the reloaded collection has it,
 * else the one case that was not there before.
 */
export const findAddedCaseUid = (
  before: readonly { uid: string }[],
  after: Collection | undefined,
  answeredUid: string | undefined,
): string | null => {
  const cases = after?.cases ?? [];
  if (answeredUid && cases.some((item) => item.uid === answeredUid)) return answeredUid;
  const known = new Set(before.map((item) => item.uid));
  return cases.find((item) => !known.has(item.uid))?.uid ?? null;
};
