// Tooth numbering (spec: collection-views §3 'Tooth table', case-workspace §9). Implants store the FDI
// code; the viewer's convention only changes the label.

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

/** FDI quadrant 1–4 (first digit) and the tooth 1–7 counted from the midline (second digit). */
const fdiQuadrants = [1, 2, 3, 4] as const;
const teethPerQuadrant = [1, 2, 3, 4, 5, 6, 7] as const;

// Universal counts 1–32 clockwise from the upper right third molar (18 → 1) round to the lower right
// third molar (48 → 32). The lab does not list third molars, so 1, 16, 17 and 32 never occur.
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

/** Every tooth the lab works on, in FDI order (11–17, 21–27, 31–37, 41–47). */
export const toothTable: readonly ToothRow[] = fdiQuadrants.flatMap((quadrant) =>
  teethPerQuadrant.map((tooth) => ({
    fdi: quadrant * 10 + tooth,
    palmer: { quadrant: palmerQuadrants[quadrant - 1] ?? 'UR', number: tooth },
    universal: universalOf(quadrant, tooth),
  })),
);

export const fdiTeeth: readonly number[] = toothTable.map((row) => row.fdi);

const rowByFdi = new Map(toothTable.map((row) => [row.fdi, row]));

export const isFdiTooth = (fdi: number): boolean => rowByFdi.has(fdi);

/** The spec's threshold rule: below 30 is the maxilla, above 30 the mandible. */
export const isUpperTooth = (fdi: number): boolean => fdi < 30;
export const isLowerTooth = (fdi: number): boolean => fdi > 30;

export const findTooth = (fdi: number): ToothRow | null => rowByFdi.get(fdi) ?? null;

const padLabel = (value: number): string => String(value).padStart(2, '0');

/**
 * The label of a tooth in a convention, zero-padded to 2 characters ('08', '24'). Palmer shows the
 * 1–7 number only; its quadrant is where the tooth sits on the chart (`findTooth(fdi).palmer.quadrant`).
 * A code outside the table (old or hand-entered data) is shown as stored rather than hidden.
 */
export const formatToothLabel = (
  fdi: number,
  convention: ToothConvention = defaultToothConvention,
): string => {
  const row = rowByFdi.get(fdi);
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
