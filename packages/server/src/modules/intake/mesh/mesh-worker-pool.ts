import type { Worker } from 'node:worker_threads';
import type { MeshReadFailure, MeshStats } from '@lab/domain';
import type { MeshWorkerReply } from './mesh-worker';
import { startMeshWorker } from './start-mesh-worker';

// A few worker threads reading scans, so a 50 MB file never holds the server's event loop. Workers start
// on first use and are kept for the next file; an idle worker is unref'd (it never keeps the process
// alive), a busy one is ref'd (a script awaiting a result is not ended under it). Files beyond the
// workers wait their turn in order.

export type MeshWorkerPool = {
  analyse: (bytes: Uint8Array) => Promise<MeshStats | MeshReadFailure>;
  /** Threads started and alive: never more than the pool's size. */
  workerCount: () => number;
  /** Ends every thread; files still waiting or being read are rejected. */
  close: () => Promise<void>;
};

type Job = {
  bytes: Uint8Array;
  resolve: (stats: MeshStats | MeshReadFailure) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; job: Job | null };

/**
 * The bytes to hand over, and whether their memory can move to the worker instead of being copied. A view
 * that fills its own ArrayBuffer moves (the caller's view is left empty); a Buffer from Node's small-buffer
 * pool or a view into a larger buffer is copied, since moving would take memory that is not the file's.
 */
const handOver = (bytes: Uint8Array): { owned: Uint8Array; transfer: ArrayBuffer[] } => {
  const isWholeBuffer =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  const owned = isWholeBuffer ? bytes : new Uint8Array(bytes);
  return { owned, transfer: [owned.buffer as ArrayBuffer] };
};

export const createMeshWorkerPool = (size: number): MeshWorkerPool => {
  const slots = new Set<Slot>();
  const idle: Slot[] = [];
  const waiting: Job[] = [];

  const run = (slot: Slot, job: Job): void => {
    slot.job = job;
    slot.worker.ref();
    const { owned, transfer } = handOver(job.bytes);
    job.bytes = owned;
    slot.worker.postMessage(owned, transfer);
  };

  const dispatch = (): void => {
    while (waiting.length > 0) {
      const slot = idle.pop() ?? (slots.size < size ? start() : undefined);
      if (!slot) return;
      const job = waiting.shift();
      if (job) run(slot, job);
    }
  };

  const finish = (slot: Slot): Job | null => {
    const { job } = slot;
    slot.job = null;
    slot.worker.unref();
    return job;
  };

  const drop = (slot: Slot, error: Error): void => {
    if (!slots.delete(slot)) return;
    const index = idle.indexOf(slot);
    if (index >= 0) idle.splice(index, 1);
    finish(slot)?.reject(error);
    dispatch();
  };

  const start = (): Slot => {
    const slot: Slot = { worker: startMeshWorker(), job: null };
    slots.add(slot);
    slot.worker.on('message', (reply: MeshWorkerReply) => {
      const job = finish(slot);
      if ('stats' in reply) job?.resolve(reply.stats);
      else job?.reject(new Error(`reading the scan failed in the mesh worker: ${reply.error}`));
      idle.push(slot);
      dispatch();
    });
    // A thread that failed to start or died (out of memory) takes its file with it; the next file
    // starts a fresh one.
    slot.worker.on('error', (error) => drop(slot, error));
    slot.worker.on('exit', (code) => drop(slot, new Error(`the mesh worker stopped (exit code ${code})`)));
    return slot;
  };

  return {
    analyse: (bytes) =>
      new Promise((resolve, reject) => {
        waiting.push({ bytes, resolve, reject });
        dispatch();
      }),
    workerCount: () => slots.size,
    close: async () => {
      const closing = new Error('the mesh worker pool was closed');
      for (const job of waiting.splice(0)) job.reject(closing);
      const workers = [...slots].map((slot) => slot.worker);
      for (const slot of [...slots]) drop(slot, closing);
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
};
