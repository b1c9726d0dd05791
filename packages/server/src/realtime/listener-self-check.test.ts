import net from 'node:net';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { createTestApp, type TestApp } from '../testing';
import { publishCollectionChanged, type RealtimeEvent } from './events';
import { createRealtimeBus, type RealtimeBus } from './realtime-bus';

// A LISTEN connection that dies without a word (a NAT or firewall dropping it) looks alive while every
// event is lost. Here the listener reaches PostgreSQL through a TCP relay that can go silent: its
// self-check does not come back, so it counts the channel as lost (caches stop trusting it), connects
// again, and hears events once more. PostgreSQL only (PGlite has no connection to lose).

const relayPort = 18410;
const databaseUrl = process.env.TEST_DATABASE_URL;

/** Relays TCP to PostgreSQL; `silence` makes every connection open now stop passing bytes, unclosed. */
const startRelay = async (target: { host: string; port: number }) => {
  const silenced = new Set<net.Socket>();
  const open = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    open.add(inbound);
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!silenced.has(inbound)) to.write(chunk);
      });
    pass(inbound, outbound);
    pass(outbound, inbound);
    const close = () => {
      open.delete(inbound);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('close', close).on('error', close);
    outbound.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(relayPort, '127.0.0.1', resolve));
  return {
    silence: () => {
      for (const socket of open) silenced.add(socket);
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

describe.skipIf(!databaseUrl)('the LISTEN connection checks itself', () => {
  let test: TestApp;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let pool: pg.Pool;
  let bus: RealtimeBus;
  const trust: boolean[] = [];
  const heard: RealtimeEvent[] = [];

  beforeAll(async () => {
    test = await createTestApp();
    const client: unknown = (test.db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) throw new Error('expected PostgreSQL');
    const url = new URL(client.options.connectionString ?? '');
    relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(relayPort);
    pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    bus = createRealtimeBus(db, Fastify({ logger: false }).log, {
      selfCheckMs: 200,
      selfCheckTimeoutMs: 500,
    });
    bus.subscribe({ onTrust: (trusted) => trust.push(trusted), onEvent: (event) => heard.push(event) });
    await bus.start();
  });

  afterAll(async () => {
    await bus.stop();
    await pool.end();
    await relay.close();
    await test.close();
  });

  const eventually = async (check: () => boolean, ms = 10_000): Promise<void> => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('hears events through a healthy connection and keeps trusting it', async () => {
    expect(bus.trusted).toBe(true);
    const uid = randomUUID();
    await publishCollectionChanged(test.db, uid);
    await eventually(() => heard.some((event) => event.type === 'collection' && event.uid === uid));
    // Several self-checks have come back meanwhile: nothing was dropped.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(trust).toEqual([true]);
  });

  it('drops a connection gone silent, connects again, and hears events again', async () => {
    relay.silence();
    await eventually(() => trust.length >= 3);
    expect(trust).toEqual([true, false, true]);
    expect(bus.trusted).toBe(true);
    const uid = randomUUID();
    await publishCollectionChanged(test.db, uid);
    await eventually(() => heard.some((event) => event.type === 'collection' && event.uid === uid));
  });
});
