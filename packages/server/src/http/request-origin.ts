import type { FastifyRequest } from 'fastify';

// A host as a browser sends it: a name or IPv4 address, or a bracketed IPv6 one, with an optional port.
const hostPattern = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the browser reached this server at: its own scheme and Host (X-Forwarded-Proto and
 * X-Forwarded-Host only from a proxy TRUST_PROXY trusts, which Fastify's `trustProxy` applies). Every
 * address a page is told to call is built on it, so a page opened at any host name calls that host.
 * A Host that is no host at all falls back to `fallback`.
 */
export const requestOrigin = (request: FastifyRequest, fallback: string): string => {
  const host = request.host;
  if (!host || !hostPattern.test(host)) return fallback;
  return `${request.protocol}://${host.toLowerCase()}`;
};

/** The request came over HTTPS (to this server, or to a trusted proxy in front of it). */
export const isHttpsRequest = (request: FastifyRequest): boolean => request.protocol === 'https';
