import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactElement } from 'react';

// The browser's fetch, answering the messages feature's calls from a route table (the real api client,
// token and schemas run). Every request is recorded with its method and body.

export type Recorded = { method: string; path: string; body: BodyInit | null | undefined };
type Answer = { status?: number; body: unknown } | undefined;
export type Route = (request: Recorded) => Answer;

export const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

export const stubFetch = (route: Route): Recorded[] => {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (input === '/oauth2/token/') {
        return json({ access_token: 'token', expires_at: new Date(Date.now() + 900_000).toISOString() });
      }
      const request = { method: init?.method ?? 'GET', path: input, body: init?.body };
      requests.push(request);
      const answer = route(request);
      // Reference lists and anything not routed: an empty list.
      return answer ? json(answer.body, answer.status ?? 200) : json([]);
    }),
  );
  return requests;
};

export const renderWithQueries = (element: ReactElement) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const utils = render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);
  return { ...utils, queryClient };
};

/** jsdom lays nothing out: give the pane and its rows a size so the virtualiser renders rows. */
export const stubLayout = () => {
  const sizes = {
    clientHeight: 600,
    clientWidth: 800,
    offsetHeight: 80,
    offsetWidth: 800,
    scrollHeight: 4000,
  };
  const originals = Object.keys(sizes).map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
  return () => {
    for (const [name, descriptor] of originals) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  };
};
