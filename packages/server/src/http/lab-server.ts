import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Config } from '../config';

type Handler = http.RequestListener;

// The first byte of every TLS connection: a handshake record.
const tlsHandshakeRecord = 0x16;
const hostPattern = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Plain HTTP that reached the HTTPS port: the same address with https (308 keeps a form's POST a POST). */
const redirectToHttps: Handler = (request, response) => {
  const host = request.headers.host ?? '';
  if (!hostPattern.test(host)) {
    response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    response.end('This server speaks HTTPS: open it at https://');
    return;
  }
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  response.writeHead(isRead ? 301 : 308, {
    location: `https://${host}${request.url ?? '/'}`,
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end();
};

/**
 * An HTTPS server that also answers plain HTTP on the same port, with a redirect: a lab PC whose bookmark
 * says http://labserver:8443 lands on the https page instead of a connection reset. Each connection's
 * first byte tells them apart (a TLS handshake starts with 0x16, an HTTP request with a method's letter).
 */
const createHttpsWithRedirect = (handler: Handler, tls: { cert: Buffer; key: Buffer }): https.Server => {
  const server = https.createServer({ cert: tls.cert, key: tls.key }, handler);
  const plain = http.createServer(redirectToHttps);
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      if (chunk[0] === tlsHandshakeRecord) for (const listener of tlsListeners) listener.call(server, socket);
      else plain.emit('connection', socket);
      // The listener that took the socket reads it from here, the first chunk included.
      process.nextTick(() => socket.resume());
    });
    // A connection that closes before its first byte must not leave an error unhandled.
    socket.once('error', () => socket.destroy());
  });
  return server;
};

/**
 * The server Fastify answers on: plain HTTP, or HTTPS (with plain HTTP redirected) when TLS_CERT_FILE and
 * TLS_KEY_FILE are set. Read at build time, so a missing or unreadable file stops the start naming it.
 */
export const labServerFactory = (tls: Config['tls']): ((handler: Handler) => http.Server) | undefined => {
  if (!tls) return undefined;
  const read = (file: string, variable: string): Buffer => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${variable}: cannot read ${file} (${(error as Error).message})`, { cause: error });
    }
  };
  const pem = { cert: read(tls.certFile, 'TLS_CERT_FILE'), key: read(tls.keyFile, 'TLS_KEY_FILE') };
  // Fastify's types speak of an http.Server; an https.Server answers the same calls.
  return (handler) => createHttpsWithRedirect(handler, pem) as unknown as http.Server;
};
