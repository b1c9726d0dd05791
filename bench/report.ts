// What every part of `npm run bench` hands back: a titled table whose rows each carry the target they are
// measured against and whether it was met, so one run prints every figure beside its goal.

export type BenchRow = {
  /** The measured figures, in the order of the section's columns. */
  cells: string[];
  /** The goal in words ("app/bare ≥ 0.5", "p99 ≤ 25 ms"); empty when the row is for information. */
  target: string;
  /** Whether the goal was met; null when the row has no goal or could not be measured. */
  isMet: boolean | null;
};

export type BenchSection = {
  title: string;
  columns: string[];
  rows: BenchRow[];
  /** Lines printed under the table (the machine, what was skipped and why). */
  notes?: string[];
};

const verdict = (isMet: boolean | null): string => (isMet === null ? '' : isMet ? 'met' : 'MISSED');

/** The section as aligned plain text (what the terminal shows and bench/README.md quotes). */
export const formatSection = (section: BenchSection): string => {
  const header = [...section.columns, 'target', ''];
  const rows = section.rows.map((row) => [...row.cells, row.target, verdict(row.isMet)]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  // A section with nothing measured (skipped, PostgreSQL only) is its title and why.
  if (rows.length === 0)
    return [`\n## ${section.title}\n`, ...(section.notes ?? []).map((note) => `  ${note}`)].join('\n');
  return [
    `\n## ${section.title}\n`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    ...(section.notes ?? []).map((note) => `  ${note}`),
  ].join('\n');
};

/** Formats a number of milliseconds the way every table shows it. */
export const ms = (value: number): string =>
  !Number.isFinite(value) ? '–' : `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
