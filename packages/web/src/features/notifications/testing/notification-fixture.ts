import type { MessageType, Notification } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { collectionUid } from '../../../testing/records';

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
  case_collection_uid: collectionUid,
  collection: { collection_id: 120034 },
  ...overrides,
});

export const messageTypes: MessageType[] = [
  { code: 'DESIGN_MESSAGE', name: 'Design Message', visibility: 'STAFF' } as MessageType,
];

export const notificationsPath = '/api/v2/messages/notifications/';

/** The server: `list()` answers the notifications GET, PATCHes answer 204, anything else an empty list. */
export const stubNotificationApi = (list: () => Notification[] | 'fail') => {
  const calls = stubFetch((call) => {
    if (call.method === 'PATCH') return new Response(null, { status: 204 });
    if (call.path === notificationsPath) {
      const answer = list();
      return answer === 'fail' ? json({ error: { code: 'x', message: 'down' } }, 500) : json(answer);
    }
    if (call.path === '/api/v2/messages/types/') return json(messageTypes);
    return undefined;
  });
  return {
    calls,
    polls: () => calls.filter((call) => call.path === notificationsPath).length,
    patches: () => calls.filter((call) => call.method === 'PATCH').map((call) => call.path),
  };
};

type Listener = (event: MessageEvent) => void;

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly init: EventSourceInit | undefined;
  isClosed = false;
  private listeners = new Map<string, Listener[]>();

  constructor(url: string, init?: EventSourceInit) {
    this.url = url;
    this.init = init;
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
