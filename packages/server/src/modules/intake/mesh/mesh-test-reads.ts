import { createHash } from 'node:crypto';
import { meshChecks, type MeshReadFailure, type MeshStats } from '@lab/domain';
import { readMeshStats } from './read-mesh';

// What the reader tests share. Every file they read is built in code (mesh-test-fixtures.ts,
// generate-sample-scan.ts); expected numbers come from the fixture's own points, not from the reader.

export const statsOf = (bytes: Uint8Array): MeshStats => {
  const result = readMeshStats(bytes);
  if ('unreadable' in result) throw new Error(`expected a readable scan, got: ${result.reason}`);
  return result;
};

export const failureOf = (bytes: Uint8Array): MeshReadFailure => {
  const result = readMeshStats(bytes);
  if (!('unreadable' in result))
    throw new Error(`expected an unreadable file, got ${JSON.stringify(result)}`);
  return result;
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const checksOf = (filename: string, bytes: Uint8Array) =>
  meshChecks({ id: 1, filename }, readMeshStats(bytes)).map((c) => `${c.severity}:${c.code}`);

export const largestExtent = (stats: MeshStats) =>
  Math.max(...[0, 1, 2].map((axis) => (stats.bbox?.max[axis] ?? 0) - (stats.bbox?.min[axis] ?? 0)));
