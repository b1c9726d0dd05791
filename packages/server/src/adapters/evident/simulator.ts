import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { buildDesignStl } from './simulated-design';
import {
  evidentHeaders,
  evidentOrderSchema,
  evidentRedoSchema,
  evidentStatuses,
  orderParts,
  signWebhook,
  type EvidentOrder,
  type EvidentOrderState,
  type EvidentWebhookEvent,
} from './protocol';

// A local stand-in for the EVIDENT design service: its own small Fastify server (not our app) speaking the
// partner's side of protocol.ts, so development and tests exercise the real client over real HTTP. It
// takes orders and redos, answers references, finishes each round after a delay (or when told) with a
// real STL result, and announces every status change by a signed webhook. Tests make it fail or hang
// the next N sends; orders live in memory only.

export type SimulatedOrder = {
  reference: string;
  order: EvidentOrder;
  scan: { name: string; size: number; sha256: string };
  status: string;
  /** 0 for the first design, one more per redo. */
  round: number;
  redoNotes: string[];
  /** Every round's result files by name; `files` of the state lists the current round's. */
  files: Map<string, Buffer>;
  currentFiles: string[];
};

export type SimulatorControl = {
  /** The next N order or redo posts answer 503. */
  failNext?: number;
  /** The next N order or redo posts never answer (until `hangMs` or close), so the caller times out. */
  hangNext?: number;
  /** ms after receipt at which a round completes (halfway it reports IN_PROGRESS); null: only complete(). */
  completeAfterMs?: number | null;
};

export type EvidentSimulatorOptions = SimulatorControl & {
  apiKey: string;
  webhookSecret: string;
  /** Our app's webhook address; null: no calls (the lab's polling finds the results). */
  webhookUrl?: string | null;
  /** How long a hung post waits before the socket is dropped. */
  hangMs?: number;
  /** A slow partner store: each result file is served this long after it is asked for. */
  fileDelayMs?: number;
  host?: string;
  port?: number;
};

export type EvidentSimulator = {
  readonly url: string;
  readonly orders: ReadonlyMap<string, SimulatedOrder>;
  /** Posts that reached the simulator (failed and hung ones included): tests count the tries. */
  readonly received: { orders: number; redos: number };
  control: (settings: SimulatorControl) => void;
  setWebhookUrl: (url: string | null) => void;
  /** Finishes the order's current round now; answers the webhook's HTTP status (null: none reached us). */
  complete: (reference: string) => Promise<number | null>;
  close: () => Promise<void>;
};

const isAuthorized = (request: FastifyRequest, apiKey: string): boolean => {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${apiKey}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const readOrder = (value: unknown): EvidentOrder | null => {
  try {
    const parsed = evidentOrderSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const resultFileName = (reference: string, round: number): string =>
  round === 0 ? `${reference}-design.stl` : `${reference}-redo-${round}.stl`;

export const startEvidentSimulator = async (options: EvidentSimulatorOptions): Promise<EvidentSimulator> => {
  const state = {
    failNext: options.failNext ?? 0,
    hangNext: options.hangNext ?? 0,
    completeAfterMs: options.completeAfterMs === undefined ? null : options.completeAfterMs,
    webhookUrl: options.webhookUrl ?? null,
  };
  const hangMs = options.hangMs ?? 60_000;
  const orders = new Map<string, SimulatedOrder>();
  const byIdempotencyKey = new Map<string, string>();
  const received = { orders: 0, redos: 0 };
  const timers = new Map<string, NodeJS.Timeout[]>();
  // Ends hung posts, pending webhook calls and their retry pauses when the simulator closes.
  const closing = new AbortController();
  let sequence = 100_000;

  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(multipart, { limits: { files: 1, fields: 5, fileSize: 300 * 1024 * 1024 } });

  app.addHook('onRequest', async (request, reply) => {
    if (!isAuthorized(request, options.apiKey)) {
      await reply.code(401).send({ message: 'Invalid API key' });
    }
  });

  // Every pending webhook call listens to it.
  setMaxListeners(0, closing.signal);

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        closing.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      closing.signal.addEventListener('abort', done, { once: true });
    });

  /** The outage the tests asked for, if any: true when the post was answered (or dropped) by it. */
  const simulateOutage = async (reply: FastifyReply): Promise<boolean> => {
    if (state.failNext > 0) {
      state.failNext -= 1;
      await reply.code(503).send({ message: 'Simulated outage' });
      return true;
    }
    if (state.hangNext > 0) {
      state.hangNext -= 1;
      await wait(hangMs);
      reply.raw.destroy();
      return true;
    }
    return false;
  };

  const deliver = async (order: SimulatedOrder): Promise<number | null> => {
    const url = state.webhookUrl;
    if (!url) return null;
    const event: EvidentWebhookEvent = {
      event_id: `evt_${randomUUID()}`,
      type: 'order.status',
      reference: order.reference,
      status: order.status,
      round: order.round,
      occurred_at: new Date().toISOString(),
    };
    const body = JSON.stringify(event);
    // Like a real partner, a call that failed is tried again a few times (same event id).
    for (let attempt = 1; attempt <= 3 && !closing.signal.aborted; attempt += 1) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signWebhook(options.webhookSecret, body) },
          body,
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
        });
        await response.arrayBuffer();
        if (response.status < 500) return response.status;
      } catch {
        // Not reachable now: try again below.
      }
      await wait(500 * attempt);
    }
    return null;
  };

  const clearTimers = (reference: string) => {
    for (const timer of timers.get(reference) ?? []) clearTimeout(timer);
    timers.delete(reference);
  };

  const completeRound = async (order: SimulatedOrder): Promise<number | null> => {
    clearTimers(order.reference);
    const name = resultFileName(order.reference, order.round);
    order.files.set(name, buildDesignStl(order.reference, order.round));
    order.currentFiles = [name];
    order.status = evidentStatuses.completed;
    return deliver(order);
  };

  /** Work starts at once; halfway it is in progress, at the end completed (each announced). */
  const scheduleRound = (order: SimulatedOrder) => {
    clearTimers(order.reference);
    const after = state.completeAfterMs;
    if (after === null) return;
    const halfway = setTimeout(() => {
      order.status = evidentStatuses.inProgress;
      void deliver(order);
    }, after / 2);
    const done = setTimeout(() => void completeRound(order), after);
    halfway.unref();
    done.unref();
    timers.set(order.reference, [halfway, done]);
  };

  const presentState = (order: SimulatedOrder): EvidentOrderState => ({
    reference: order.reference,
    status: order.status,
    round: order.round,
    files: order.currentFiles.map((name) => {
      const bytes = order.files.get(name) ?? Buffer.alloc(0);
      return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    }),
  });

  const idempotencyKeyOf = (request: FastifyRequest): string | null => {
    const key = request.headers[evidentHeaders.idempotencyKey];
    return typeof key === 'string' && key !== '' ? key : null;
  };

  app.post('/api/orders', async (request, reply) => {
    received.orders += 1;
    // The whole body is read first, as a real service would before answering.
    let order: EvidentOrder | null = null;
    let scan: SimulatedOrder['scan'] | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === orderParts.order) {
        // @fastify/multipart parses a JSON part itself.
        order = readOrder(part.value);
      } else if (part.type === 'file' && part.fieldname === orderParts.scan) {
        const hash = createHash('sha256');
        let size = 0;
        for await (const chunk of part.file) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
        }
        scan = { name: part.filename, size, sha256: hash.digest('hex') };
      }
    }
    if (await simulateOutage(reply)) return reply;
    if (!order || !scan) return reply.code(400).send({ message: 'An order needs its order part and a scan' });
    const key = idempotencyKeyOf(request);
    const known = key ? orders.get(byIdempotencyKey.get(key) ?? '') : undefined;
    if (known) return reply.code(200).send({ reference: known.reference, status: known.status });
    sequence += 1;
    const created: SimulatedOrder = {
      reference: `EVD-${sequence}`,
      order,
      scan,
      status: evidentStatuses.received,
      round: 0,
      redoNotes: [],
      files: new Map(),
      currentFiles: [],
    };
    orders.set(created.reference, created);
    if (key) byIdempotencyKey.set(key, created.reference);
    scheduleRound(created);
    return reply.code(201).send({ reference: created.reference, status: created.status });
  });

  app.post<{ Params: { reference: string } }>('/api/orders/:reference/redo', async (request, reply) => {
    received.redos += 1;
    if (await simulateOutage(reply)) return reply;
    const order = orders.get(request.params.reference);
    if (!order) return reply.code(404).send({ message: 'Unknown order' });
    const key = idempotencyKeyOf(request);
    if (key && byIdempotencyKey.get(key) === order.reference) {
      return reply.code(200).send({ reference: order.reference, status: order.status });
    }
    const parsed = evidentRedoSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'A redo needs notes' });
    if (order.status !== evidentStatuses.completed) {
      return reply.code(409).send({ message: 'Only a completed order can be redone' });
    }
    if (key) byIdempotencyKey.set(key, order.reference);
    order.round += 1;
    order.redoNotes.push(parsed.data.notes);
    order.status = evidentStatuses.received;
    order.currentFiles = [];
    scheduleRound(order);
    return reply.code(200).send({ reference: order.reference, status: order.status });
  });

  app.get<{ Params: { reference: string } }>('/api/orders/:reference', async (request, reply) => {
    const order = orders.get(request.params.reference);
    if (!order) return reply.code(404).send({ message: 'Unknown order' });
    return presentState(order);
  });

  app.get<{ Params: { reference: string; name: string } }>(
    '/api/orders/:reference/files/:name',
    async (request, reply) => {
      const bytes = orders.get(request.params.reference)?.files.get(request.params.name);
      if (!bytes) return reply.code(404).send({ message: 'Unknown file' });
      if (options.fileDelayMs) await wait(options.fileDelayMs);
      return reply.type('application/octet-stream').send(bytes);
    },
  );

  // The same switches as `control`, for a simulator in another process.
  app.post<{ Body: SimulatorControl }>('/_control', async (request, reply) => {
    control(request.body);
    return reply.code(204).send();
  });

  const control = (settings: SimulatorControl) => {
    if (settings.failNext !== undefined) state.failNext = settings.failNext;
    if (settings.hangNext !== undefined) state.hangNext = settings.hangNext;
    if (settings.completeAfterMs !== undefined) state.completeAfterMs = settings.completeAfterMs;
  };

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    orders,
    received,
    control,
    setWebhookUrl: (url) => {
      state.webhookUrl = url;
    },
    complete: async (reference) => {
      const order = orders.get(reference);
      if (!order) throw new Error(`the simulator has no order ${reference}`);
      return completeRound(order);
    },
    close: async () => {
      closing.abort();
      for (const reference of [...timers.keys()]) clearTimers(reference);
      await app.close();
    },
  };
};
