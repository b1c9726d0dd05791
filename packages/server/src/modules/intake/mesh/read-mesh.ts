import { createHash } from 'node:crypto';
import type { MeshReadFailure, MeshStats } from '@lab/domain';
import { MeshReadError, MeshTally } from './mesh-tally';
import { isPly } from './ply-header';
import { readPly } from './read-ply';
import {
  completeStlFacets,
  declaredStlFacets,
  hasBinaryStlSize,
  hasPlausibleStlFacets,
  readAsciiStl,
  readBinaryStl,
} from './read-stl';
import { latin1 } from './text-tokens';

// Reads an uploaded scan (STL binary or ASCII, PLY ascii or binary) into the numbers the pre-flight
// rules judge (the domain's meshChecks). Synchronous and CPU-bound: the server calls it through
// analyseMesh, on a worker thread.

const readFailure = (reason: string): MeshReadFailure => ({ unreadable: true, reason });

/**
 * The first kilobyte has no control bytes: an ASCII STL, not a binary one whose header says "solid" (its
 * float32s are full of zero bytes). Bytes over 127 pass: a solid's name may be in any language.
 */
const looksLikeText = (bytes: Uint8Array): boolean =>
  bytes.subarray(0, 1024).every((b) => (b >= 32 && b !== 127) || b === 9 || b === 10 || b === 13);

const startsWithSolid = (bytes: Uint8Array): boolean => /^\s*solid\b/i.test(latin1(bytes.subarray(0, 300)));

type Read = { format: MeshStats['format']; truncated: boolean };

const readKnownFormat = (bytes: Uint8Array, tally: MeshTally): Read => {
  if (isPly(bytes)) return readPly(bytes, tally);
  // Many binary STLs start their header with "solid" too: the exact size settles it first.
  if (hasBinaryStlSize(bytes)) return { format: 'stl-binary', ...readBinaryStl(bytes, tally) };
  if (startsWithSolid(bytes) && looksLikeText(bytes))
    return { format: 'stl-ascii', ...readAsciiStl(latin1(bytes), tally) };
  if (bytes.byteLength >= 84 && hasPlausibleStlFacets(bytes)) {
    if (completeStlFacets(bytes) < declaredStlFacets(bytes))
      return { format: 'stl-binary', ...readBinaryStl(bytes, tally) };
    throw new MeshReadError(
      `the file is longer than the ${declaredStlFacets(bytes).toLocaleString('en-AU')} triangles its header declares`,
    );
  }
  throw new MeshReadError('it is not an STL or PLY file');
};

/** The scan's numbers, or why it cannot be read at all. */
export const readMeshStats = (bytes: Uint8Array): MeshStats | MeshReadFailure => {
  if (bytes.byteLength === 0) return readFailure('the file is empty');
  const tally = new MeshTally();
  try {
    const { format, truncated } = readKnownFormat(bytes, tally);
    return tally.statsOf(format, createHash('sha256').update(bytes).digest('hex'), truncated);
  } catch (error) {
    if (error instanceof MeshReadError) return readFailure(error.message);
    throw error;
  }
};
