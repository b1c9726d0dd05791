import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, repoRoot } from './config';

// README.md's Configuration table is where an operator learns the settings: it must name every variable
// config.ts reads, nothing else, and show each plain default as the schema has it.

type Row = { names: string[]; defaultCell: string };

const configurationRows = (): Row[] => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  expect(lines[0]).toBe('| variable | default | meaning |');
  // Past the header and its |---| line; a cell may hold an escaped \| but never splits on it.
  return lines.slice(2).map((line) => {
    const [variableCell = '', defaultCell = ''] = line.split(/(?<!\\)\|/).slice(1);
    // A row may name two variables that go together (`S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY`).
    const names = [...variableCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '');
    return { names, defaultCell: defaultCell.trim() };
  });
};

/** What the README shows for a default: a path in the repository as `./…`, anything else as it is. */
const shownDefault = (value: string | number): string => {
  if (typeof value === 'string' && path.isAbsolute(value) && value.startsWith(repoRoot + path.sep)) {
    return `./${path.relative(repoRoot, value)}`;
  }
  return String(value);
};

describe("README.md's configuration table", () => {
  const rows = configurationRows();
  const schemaNames = Object.keys(envSchema.shape);

  it('has a row for every variable of the config schema, and only for them, once each', () => {
    const named = rows.flatMap((row) => row.names);
    expect(rows.filter((row) => row.names.length === 0)).toEqual([]);
    expect(named.filter((name, index) => named.indexOf(name) !== index)).toEqual([]);
    expect(schemaNames.filter((name) => !named.includes(name))).toEqual([]);
    expect(named.filter((name) => !schemaNames.includes(name))).toEqual([]);
  });

  it("shows each plain default (number, string, enum) as the schema's, and flags as off", () => {
    // Parsing nothing gives every default: a flag reads false, a variable without a default undefined.
    const defaults: Record<string, unknown> = envSchema.parse({});
    const wrong = rows.flatMap((row) =>
      row.names.flatMap((name) => {
        const value = defaults[name];
        if (typeof value === 'number' || typeof value === 'string') {
          const expected = `\`${shownDefault(value)}\``;
          return row.defaultCell.includes(expected) ? [] : [{ name, expected, shown: row.defaultCell }];
        }
        if (value === false) {
          return row.defaultCell === 'off' ? [] : [{ name, expected: 'off', shown: row.defaultCell }];
        }
        return [];
      }),
    );
    expect(wrong).toEqual([]);
  });
});
