import { vi } from 'vitest';
import type { MessageType, Notification } from '@lab/domain';

// Notifications for the bell's tests, the browser's fetch answering the calls, and a stand-in
// EventSource that the tests drive.

export const aNotification = (overrides: Partial<Notification> = {}): Notification => ({
  notification_uid: '20000000-0000-4000-8000-000000000001',
  uid: '30000000-0000-4000-8000-000000000001',
  created_at: '2025-02-03T01:00:00Z',
  expires_at: null,
  delivered_at: '2025-02-03T01:00:05Z',
  message_type: 'DESIGN_MESSAGE',
  note: 'Please check the screw channel',
  author_reference: 'Maya Machinist',
  case_uid: '00000000-0000-4000-8000-00000000000a',
  case: { case_mkey: '120034-01', job_type: 'Custom Abutment' },
  case_collection_uid: '0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c11',
  collection: { collection_id: 120034 },
  ...overrides,
});

export const messageTypes: MessageType[] = [
  { code: 'DESIGN_MESSAGE', name: 'Design Message', visibility: 'STAFF' } as MessageType,
];

export type ApiCall = { method: string; url: string };

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

export const notificationsPath = '/api/v2/messages/notifications/';

/** The server: `list()` answers the notifications GET, PATCHes answer 204, anything else an empty list. */
export const stubNotificationApi = (list: () => Notification[] | 'fail') => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (input === '/oauth2/token/') {
        return Promise.resolve(
          json({ access_token: 'token', expires_at: new Date(Date.now() + 900_000).toISOString() }),
        );
      }
      const method = init?.method ?? 'GET';
      calls.push({ method, url: input });
      if (method === 'PATCH') return Promise.resolve(new Response(null, { status: 204 }));
      if (input === notificationsPath) {
        const answer = list();
        return Promise.resolve(
          answer === 'fail' ? json({ error: { code: 'x', message: 'down' } }, 500) : json(answer),
        );
      }
      if (input === '/api/v2/messages/types/') return Promise.resolve(json(messageTypes));
      return Promise.resolve(json([]));
    }),
  );
  return {
    calls,
    polls: () => calls.filter((call) => call.url === notificationsPath).length,
    patches: () => calls.filter((call) => call.method === 'PATCH').map((call) => call.url),
  };
};

type Listener = (event: MessageEvent) => void;

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  isClosed = false;
  private listeners = new Map<string, Listener[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.isClosed = true;
  }

  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}
