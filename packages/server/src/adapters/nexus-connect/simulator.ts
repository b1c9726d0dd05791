import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyRequest } from 'fastify';
import { buildExportEntries } from './simulated-library';
import {
  nexusConnectExportRequestSchema,
  nexusConnectPaths,
  zipContentType,
  type NexusConnectExportRequest,
} from './protocol';
import { buildZip } from './zip-archive';

// A local stand-in for the nexus_connect service: its own small Fastify server (not our app) speaking the
// service's side of protocol.ts, so development and tests run the real client over real HTTP. It answers
// every export with a real zip (a manifest and an STL per part). Tests make it fail or hang the next N
// calls and read what it was asked.

export type NexusConnectSimulatorControl = {
  /** The next N exports answer 503. */
  failNext?: number;
  /** The next N exports never answer (until `hangMs` or close), so the caller times out. */
  hangNext?: number;
};

export type NexusConnectSimulatorOptions = NexusConnectSimulatorControl & {
  apiKey: string;
  hangMs?: number;
  host?: string;
  port?: number;
};

export type NexusConnectSimulator = {
  readonly url: string;
  /** Every well-formed export asked for (failed and hung ones included), oldest first. */
  readonly requests: readonly NexusConnectExportRequest[];
  control: (settings: NexusConnectSimulatorControl) => void;
  close: () => Promise<void>;
};

const isAuthorized = (request: FastifyRequest, apiKey: string): boolean => {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${apiKey}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export const startNexusConnectSimulator = async (
  options: NexusConnectSimulatorOptions,
): Promise<NexusConnectSimulator> => {
  const state = { failNext: options.failNext ?? 0, hangNext: options.hangNext ?? 0 };
  const hangMs = options.hangMs ?? 60_000;
  const requests: NexusConnectExportRequest[] = [];
  const hung = new Set<NodeJS.Timeout>();

  const app = Fastify({ logger: false, forceCloseConnections: true });

  app.addHook('onRequest', async (request, reply) => {
    if (!isAuthorized(request, options.apiKey)) await reply.code(401).send({ message: 'Invalid API key' });
  });

  app.post(nexusConnectPaths.exports, async (request, reply) => {
    const parsed = nexusConnectExportRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid export request' });
    requests.push(parsed.data);
    if (state.hangNext > 0) {
      state.hangNext -= 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          hung.delete(timer);
          resolve();
        }, hangMs);
        hung.add(timer);
      });
      return reply.code(504).send({ message: 'Hung on purpose' });
    }
    if (state.failNext > 0) {
      state.failNext -= 1;
      return reply.code(503).send({ message: 'Library service unavailable' });
    }
    const zip = buildZip(buildExportEntries(parsed.data));
    return reply.header('content-type', zipContentType).header('content-length', zip.length).send(zip);
  });

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    requests,
    control: (settings) => {
      if (settings.failNext !== undefined) state.failNext = settings.failNext;
      if (settings.hangNext !== undefined) state.hangNext = settings.hangNext;
    },
    close: async () => {
      for (const timer of hung) clearTimeout(timer);
      hung.clear();
      await app.close();
    },
  };
};
