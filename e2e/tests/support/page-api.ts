import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The API as the open page calls it, through the page's own fetch. The suite opens the app at a lab
// host name only Chromium resolves (support/chromium.ts), so Playwright's `page.request` (which resolves
// names in Node) cannot reach it; the page can, with its session cookie, at its own origin.

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What came back: the status, the content type, and the body (parsed when it is JSON, else text). */
export type PageAnswer = { status: number; contentType: string; body: unknown };

type PageCall = { method?: Method; token?: string; body?: unknown };

/**
 * One request from the page, relative to the page's origin (or a full address). A failing status is
 * returned, not thrown — Chromium logs it as a console error, which the test must expect
 * (fixtures.ts `allowConsoleErrors`).
 */
export const fetchInPage = (page: Page, path: string, call: PageCall = {}): Promise<PageAnswer> =>
  page.evaluate(
    async ({ path, method, token, body }) => {
      const headers: Record<string, string> = {};
      if (token) headers['authorization'] = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const contentType = answer.headers.get('content-type') ?? '';
      const text = await answer.text();
      const isJson = contentType.startsWith('application/json') && text !== '';
      return { status: answer.status, contentType, body: isJson ? (JSON.parse(text) as unknown) : text };
    },
    { path, method: call.method ?? 'GET', token: call.token, body: call.body },
  );

/** The bearer token the page trades its session cookie for, as the app itself does. */
export const pageToken = async (page: Page): Promise<string> => {
  const answer = await fetchInPage(page, '/oauth2/token/');
  expect(answer.status, 'GET /oauth2/token/').toBe(200);
  return (answer.body as { access_token: string }).access_token;
};

export type PageApi = {
  /** Any call with the page's token; the answer whatever its status. */
  call: (method: Method, path: string, body?: unknown) => Promise<PageAnswer>;
  /** A call that must succeed (2xx), answering its body. */
  send: <T>(method: Method, path: string, body?: unknown) => Promise<T>;
  get: <T>(path: string) => Promise<T>;
};

/** The signed-in page's API: its token, taken once. */
export const pageApi = async (page: Page): Promise<PageApi> => {
  const token = await pageToken(page);
  const call = (method: Method, path: string, body?: unknown) =>
    fetchInPage(page, path, { method, token, body });
  const send = async <T>(method: Method, path: string, body?: unknown): Promise<T> => {
    const answer = await call(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as T;
  };
  return { call, send, get: <T>(path: string) => send<T>('GET', path) };
};
