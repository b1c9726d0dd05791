import { defaultToothConvention, toothConventions, type ToothConvention } from '@lab/domain';
import { useStoredChoice } from '../../../lib/stored-choice';

/** Kept per browser: a client opens many cases' links, and wants the same numbering in each. */
export const portalToothConventionKey = 'lab.toothConvention.portal';

/** The portal reader's tooth numbering, remembered by this browser. */
export const usePortalToothConvention = (): [ToothConvention, (next: ToothConvention) => void] =>
  useStoredChoice(portalToothConventionKey, toothConventions, defaultToothConvention);
