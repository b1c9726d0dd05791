import { parentPort } from 'node:worker_threads';
import { readMeshStats } from './read-mesh';

// The worker thread's side of analyseMesh (start-mesh-worker.ts starts it): one file per message, answered
// with its stats, or with the error if reading it failed unexpectedly (the thread stays up for the next).

export type MeshWorkerReply = { stats: ReturnType<typeof readMeshStats> } | { error: string };

const port = parentPort;
if (!port) throw new Error('mesh-worker runs on a worker thread: call analyseMesh instead');

port.on('message', (bytes: Uint8Array) => {
  let reply: MeshWorkerReply;
  try {
    reply = { stats: readMeshStats(bytes) };
  } catch (error) {
    reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
