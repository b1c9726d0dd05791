import { searchMinimumLength } from '@lab/domain';

/** Spec §5: a keyword of at least 2 characters; anything shorter does nothing (no call). */
export const toSearchableKeyword = (text: string): string | null => {
  const keyword = text.trim();
  return keyword.length >= searchMinimumLength ? keyword : null;
};
