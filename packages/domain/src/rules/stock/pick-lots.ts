// Which lot went with which part of a picked slip (issue 31: a recall asks which patients received lot X
// of article Y). The warehouse records a slip's lot numbers as a plain list or as lists by group (Screws,
// Ti-Bases, …): a list as long as the slip's lines is read line by line, a group goes to the lines of its
// kind, and a lot that cannot be placed goes to every line of the slip — a recall must rather list a
// patient too many than miss one.

/** A line of a picked slip: its part's warehouse code and its kind (screw, tibase, analog, …). */
export type PickedLine = { code: string; type: string };

/** The groups the warehouse writes lots under, by the kind of line they belong to. */
export const pickLotGroups: Readonly<Record<string, string>> = {
  screw: 'Screws',
  tibase: 'Ti-Bases',
  analog: 'Analogs',
  attachment: 'Attachments',
  generic: 'Generic',
};

const cleanLots = (lots: readonly unknown[]): string[] => [
  ...new Set(lots.flatMap((lot) => (typeof lot === 'string' && lot.trim() !== '' ? [lot.trim()] : []))),
];

const groupOfLine = (line: PickedLine) => (pickLotGroups[line.type] ?? line.type).toLowerCase();

/** The lots of each line of a picked slip, in line order (each list without repeats). */
export const lotsOfPickedLines = (lines: readonly PickedLine[], lotNumbers: unknown): string[][] => {
  const none = lines.map((): string[] => []);
  if (Array.isArray(lotNumbers)) {
    const lots = lotNumbers.map((lot) => (typeof lot === 'string' ? lot.trim() : ''));
    if (lots.length === lines.length) return lots.map((lot) => (lot === '' ? [] : [lot]));
    const all = cleanLots(lots);
    return lines.map(() => [...all]);
  }
  if (lotNumbers === null || typeof lotNumbers !== 'object') return none;
  const result = lines.map((): Set<string> => new Set());
  for (const [group, value] of Object.entries(lotNumbers as Record<string, unknown>)) {
    const lots = cleanLots(Array.isArray(value) ? value : [value]);
    const owners = lines.flatMap((line, index) =>
      groupOfLine(line) === group.trim().toLowerCase() ? [index] : [],
    );
    for (const index of owners.length > 0 ? owners : lines.map((_, i) => i)) {
      for (const lot of lots) result[index]?.add(lot);
    }
  }
  return result.map((lots) => [...lots]);
};
