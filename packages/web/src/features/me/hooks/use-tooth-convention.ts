import { defaultToothConvention, toothConventions, type ToothConvention } from '@lab/domain';
import { useStoredChoice } from '../../../lib/stored-choice';
import { useMe } from '../api/get-me';

/** Where a signed-in employee's numbering is kept: by username, so two people on one PC keep theirs. */
export const staffToothConventionKey = (username: string) => `lab.toothConvention.staff.${username}`;

/**
 * The signed-in employee's tooth numbering (FDI, Palmer, Universal), the same in every part of the staff
 * pages that shows teeth, and again after a reload.
 */
export const useToothConvention = (): [ToothConvention, (next: ToothConvention) => void] => {
  const { data: me } = useMe();
  return useStoredChoice(
    me ? staffToothConventionKey(me.username) : null,
    toothConventions,
    defaultToothConvention,
  );
};
