import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../jobs/start-jobs';
import { jobGraceMs, requestGraceMs } from './drain';

// What closing the app adds to Fastify's own close (stop listening, wait for the open connections) when
// it closes in use, in a drain (lifecycle/drain.ts) or a test:
// - /readyz answers "draining" from the first moment (app.ts keeps the routes running while it closes);
// - the jobs finish their current work alongside the requests, not after them;
// - Node's close leaves a keep-alive connection open after its last answer until its idle timeout
//   (72 s): each is closed as soon as it is idle;
// - requests still running when the grace ends are cut. A cut upload is refused whole: its temporary file
//   is discarded and nothing reaches storage or the files table (storage renames complete files only).
// The event streams end themselves (realtime/routes.ts).

const idleSweepMs = 100;

export const closeGracefully = (
  app: FastifyInstance,
  deps: { jobs: Pick<JobRunner, 'stop'> },
): { isDraining: () => boolean } => {
  let isDraining = false;
  let jobsStopped: Promise<void> = Promise.resolve();
  const timers: NodeJS.Timeout[] = [];

  app.addHook('preClose', async () => {
    isDraining = true;
    jobsStopped = deps.jobs
      .stop({ timeoutMs: jobGraceMs })
      .catch((error: unknown) => app.log.error({ err: error }, 'stopping the jobs failed'));
    const { server } = app;
    if (!server.listening) return;
    timers.push(setInterval(() => server.closeIdleConnections(), idleSweepMs));
    timers.push(
      setTimeout(() => {
        app.log.warn(`requests still running ${requestGraceMs / 1000} s into the close: cutting them`);
        server.closeAllConnections();
      }, requestGraceMs),
    );
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await jobsStopped;
  });

  return { isDraining: () => isDraining };
};
