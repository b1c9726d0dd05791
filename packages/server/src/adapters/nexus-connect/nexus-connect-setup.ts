import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createNexusConnectClient, type NexusConnectClient } from './client';
import { startNexusConnectSimulator, type NexusConnectSimulator } from './simulator';

// The export proxy's way to nexus_connect: NEXUS_CONNECT_URL's service, or — when it is unset — the local
// simulator, started inside this process on a free local port the first time an export is asked for (so
// an app that never exports opens no port) and stopped with the app.

export type NexusConnectSetup = {
  client: NexusConnectClient;
  close: () => Promise<void>;
};

type NexusConnectConfig = Pick<Config, 'nexusConnectUrl' | 'nexusConnectApiKey' | 'nexusConnectTimeoutMs'>;

export const createNexusConnectSetup = (
  config: NexusConnectConfig,
  log?: FastifyBaseLogger,
): NexusConnectSetup => {
  const clientOf = (baseUrl: string) =>
    createNexusConnectClient({
      baseUrl,
      apiKey: config.nexusConnectApiKey,
      timeoutMs: config.nexusConnectTimeoutMs,
    });
  if (config.nexusConnectUrl) return { client: clientOf(config.nexusConnectUrl), close: async () => {} };

  let started: Promise<{ simulator: NexusConnectSimulator; client: NexusConnectClient }> | null = null;
  const start = () => {
    started ??= startNexusConnectSimulator({ apiKey: config.nexusConnectApiKey }).then(
      (simulator) => {
        log?.info(`No NEXUS_CONNECT_URL: the nexus_connect simulator runs at ${simulator.url}`);
        return { simulator, client: clientOf(simulator.url) };
      },
      (error: unknown) => {
        // The next export tries again.
        started = null;
        throw error;
      },
    );
    return started;
  };
  return {
    client: {
      baseUrl: 'in-process simulator',
      createExport: async (request) => (await start()).client.createExport(request),
    },
    close: async () => {
      const running = started;
      started = null;
      if (running) await (await running).simulator.close();
    },
  };
};
