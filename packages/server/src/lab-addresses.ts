import { lookup } from 'node:dns/promises';
import os from 'node:os';

// Where the lab's PCs reach this server, worked out at start: the address e-mails carry when PUBLIC_URL
// is not set, and the list `npm start` prints.

const isAnyInterface = (host: string): boolean => host === '0.0.0.0' || host === '::' || host === '';

const networkIpv4s = (): string[] =>
  Object.values(os.networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => address.family === 'IPv4' && !address.internal)
    .map((address) => address.address);

/**
 * Without PUBLIC_URL, links that leave without a request name this machine as the lab's PCs reach it: its
 * host name when listening on every interface (resolvePublicUrl checks it resolves), or the one interface
 * it listens on. Never localhost unless it listens on loopback only or has no network at all.
 */
export const guessPublicUrl = (listen: { host: string; port: number; isTls: boolean }): string => {
  const scheme = listen.isTls ? 'https' : 'http';
  const machine = os.hostname();
  const name = isAnyInterface(listen.host)
    ? machine && machine !== 'localhost'
      ? machine
      : (networkIpv4s()[0] ?? 'localhost')
    : listen.host.includes(':')
      ? `[${listen.host}]`
      : listen.host;
  return `${scheme}://${name}:${listen.port}`;
};

const resolves = async (name: string): Promise<boolean> => {
  try {
    await lookup(name);
    return true;
  } catch {
    return false;
  }
};

/**
 * PUBLIC_URL when set; else config's guess (this machine's host name), checked: a host name that does not
 * resolve even here gives way to the machine's first network IPv4 address.
 */
export const resolvePublicUrl = async (config: {
  publicUrl: string;
  isPublicUrlSet: boolean;
  host: string;
}): Promise<string> => {
  if (config.isPublicUrlSet || !isAnyInterface(config.host)) return config.publicUrl;
  const guess = new URL(config.publicUrl);
  if (await resolves(guess.hostname)) return config.publicUrl;
  const [ipv4] = networkIpv4s();
  if (!ipv4) return config.publicUrl;
  guess.hostname = ipv4;
  return guess.origin;
};

/** Every address a browser can open this server at: the host name and each network address, then this PC. */
export const labAddresses = (config: { host: string; tls: object | null }, port: number): string[] => {
  const scheme = config.tls ? 'https' : 'http';
  const at = (host: string) => `${scheme}://${host}:${port}/`;
  if (!isAnyInterface(config.host)) return [at(config.host.includes(':') ? `[${config.host}]` : config.host)];
  const machine = os.hostname();
  const names = [machine, ...networkIpv4s()].filter((name) => name && name !== 'localhost');
  return [...new Set([...names.map(at), at('localhost')])];
};
