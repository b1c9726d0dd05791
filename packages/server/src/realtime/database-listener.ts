import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { realtimeChannel } from './events';

// Receives the realtime channel's NOTIFY payloads. On PostgreSQL a dedicated connection (not one of the
// pool's, which are handed back after each query and would lose the LISTEN) listens, so every server
// process behind the load balancer hears every other's events. On PGlite (one process) PGlite's own
// listen delivers them in the process, with the same after-commit behaviour.

export type StopListening = () => Promise<void>;
type PayloadHandler = (payload: string) => void;
/** Told true once the channel is listened on, false when the connection is lost (until it is back). */
type StateHandler = (listening: boolean) => void;

type PgliteClient = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
};

const isPgliteClient = (client: unknown): client is PgliteClient =>
  typeof client === 'object' && client !== null && typeof (client as PgliteClient).listen === 'function';

const maxReconnectDelayMs = 30_000;

const ignore = (): void => undefined;

const listenOnPostgres = async (
  pool: pg.Pool,
  onPayload: PayloadHandler,
  onState: StateHandler,
  log: FastifyBaseLogger,
): Promise<StopListening> => {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;

  const discard = (old: pg.Client): void => {
    old.removeAllListeners();
    // A late error of a connection being closed must not crash the process.
    old.on('error', ignore);
    old.end().catch(ignore);
  };

  const reconnectLater = (): void => {
    if (stopped || retryTimer) return;
    failures += 1;
    const delay = Math.min(maxReconnectDelayMs, 250 * 2 ** Math.min(failures, 7));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'realtime listener could not reconnect');
        reconnectLater();
      });
    }, delay);
  };

  // Events sent while the connection is down are lost; open pages still poll (30 s), so they catch up.
  const drop = (failed: pg.Client): void => {
    if (client !== failed) return;
    client = null;
    onState(false);
    discard(failed);
    reconnectLater();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === realtimeChannel && message.payload) onPayload(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'realtime listener connection failed');
      drop(next);
    });
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${realtimeChannel}`);
    } catch (error) {
      discard(next);
      throw error;
    }
    if (stopped) {
      discard(next);
      return;
    }
    client = next;
    failures = 0;
    onState(true);
  };

  // A database that is not reachable yet is retried like a lost connection; until then nothing
  // trusts the channel (onState stays false).
  await connect().catch((error: unknown) => {
    log.warn({ err: error }, 'realtime listener could not connect');
    reconnectLater();
  });
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    onState(false);
    if (current) {
      current.removeAllListeners();
      current.on('error', ignore);
      await current.end().catch(ignore);
    }
  };
};

/** Starts listening on the realtime channel of the database `db` was opened on. */
export const listenForRealtimeEvents = async (
  db: Db,
  onPayload: PayloadHandler,
  onState: StateHandler,
  log: FastifyBaseLogger,
): Promise<StopListening> => {
  // Drizzle keeps the driver's client as $client: a pg Pool, or the PGlite instance.
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client, onPayload, onState, log);
  if (isPgliteClient(client)) {
    const unlisten = await client.listen(realtimeChannel, onPayload);
    onState(true);
    return async () => {
      onState(false);
      await unlisten();
    };
  }
  throw new Error('realtime: unknown database driver');
};
