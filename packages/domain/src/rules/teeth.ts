// Tooth numbering (spec: collection-views §3 'Tooth table', case-workspace §9). Implants store the FDI
// code; the viewer's convention only changes how it reads: a chart label, or text that stands alone.

export const toothConventions = ['fdi', 'palmer', 'universal'] as const;
export type ToothConvention = (typeof toothConventions)[number];
export const defaultToothConvention: ToothConvention = 'fdi';

/** Palmer quadrants as the patient's jaw is seen from the front: Upper/Lower, Right/Left. */
export const palmerQuadrants = ['UR', 'UL', 'LL', 'LR'] as const;
export type PalmerQuadrant = (typeof palmerQuadrants)[number];

export type ToothRow = {
  fdi: number;
  palmer: { quadrant: PalmerQuadrant; number: number };
  universal: number;
};

const palmerKey = (palmer: ToothRow['palmer']): string => `${palmer.quadrant}${palmer.number}`;

/** FDI quadrant 1–4 (first digit) and the tooth counted from the midline (second digit). */
const fdiQuadrants = [1, 2, 3, 4] as const;
/** 1–8 from the midline; the third molars (8) are not on the lab's chart, but they convert. */
const teethPerQuadrant = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const thirdMolar = 8;

// Universal counts 1–32 clockwise from the upper right third molar (18 → 1) round to the lower right
// third molar (48 → 32).
const universalOf = (quadrant: number, tooth: number): number => {
  switch (quadrant) {
    case 1:
      return 9 - tooth;
    case 2:
      return 8 + tooth;
    case 3:
      return 25 - tooth;
    default:
      return 24 + tooth;
  }
};

/** The 32 permanent teeth in FDI order (11–18, 21–28, 31–38, 41–48), for converting numbers. */
export const permanentTeeth: readonly ToothRow[] = fdiQuadrants.flatMap((quadrant) =>
  teethPerQuadrant.map((tooth) => ({
    fdi: quadrant * 10 + tooth,
    palmer: { quadrant: palmerQuadrants[quadrant - 1] ?? 'UR', number: tooth },
    universal: universalOf(quadrant, tooth),
  })),
);

/** Every tooth the lab works on, in FDI order (11–17, 21–27, 31–37, 41–47): no third molars. */
export const toothTable: readonly ToothRow[] = permanentTeeth.filter(
  (row) => row.palmer.number !== thirdMolar,
);

export const fdiTeeth: readonly number[] = toothTable.map((row) => row.fdi);

const rowByFdi = new Map(toothTable.map((row) => [row.fdi, row]));
const permanentByFdi = new Map(permanentTeeth.map((row) => [row.fdi, row]));
const permanentByUniversal = new Map(permanentTeeth.map((row) => [row.universal, row]));
const permanentByPalmer = new Map(permanentTeeth.map((row) => [palmerKey(row.palmer), row]));

/** A tooth the lab works on (the chart's 28); third molars and primary teeth are not. */
export const isFdiTooth = (fdi: number): boolean => rowByFdi.has(fdi);

/** The spec's threshold rule: below 30 is the maxilla, above 30 the mandible. */
export const isUpperTooth = (fdi: number): boolean => fdi < 30;
export const isLowerTooth = (fdi: number): boolean => fdi > 30;

export const findTooth = (fdi: number): ToothRow | null => rowByFdi.get(fdi) ?? null;

/** Universal 1–32 of a permanent tooth's FDI code; null for any other code. */
export const universalOfFdi = (fdi: number): number | null => permanentByFdi.get(fdi)?.universal ?? null;

/** The FDI code of a Universal number 1–32; null for any other number. */
export const fdiOfUniversal = (universal: number): number | null =>
  permanentByUniversal.get(universal)?.fdi ?? null;

export const palmerOfFdi = (fdi: number): ToothRow['palmer'] | null =>
  permanentByFdi.get(fdi)?.palmer ?? null;

export const fdiOfPalmer = (palmer: ToothRow['palmer']): number | null =>
  permanentByPalmer.get(palmerKey(palmer))?.fdi ?? null;

const padLabel = (value: number): string => String(value).padStart(2, '0');

/**
 * The chart's label of a tooth in a convention, zero-padded to 2 characters ('08', '24'). Palmer shows
 * the number only: on the chart the tooth's place shows its quadrant. Anywhere else use
 * `formatToothText`. A code outside the table (old or hand-entered data) is shown as stored.
 */
export const formatToothLabel = (
  fdi: number,
  convention: ToothConvention = defaultToothConvention,
): string => {
  const row = permanentByFdi.get(fdi);
  if (!row) return padLabel(fdi);
  switch (convention) {
    case 'palmer':
      return padLabel(row.palmer.number);
    case 'universal':
      return padLabel(row.universal);
    default:
      return padLabel(row.fdi);
  }
};

/**
 * A tooth as text, wherever it stands without the chart (chips, tables, dialogs, messages): Palmer
 * carries its quadrant ('UR 02', 'LL 06'), so '06' is never one of four teeth; FDI and Universal read
 * as on the chart. A code outside the table is shown as stored.
 */
export const formatToothText = (
  fdi: number,
  convention: ToothConvention = defaultToothConvention,
): string => {
  const palmer = convention === 'palmer' ? palmerOfFdi(fdi) : null;
  return palmer ? `${palmer.quadrant} ${padLabel(palmer.number)}` : formatToothLabel(fdi, convention);
};

const palmerTextPattern = /^(UR|UL|LL|LR)\s*0?([1-8])$/;

/** Reads what `formatToothText` writes (case and spacing aside) back to the FDI code; null if no tooth. */
export const parseToothText = (text: string, convention: ToothConvention): number | null => {
  const trimmed = text.trim().toUpperCase();
  if (convention === 'palmer') {
    const match = palmerTextPattern.exec(trimmed);
    const quadrant = palmerQuadrants.find((candidate) => candidate === match?.[1]);
    return quadrant && match ? fdiOfPalmer({ quadrant, number: Number(match[2]) }) : null;
  }
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return convention === 'universal' ? fdiOfUniversal(value) : (permanentByFdi.get(value)?.fdi ?? null);
};
