import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Answers go compressed when the browser accepts it: the messages of a collection with 2,000 of them
// are 1.27 MB of JSON and 80–90 KB compressed. Every open window of a lab shares the server's two
// cores, so the settings are the fast ones: brotli at quality 1 (its default of 11 costs ~100× the
// CPU; at 1 it is faster than gzip and smaller) and gzip/deflate at level 1 (half the CPU of the
// default 6 for ~15 % more bytes on a LAN). Unchanged polls are bodiless 304s and stay untouched, as
// do answers under 1 KB (most polls), where the bytes saved do not pay for the work.
//
// Not compressed: the event stream (its route hijacks the reply and writes the socket itself, so no
// hook sees it; its frames must leave unbuffered), bodies that are already binary (images, PDFs,
// zips: their types are not compressible), partial content (206) and 304s.

export const compressionThresholdBytes = 1024;

// What is worth compressing: JSON, HTML, JavaScript, CSS, SVG and plain text. Anything else falls
// back to mime-db's verdict inside the plugin.
const compressibleType =
  /^(?:application\/(?:[\w.-]+\+)?json|application\/javascript|text\/(?:html|javascript|css|plain|csv)|image\/svg\+xml)\s*(?:;|$)/i;

const isCompressible = (contentType: string): boolean =>
  !contentType.startsWith('text/event-stream') && compressibleType.test(contentType);

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';

const encodings = ['br', 'gzip', 'deflate'] as const;
export type ContentEncoding = (typeof encodings)[number];
/** A text compressed per encoding, kept beside the text it was made from. */
export type EncodedTexts = Partial<Record<ContentEncoding, Buffer>>;

const brotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const zlibOptions = { level: 1 };

// The same choice as the plugin's (it negotiates with this library over the same list).
const negotiator = new Negotiator<ContentEncoding | 'identity'>({
  supportedValues: [...encodings, 'identity'],
});

/**
 * How the plugin would encode this request's answer of `length` characters, or null for as it is: a
 * kept answer (cache/polled-etags.ts) is compressed once per encoding and sent as it is after.
 */
const negotiateEncoding = (request: FastifyRequest, length: number): ContentEncoding | null => {
  const header = request.headers['accept-encoding'];
  if (length < compressionThresholdBytes || !header || request.headers['x-no-compression'] !== undefined)
    return null;
  const chosen = negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  return chosen === 'identity' ? null : chosen;
};

/** `text` compressed as the plugin would (same levels). */
const compressText = (text: string, encoding: ContentEncoding): Buffer => {
  if (encoding === 'br') return zlib.brotliCompressSync(text, brotliOptions);
  if (encoding === 'gzip') return zlib.gzipSync(text, zlibOptions);
  return zlib.deflateSync(text, zlibOptions);
};

/** Sends bytes already compressed as `encoding`; the plugin passes an encoded answer through untouched. */
const sendEncoded = (reply: FastifyReply, encoding: ContentEncoding, body: Buffer): FastifyReply => {
  const vary = reply.getHeader('vary');
  void reply.header('Vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  return reply.header('Content-Encoding', encoding).send(body);
};

/**
 * Sends a text kept in memory (a cached or polled answer) in the encoding the client accepts, compressed
 * once per encoding into `encoded`, which is kept beside the text; as it is when none applies.
 */
export const sendKeptText = (
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  encoded: EncodedTexts,
): FastifyReply => {
  const encoding = negotiateEncoding(request, text.length);
  if (!encoding) return reply.send(text);
  return sendEncoded(reply, encoding, (encoded[encoding] ??= compressText(text, encoding)));
};

/**
 * A 304 has no body. @fastify/static answers one with the file's (empty) stream, which the plugin would
 * wrap and label gzip: the stream is dropped instead, so a 304 never carries a Content-Encoding. (An
 * app-level hook runs before the plugin's, which it adds to each route.)
 */
const dropBodyOf304 = (
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void => {
  // A callback, not an async hook: every answer passes here, and a promise would put off its write to a
  // later tick (and make the handlers that wait for the write listen for its end).
  if (reply.statusCode !== 304) return done(null, payload);
  if (isStream(payload)) payload.destroy();
  done(null, null);
};

/**
 * Registers response compression for every route registered after it (the plugin adds its onSend hook
 * as routes are added), so it comes before the routes and before @fastify/static.
 */
export const registerCompression = async (app: FastifyInstance): Promise<void> => {
  await app.register(compress, {
    threshold: compressionThresholdBytes,
    encodings: [...encodings],
    customTypes: isCompressible,
    brotliOptions,
    zlibOptions,
    // Every answer held in memory is compressed in one call (1.27 MB of JSON: ~5 ms at these levels), so
    // it ends as it did uncompressed: a streamed one outlives the handler, and an async handler that
    // called reply.send() without returning the reply (cache/cached-answer.ts) then sends again, empty.
    syncThreshold: 16 * 1024 * 1024,
    // Request bodies are never compressed by our clients: a compressed body stays refused as before.
    globalDecompression: false,
  });
  app.addHook('onSend', dropBodyOf304);
};
