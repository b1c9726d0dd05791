import type { MeshReadFailure, MeshStats } from '@lab/domain';
import { createMeshWorkerPool, type MeshWorkerPool } from './mesh-worker-pool';

// The server's way to read an uploaded scan: readMeshStats on a worker thread, so the event loop keeps
// answering requests while a large file is parsed and hashed. At most two threads: an order brings a few
// scans, and on a 2-core host a core is left for the server itself.

const meshWorkers = 2;

let pool: MeshWorkerPool | undefined;

/**
 * The scan's numbers, or why it cannot be read. The bytes move to the worker without a copy when they
 * fill their own ArrayBuffer, which leaves `bytes` empty: store or hash the file first, or pass a copy.
 */
export const analyseMesh = (bytes: Uint8Array): Promise<MeshStats | MeshReadFailure> => {
  pool ??= createMeshWorkerPool(meshWorkers);
  return pool.analyse(bytes);
};
