import { vi } from 'vitest';

// The browser's fetch for tests that run the real api client (token, schemas and all): the stub answers the
// token itself, records every other call, and the test answers the calls it cares about.

/** A call as a test reads it: a JSON body parsed, any other body (FormData) as sent. */
export type ApiCall = { method: string; path: string; body: unknown };

/** The test's server: a response for the calls it knows, undefined for the rest. */
export type Answer = (call: ApiCall) => Response | undefined;

export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/** A download's bytes. jsdom's Blob cannot go through Node's Response: answer the way fetch's blob() does. */
export const fileResponse = (content = 'bytes', type = '') =>
  ({
    ok: true,
    status: 200,
    headers: new Headers(),
    body: null,
    blob: () => Promise.resolve(new Blob([content], { type })),
  }) as unknown as Response;

const tokenPath = '/oauth2/token/';

/** Stubs fetch until `vi.unstubAllGlobals()`; returns the calls made so far, token requests left out. */
export const stubFetch = (answer: Answer = () => undefined): ApiCall[] => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (input === tokenPath) {
        return Promise.resolve(
          json({ access_token: 'token', expires_at: new Date(Date.now() + 900_000).toISOString() }),
        );
      }
      const rawBody = init?.body;
      const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody;
      const call = { method: init?.method ?? 'GET', path: input, body };
      calls.push(call);
      // Reference lists and anything else not answered: an empty list, which every list schema accepts.
      return Promise.resolve(answer(call) ?? json([]));
    }),
  );
  return calls;
};
