import net from 'node:net';

// A real TCP hop between the app's connections and PostgreSQL, to take the database away and give it
// back as a network does:
// - cut: every connection is reset and new ones are refused at once (a server restart, a failover);
// - hang: bytes stop passing both ways and new connections are accepted but never answered (a dead
//   route, a firewall dropping packets): only a timeout notices;
// - restore: new connections pass again; those left hanging are reset, as TCP gives up on them in the end.

export type TcpForwarder = {
  port: number;
  /** `url` with its host and port replaced by the forwarder's. */
  forwardedUrl: (url: string) => string;
  cut: () => void;
  hang: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

type Pair = { inbound: net.Socket; outbound: net.Socket | null };

export const startTcpForwarder = async (target: { host: string; port: number }): Promise<TcpForwarder> => {
  let mode: 'open' | 'cut' | 'hang' = 'open';
  const pairs = new Set<Pair>();
  const drop = (pair: Pair): void => {
    pairs.delete(pair);
    pair.inbound.destroy();
    pair.outbound?.destroy();
  };
  const server = net.createServer((inbound) => {
    inbound.on('error', () => undefined);
    if (mode === 'cut') {
      inbound.destroy();
      return;
    }
    const pair: Pair = { inbound, outbound: null };
    pairs.add(pair);
    inbound.on('close', () => drop(pair));
    if (mode === 'hang') return;
    const outbound = net.connect(target.port, target.host);
    pair.outbound = outbound;
    outbound.on('error', () => drop(pair)).on('close', () => drop(pair));
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    forwardedUrl: (url) => {
      const forwarded = new URL(url);
      forwarded.hostname = '127.0.0.1';
      forwarded.port = String(port);
      return forwarded.toString();
    },
    cut: () => {
      mode = 'cut';
      for (const pair of [...pairs]) drop(pair);
    },
    hang: () => {
      mode = 'hang';
      for (const { inbound, outbound } of pairs) {
        if (!outbound) continue;
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
      }
    },
    restore: () => {
      if (mode === 'hang') for (const pair of [...pairs]) drop(pair);
      mode = 'open';
    },
    close: async () => {
      for (const pair of [...pairs]) drop(pair);
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
