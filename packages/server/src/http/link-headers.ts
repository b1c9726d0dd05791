import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * A link is a capability in the URL: no cache may keep an answer, no Referer may carry it to another
 * site, no search engine may index it, no browser may guess a type. On errors too, so this runs first.
 */
export const applyLinkHeaders = (reply: FastifyReply): void => {
  void reply.headers({
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex',
    'x-content-type-options': 'nosniff',
  });
};

export const setLinkHeaders = (
  _request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void => {
  applyLinkHeaders(reply);
  done();
};
