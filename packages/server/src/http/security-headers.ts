import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';

/**
 * helmet's page headers. `upgrade-insecure-requests` and HSTS only on an HTTPS deployment: served over
 * plain HTTP at any host but localhost (a lab PC opening http://labserver:8080), Chromium would rewrite
 * the sign-in form's POST to https and block it, and HSTS would lock the host out of plain HTTP.
 */
export const helmetOptions = (config: Pick<Config, 'isHttps'>): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // MUI (emotion) injects style tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Audio attachments play from the object URL of their one-time download.
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      // null drops helmet's default directive.
      upgradeInsecureRequests: config.isHttps ? [] : null,
    },
  },
  strictTransportSecurity: config.isHttps,
  crossOriginEmbedderPolicy: false,
});
