import { MeshReadError } from './mesh-tally';
import { latin1 } from './text-tokens';

// A PLY header: `ply`, `format ascii|binary_little_endian|binary_big_endian 1.0`, then elements in file
// order, each `element <name> <count>` followed by its properties: `property <type> <name>` or
// `property list <count type> <item type> <name>`, up to `end_header`.

export type PlyScalar = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

export type PlyProperty =
  | { name: string; isList: false; type: PlyScalar }
  | { name: string; isList: true; countType: PlyScalar; itemType: PlyScalar };

export type PlyElement = { name: string; count: number; properties: PlyProperty[] };

export type PlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export type PlyHeader = { format: PlyFormat; elements: PlyElement[]; bodyOffset: number };

/** The spec's names and the sized aliases many exporters write instead. */
const scalarTypes: Record<string, PlyScalar> = {
  char: 'int8',
  uchar: 'uint8',
  short: 'int16',
  ushort: 'uint16',
  int: 'int32',
  uint: 'uint32',
  float: 'float32',
  double: 'float64',
  int8: 'int8',
  uint8: 'uint8',
  int16: 'int16',
  uint16: 'uint16',
  int32: 'int32',
  uint32: 'uint32',
  float32: 'float32',
  float64: 'float64',
};

export const scalarBytes: Record<PlyScalar, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
};

const formats: readonly string[] = ['ascii', 'binary_little_endian', 'binary_big_endian'];

/** Headers are a few hundred bytes; comments can make them longer, but not this long. */
const longestHeader = 1024 * 1024;

export const isPly = (bytes: Uint8Array): boolean =>
  bytes[0] === 0x70 && bytes[1] === 0x6c && bytes[2] === 0x79 && (bytes[3] === 0x0a || bytes[3] === 0x0d);

const scalarOf = (word: string | undefined): PlyScalar => {
  const type = word === undefined ? undefined : scalarTypes[word];
  if (!type) throw new MeshReadError(`the PLY header has an unknown property type "${word ?? ''}"`);
  return type;
};

const parseProperty = (words: string[]): PlyProperty => {
  if (words[1] === 'list') {
    const name = words[4];
    if (!name) throw new MeshReadError('the PLY header has a list property without a name');
    return { name, isList: true, countType: scalarOf(words[2]), itemType: scalarOf(words[3]) };
  }
  const name = words[2];
  if (!name) throw new MeshReadError('the PLY header has a property without a name');
  return { name, isList: false, type: scalarOf(words[1]) };
};

/** Reads the header of a file that starts with `ply`. */
export const readPlyHeader = (bytes: Uint8Array): PlyHeader => {
  const head = latin1(bytes.subarray(0, longestHeader));
  const end = /^end_header[ \t]*\r?\n/m.exec(head);
  if (!end) throw new MeshReadError('the PLY header never ends (no "end_header")');
  let format: PlyFormat | undefined;
  const elements: PlyElement[] = [];
  for (const line of head.slice(0, end.index).split(/\r?\n/).slice(1)) {
    const words = line.trim().split(/\s+/);
    const [keyword] = words;
    if (keyword === 'format') {
      if (!formats.includes(words[1] ?? '') || words[2] !== '1.0')
        throw new MeshReadError(`the PLY format "${words.slice(1).join(' ')}" is not one we read`);
      format = words[1] as PlyFormat;
    } else if (keyword === 'element') {
      const count = Number(words[2]);
      if (!words[1] || !Number.isSafeInteger(count) || count < 0)
        throw new MeshReadError(
          `the PLY header has an unreadable element line "${line.trim().slice(0, 40)}"`,
        );
      elements.push({ name: words[1], count, properties: [] });
    } else if (keyword === 'property') {
      const element = elements.at(-1);
      if (!element) throw new MeshReadError('the PLY header has a property before any element');
      element.properties.push(parseProperty(words));
    } else if (keyword !== 'comment' && keyword !== 'obj_info' && keyword !== '') {
      throw new MeshReadError(`the PLY header has an unknown line "${line.trim().slice(0, 40)}"`);
    }
  }
  if (!format) throw new MeshReadError('the PLY header does not say its format');
  return { format, elements, bodyOffset: end.index + end[0].length };
};
