import { fileExtension } from './file-names';
import { uploadMessages } from './upload-rules';

// The bytes must be what the name says: magic numbers for images, PDF, zip and MP4/AAC; STL and PLY are
// parsed (an ASCII STL has no magic number, a binary STL's size follows from its triangle count); text
// types must not be binary. `head` is the first bytes (≥ 4 KB when the file is that long), `tail` the last.

export type FileSample = { name: string; size: number; head: Uint8Array; tail: Uint8Array };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

const jpeg = [0xff, 0xd8, 0xff];
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
const zipLocal = [0x50, 0x4b, 0x03, 0x04];
const zipEmpty = [0x50, 0x4b, 0x05, 0x06];
const ftyp = [0x66, 0x74, 0x79, 0x70];

const isBinaryStl = (sample: FileSample): boolean => {
  if (sample.size < 84 || sample.head.length < 84) return false;
  const view = new DataView(sample.head.buffer, sample.head.byteOffset, sample.head.byteLength);
  const triangles = view.getUint32(80, true);
  return triangles > 0 && sample.size === 84 + 50 * triangles;
};

const isAsciiStl = (sample: FileSample): boolean =>
  /^\s*solid\b/.test(ascii(sample.head.subarray(0, 512))) &&
  /\bfacet\b/.test(ascii(sample.head)) &&
  /endsolid/.test(ascii(sample.tail));

const plyFormats = /^format (ascii|binary_little_endian|binary_big_endian) 1\.0$/m;

const isPly = (sample: FileSample): boolean => {
  const text = ascii(sample.head);
  if (!/^ply\r?\n/.test(text)) return false;
  const end = text.indexOf('end_header');
  if (end < 0) return false;
  const header = text.slice(0, end);
  return (
    plyFormats.test(header.replace(/\r/g, '')) && /^element vertex \d+$/m.test(header.replace(/\r/g, ''))
  );
};

const hasNoNul = (bytes: Uint8Array): boolean => !bytes.includes(0);

const isAac = (head: Uint8Array): boolean =>
  ((head[0] ?? 0) === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0) || ascii(head.subarray(0, 4)) === 'ADIF';

const checks: Record<string, (sample: FileSample) => boolean> = {
  jpg: (s) => startsWith(s.head, jpeg),
  jpeg: (s) => startsWith(s.head, jpeg),
  png: (s) => startsWith(s.head, png),
  pdf: (s) => startsWith(s.head, pdf),
  zip: (s) => startsWith(s.head, zipLocal) || startsWith(s.head, zipEmpty),
  '3oxz': (s) => startsWith(s.head, zipLocal),
  mp4: (s) => startsWith(s.head, ftyp, 4),
  aac: (s) => isAac(s.head) || startsWith(s.head, ftyp, 4),
  stl: (s) => isBinaryStl(s) || isAsciiStl(s),
  ply: isPly,
  html: (s) => hasNoNul(s.head),
  txt: (s) => hasNoNul(s.head),
  csv: (s) => hasNoNul(s.head),
  xml: (s) => hasNoNul(s.head),
  constructioninfo: (s) => hasNoNul(s.head),
};

/** null when the content matches the name's type, else the message. Types without a check pass. */
export const checkFileContent = (sample: FileSample): string | null => {
  if (sample.size === 0) return uploadMessages.empty(sample.name);
  const extension = fileExtension(sample.name);
  const check = checks[extension];
  if (!check || check(sample)) return null;
  return uploadMessages.contentMismatch(sample.name, extension);
};
