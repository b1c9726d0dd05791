import { isLowerTooth, isUpperTooth, toothTable } from './teeth';

// The tooth chart picker (collection-views §2 'Shared dialogs'): an upper and a lower jaw, seen from the
// front, so the patient's right is on the viewer's left.

export const toothChartTexts = {
  maxillary: 'Maxillary',
  mandibular: 'Mandibular',
} as const;

export const toothConventionLabels = { fdi: 'FDI', palmer: 'Pal.', universal: 'Uni.' } as const;

const quadrantOrder = (quadrant: number, descending: boolean) =>
  toothTable
    .filter((row) => Math.floor(row.fdi / 10) === quadrant)
    .map((row) => row.fdi)
    .sort((a, b) => (descending ? b - a : a - b));

/** Upper arch left to right on the chart: 17 … 11, 21 … 27. */
export const upperArchTeeth: readonly number[] = [...quadrantOrder(1, true), ...quadrantOrder(2, false)];

/** Lower arch left to right on the chart: 47 … 41, 31 … 37. */
export const lowerArchTeeth: readonly number[] = [...quadrantOrder(4, true), ...quadrantOrder(3, false)];

export const jawOfTooth = (fdi: number): 'upper' | 'lower' | null =>
  isUpperTooth(fdi) ? 'upper' : isLowerTooth(fdi) ? 'lower' : null;
