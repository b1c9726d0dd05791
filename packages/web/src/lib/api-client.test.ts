import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fetch-stub';
import { ApiError, createApiClient, startedAnswerMaxAgeMs, type ApiClientDeps } from './api-client';

const tokenAnswer = (token: string, expiresInMs: number) =>
  json({ access_token: token, expires_at: new Date(Date.now() + expiresInMs).toISOString() });

const invalidToken = () => json({ error: { code: 'unauthenticated', message: 'Invalid Token' } }, 401);

const anything = { parse: (data: unknown) => data };

// A fake server: the token endpoint answers from `tokens`, every other path from `answer`.
const setUp = (tokens: (() => Response)[], answer: (init: RequestInit | undefined) => Response) => {
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ path, init });
    if (path === '/oauth2/token/') {
      const next = tokens.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }
    return answer(init);
  });
  const deps: ApiClientDeps = {
    fetch,
    now: () => Date.now(),
    onSignInNeeded: vi.fn(),
    onInvalidToken: vi.fn(),
  };
  return { client: createApiClient(deps), deps, calls };
};

const authorizationOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

describe('api client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the bearer token and parses the answer', async () => {
    const { client, calls } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => json({ version: '1' }));
    await expect(client.get('/api/version/', anything)).resolves.toEqual({ version: '1' });
    await client.post('/api/v2/collections/', { keyword: 'smith' }, anything);
    const apiCalls = calls.filter((call) => call.path !== '/oauth2/token/');
    expect(apiCalls.map((call) => authorizationOf(call.init))).toEqual(['Bearer t1', 'Bearer t1']);
    expect(apiCalls[1]?.init?.body).toBe('{"keyword":"smith"}');
    expect(calls.filter((call) => call.path === '/oauth2/token/')).toHaveLength(1);
  });

  it('re-checks every 5 s and refreshes the token once it has expired', async () => {
    const { client, calls } = setUp(
      [() => tokenAnswer('t1', 60_000), () => tokenAnswer('t2', 15 * 60_000)],
      () => json({}),
    );
    const stop = client.startTokenRefresh();
    await vi.advanceTimersByTimeAsync(0);
    const tokenCalls = () => calls.filter((call) => call.path === '/oauth2/token/').length;
    expect(tokenCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(tokenCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tokenCalls()).toBe(2);
    await client.get('/api/me/', anything);
    expect(authorizationOf(calls.at(-1)?.init)).toBe('Bearer t2');
    stop();
  });

  it('sends the browser to sign in when the token call fails', async () => {
    const { client, deps } = setUp(
      [() => json({ error: { code: 'unauthenticated', message: 'Not Logged In' } }, 401)],
      () => json({}),
    );
    void client.get('/api/me/', anything);
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.onSignInNeeded).toHaveBeenCalledTimes(1);
    expect(deps.onInvalidToken).not.toHaveBeenCalled();
  });

  it('retries once with a new token, then signs out on a second Invalid Token', async () => {
    const { client, deps, calls } = setUp(
      [() => tokenAnswer('t1', 15 * 60_000), () => tokenAnswer('t2', 15 * 60_000)],
      invalidToken,
    );
    void client.get('/api/me/', anything);
    await vi.advanceTimersByTimeAsync(0);
    expect(
      calls.filter((call) => call.path === '/api/me/').map((call) => authorizationOf(call.init)),
    ).toEqual(['Bearer t1', 'Bearer t2']);
    expect(deps.onInvalidToken).toHaveBeenCalledTimes(1);
  });

  it('recovers when the retry with a new token succeeds', async () => {
    let answers = 0;
    const { client, deps } = setUp(
      [() => tokenAnswer('t1', 15 * 60_000), () => tokenAnswer('t2', 15 * 60_000)],
      () => (answers++ === 0 ? invalidToken() : json({ ok: true })),
    );
    await expect(client.get('/api/me/', anything)).resolves.toEqual({ ok: true });
    expect(deps.onInvalidToken).not.toHaveBeenCalled();
  });

  it('turns an error answer into an ApiError with its code, message and fields', async () => {
    const { client } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Keyword must be at least 2 characters',
            fields: { keyword: 'x' },
          },
        },
        400,
      ),
    );
    const error = await client
      .post('/api/v2/collections/', { keyword: 'a' }, anything)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Keyword must be at least 2 characters',
      fields: { keyword: 'x' },
    });
  });

  it('reports an answer of the wrong shape', async () => {
    const { client } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => json({ nope: true }));
    const strict = {
      parse: (data: unknown) => {
        if (typeof data !== 'object' || data === null || !('version' in data)) throw new Error('bad');
        return data;
      },
    };
    await expect(client.get('/api/version/', strict)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('reuses the parsed answer while the ETag is the same, and parses a changed one', async () => {
    const bodies = [
      { etag: '"a"', data: { version: '1' } },
      { etag: '"a"', data: { version: '1' } },
      { etag: '"b"', data: { version: '2' } },
    ];
    const { client } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => {
      const next = bodies.shift() ?? { etag: '"c"', data: {} };
      return new Response(JSON.stringify(next.data), {
        headers: { 'Content-Type': 'application/json', ETag: next.etag },
      });
    });
    const parse = vi.fn((data: unknown) => data);
    const schema = { parse };
    const first = await client.get('/api/v2/collection/x/messages/', schema);
    const again = await client.get('/api/v2/collection/x/messages/', schema);
    expect(again).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    await expect(client.get('/api/v2/collection/x/messages/', schema)).resolves.toEqual({ version: '2' });
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('hands a GET started ahead to the next get of its path, and its JSON to the starter', async () => {
    let served = 0;
    const { client, calls } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => {
      served += 1;
      return json({ uid: 'c1', served });
    });
    await expect(client.startGet('/api/v2/collection/c1/', true)).resolves.toEqual({ uid: 'c1', served: 1 });
    await expect(client.get('/api/v2/collection/c1/', anything)).resolves.toEqual({ uid: 'c1', served: 1 });
    // Taken once: the next get asks the server again.
    await expect(client.get('/api/v2/collection/c1/', anything)).resolves.toEqual({ uid: 'c1', served: 2 });
    expect(calls.filter((call) => call.path === '/api/v2/collection/c1/')).toHaveLength(2);
  });

  it('asks afresh when the GET started ahead is older than it may be', async () => {
    let served = 0;
    const { client } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => {
      served += 1;
      return json({ served });
    });
    await client.startGet('/api/v2/messages/notifications/');
    vi.setSystemTime(Date.now() + startedAnswerMaxAgeMs + 1);
    await expect(client.get('/api/v2/messages/notifications/', anything)).resolves.toEqual({ served: 2 });
  });

  it('lets the connection of a started GET nothing took go once it is too old', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let isCancelled = false;
    const { client } = setUp(
      [() => tokenAnswer('t1', 15 * 60_000)],
      () =>
        new Response(
          new ReadableStream({
            cancel: () => {
              isCancelled = true;
            },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    );
    await client.startGet('/api/v2/collection/c1/messages/?extra-ref=k1');
    await vi.advanceTimersByTimeAsync(startedAnswerMaxAgeMs - 1);
    expect(isCancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isCancelled).toBe(true);
  });

  describe('a write that may be sent again', () => {
    const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Idempotency-Key');

    it('sends it again with the same key when the answer was lost on the way', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'Date'] });
      let tries = 0;
      const { client, calls } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch');
        if (tries === 2) return json({ error: { code: 'in_progress', message: 'still running' } }, 409);
        return json({ uid: 'm1' });
      });
      const posted = client.postOnce('/api/v2/messages/', { note: 'Once' }, anything);
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(posted).resolves.toEqual({ uid: 'm1' });
      const writes = calls.filter((call) => call.path === '/api/v2/messages/');
      expect(writes).toHaveLength(3);
      const keys = writes.map((call) => keyOf(call.init));
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(keys).size).toBe(1);
    });

    it('sends it again when the connection drops while the answer arrives', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'Date'] });
      let tries = 0;
      const { client, calls } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => {
        tries += 1;
        if (tries > 1) return json({ uid: 'm1' });
        const body = new ReadableStream({
          start: (controller) => controller.error(new TypeError('network error')),
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      });
      const posted = client.postOnce('/api/v2/messages/', { note: 'Once' }, anything);
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(posted).resolves.toEqual({ uid: 'm1' });
      const keys = calls.filter((call) => call.path === '/api/v2/messages/').map((call) => keyOf(call.init));
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    });

    it('gives each write its own key, and shows a refusal at once', async () => {
      const { client, calls } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () =>
        json({ error: { code: 'validation_failed', message: 'Cannot be blank' } }, 400),
      );
      await expect(client.postOnce('/api/v2/case/1/', { action: 'edit_case' }, anything)).rejects.toThrow(
        'Cannot be blank',
      );
      await expect(client.postOnce('/api/v2/case/1/', { action: 'edit_case' }, anything)).rejects.toThrow(
        'Cannot be blank',
      );
      const keys = calls.filter((call) => call.path === '/api/v2/case/1/').map((call) => keyOf(call.init));
      expect(keys).toHaveLength(2);
      expect(keys[0]).not.toBe(keys[1]);
    });

    it('sends other writes once, without a key', async () => {
      const { client, calls } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => {
        throw new TypeError('Failed to fetch');
      });
      await expect(client.post('/api/v2/collections/', { keyword: 'smith' }, anything)).rejects.toThrow(
        'The server could not be reached',
      );
      const searches = calls.filter((call) => call.path === '/api/v2/collections/');
      expect(searches.map((call) => keyOf(call.init))).toEqual([null]);
    });
  });

  it('names the request, not an upload, in a bodiless 413 of a JSON write', async () => {
    const { client } = setUp([() => tokenAnswer('t1', 15 * 60_000)], () => new Response('', { status: 413 }));
    await expect(client.post('/api/v2/case/1/', { action: 'edit_case' }, anything)).rejects.toThrow(
      'The request is too large',
    );
  });
});
