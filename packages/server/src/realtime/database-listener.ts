import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { realtimeChannel } from './events';

// Receives the realtime channel's NOTIFY payloads. On PostgreSQL a dedicated connection (not one of the
// pool's, which are handed back after each query and would lose the LISTEN) listens, so every server
// process behind the load balancer hears every other's events. On PGlite (one process) PGlite's own
// listen delivers them in the process, with the same after-commit behaviour.
//
// A LISTEN connection only ever receives, so a connection that died without a word (a NAT or firewall
// forgetting it, a database host gone) would look alive for hours while every event is lost and the
// caches, trusting the channel, serve stale answers. So it has TCP keepalive, and every 30 s it checks
// itself: a NOTIFY on a channel of its own, sent over that same connection, must come back within a few
// seconds, or the connection is dropped as lost (caches cleared and bypassed) and made again.

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

export type ListenerOptions = {
  /** How often the connection checks itself (30 s). */
  selfCheckMs?: number;
  /** How long its check may take to come back before the connection counts as lost (5 s). */
  selfCheckTimeoutMs?: number;
};
const defaultSelfCheckMs = 30_000;
const defaultSelfCheckTimeoutMs = 5_000;
// The OS starts probing an idle connection after this long (then gives up after its own retries).
const keepAliveInitialDelayMs = 10_000;
/** How the LISTEN connection shows in pg_stat_activity (its last query may be either LISTEN or a check). */
export const listenerApplicationName = 'lab-realtime-listener';

const ignore = (): void => undefined;

const listenOnPostgres = async (
  pool: pg.Pool,
  onPayload: PayloadHandler,
  onState: StateHandler,
  log: FastifyBaseLogger,
  options: ListenerOptions,
): Promise<StopListening> => {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let checkTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  // This process's own channel for its self-check: other processes never hear it.
  const checkChannel = `lab_realtime_check_${randomBytes(8).toString('hex')}`;
  let pendingCheck: { token: string; heard: () => void } | null = null;
  let checks = 0;

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
    stopChecking();
    onState(false);
    discard(failed);
    reconnectLater();
  };

  const stopChecking = (): void => {
    if (checkTimer) clearInterval(checkTimer);
    checkTimer = null;
    pendingCheck = null;
  };

  /** One self-check: the NOTIFY it sends over the connection must come back over it in time. */
  const checkOnce = async (listener: pg.Client): Promise<void> => {
    if (pendingCheck || client !== listener) return;
    checks += 1;
    const token = String(checks);
    const timeoutMs = options.selfCheckTimeoutMs ?? defaultSelfCheckTimeoutMs;
    const cameBack = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      pendingCheck = {
        token,
        heard: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      listener.query('SELECT pg_notify($1, $2)', [checkChannel, token]).catch(() => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (client !== listener) return;
    pendingCheck = null;
    if (cameBack) return;
    log.warn('realtime listener did not hear its own check in time: reconnecting');
    drop(listener);
  };

  const startChecking = (listener: pg.Client): void => {
    stopChecking();
    checkTimer = setInterval(() => {
      void checkOnce(listener);
    }, options.selfCheckMs ?? defaultSelfCheckMs);
    // The check never keeps the process alive by itself.
    checkTimer.unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      ...pool.options,
      keepAlive: true,
      keepAliveInitialDelayMillis: keepAliveInitialDelayMs,
      application_name: listenerApplicationName,
    });
    next.on('notification', (message) => {
      if (message.channel === realtimeChannel && message.payload) onPayload(message.payload);
      else if (message.channel === checkChannel && pendingCheck && message.payload === pendingCheck.token) {
        pendingCheck.heard();
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'realtime listener connection failed');
      drop(next);
    });
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${realtimeChannel}`);
      await next.query(`LISTEN ${checkChannel}`);
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
    startChecking(next);
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
    stopChecking();
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
  options: ListenerOptions = {},
): Promise<StopListening> => {
  // Drizzle keeps the driver's client as $client: a pg Pool, or the PGlite instance.
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client, onPayload, onState, log, options);
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
