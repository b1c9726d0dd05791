import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageLoadErrors, messageTextsExtra, type Communication, type Message } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { stubIntersectionObserver, type IntersectionStub } from '../../../testing/intersection-observer-stub';
import { aCase, aCollection, anApproval, clientUid, collectionUid } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { messagesQueryKey } from '../api/get-messages';
import { readThrottleMs } from '../../../lib/read-queue';
import { stubLayout } from '../testing/layout-stub';
import { aCommunication, aMessage, caseNoteTypes, messagesPath } from '../testing/message-fixtures';
import type { RenderAttachments } from './message-bubble';
import { NotesAndMessagesView } from './notes-and-messages-view';

// The Notes & Messages view through its real calls: messages, communications, resolve, read and the
// e-mail info, answered by a stubbed browser fetch.

const crown = aCase({ case_mkey: '120034-01', job_type: 'Crown' });
const approval = anApproval({ case_uid: crown.uid, created_at: '2025-02-03T03:00:00.000Z' });
const collection = aCollection({ cases: [crown], approvals: [approval] });
const communicationsPath = `/api/v2/collection/${collectionUid}/communicationlogs/`;

let messages: Message[];
let communications: Communication[];
let requests: ApiCall[];
let restoreLayout: () => void;

let viewport: IntersectionStub;

const patches = () =>
  requests
    .filter((request) => request.method === 'PATCH')
    .map((request) => ({ path: request.path, body: request.body }));

beforeEach(() => {
  restoreLayout = stubLayout();
  viewport = stubIntersectionObserver();
  messages = [];
  communications = [];
  requests = stubFetch((request) => {
    if (request.path === messagesPath) return json(messages);
    if (request.path === communicationsPath) return json(communications);
    if (request.path === '/api/v2/messages/types/') return json(caseNoteTypes);
    if (request.path === '/api/v2/approvals/types/')
      return json([{ code: 'DESIGN_APPROVAL', name: 'Design Approval' }]);
    const patch = /^\/api\/v2\/message\/([^/]+)\/$/.exec(request.path);
    if (patch && request.method === 'PATCH') {
      const message = messages.find((item) => item.uid === patch[1]);
      const { action } = request.body as { action: string };
      const answered =
        action === 'resolve'
          ? { ...message, resolved_at: '2025-02-04T00:00:00.000Z', resolved_by: 'dana' }
          : { ...message, message_seen: true };
      return json(answered);
    }
    if (request.path === '/api/v2/communications/1') {
      return json({ email: 'front@bayside.example', state: 'delivered', opens: 3, clicks: 1 });
    }
    if (request.path === '/api/v2/communications/2') return json({ error: 'Unknown e-mail id' });
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  restoreLayout();
  vi.unstubAllGlobals();
});

const renderView = (
  props: Partial<Parameters<typeof NotesAndMessagesView>[0]> = {},
  renderAttachments: RenderAttachments = () => null,
) =>
  renderWithQueries(
    <NotesAndMessagesView
      collection={collection}
      authorReference="dana"
      highlightUid={null}
      initialTypeCode={null}
      approvalFilterUid={null}
      onApprovalFilterChange={vi.fn()}
      renderAttachments={renderAttachments}
      uploadAttachments={() => Promise.resolve([])}
      {...props}
    />,
  );

const log = () => screen.getByRole('log', { name: 'Messages' });

describe('NotesAndMessagesView', () => {
  it("says 'No Messages...' when there is nothing", async () => {
    renderView({ collection: aCollection() });
    expect(await within(log()).findByText(messageTextsExtra.noMessages)).toBeTruthy();
  });

  it('shows messages, approval requests and e-mails in one ascending timeline', async () => {
    const staffNote = aMessage({
      note: 'Margin looks short',
      created_at: '2025-02-03T01:00:00.000Z',
      case_uid: crown.uid,
    });
    const fromClient = aMessage({
      note: 'Thanks, approved',
      direction: 'INBOUND',
      visibility: 'CLIENTS',
      message_type: 'CLIENT_MESSAGE',
      author_reference: 'Bayside Dental',
      created_at: '2025-02-03T05:00:00.000Z',
      attachments: [{ uid: '00000000-0000-4000-8000-0000000000aa', file_name: 'photo.jpg', blurred: false }],
    });
    messages = [fromClient, staffNote];
    communications = [aCommunication({ created_at: '2025-02-03T04:00:00.000Z' })];
    const renderAttachments = vi.fn<RenderAttachments>((request) => <span>{request.type}</span>);
    renderView({}, renderAttachments);
    await within(log()).findByText('Thanks, approved');
    const rows = within(log()).getAllByLabelText(/^(Message from|Approval request|Communication)/);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Message from dana',
      'Approval request Design Approval – 120034-01 Crown',
      'Communication APPROVAL REQUEST',
      'Message from Bayside Dental',
    ]);
    // The type's name and, in the collection-wide view, the case.
    expect(within(rows[0] as HTMLElement).getByText('Case Note')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('120034-01 Crown')).toBeTruthy();
    // A message for clients holds message attachments.
    expect(renderAttachments).toHaveBeenCalledWith(expect.objectContaining({ type: 'message_attachment' }));
    expect(within(rows[3] as HTMLElement).getByText('message_attachment')).toBeTruthy();
  });

  it('resolves a resolvable message after "Are you sure?"', async () => {
    const alert = aMessage({ message_type: 'ALERTING_MESSAGE', resolvable: true, note: 'Wrong shade' });
    messages = [alert];
    renderView();
    fireEvent.click(await within(log()).findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messageTextsExtra.resolveConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(log()).findByText(/Resolved by dana at/)).toBeTruthy();
    expect(patches()).toEqual([{ path: `/api/v2/message/${alert.uid}/`, body: { action: 'resolve' } }]);
    expect(within(log()).queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('marks not-yet-seen messages read once they are visible, at most one batch every 2 s', async () => {
    const seen = aMessage({ note: 'old news' });
    const first = aMessage({ note: 'first unseen', message_seen: false });
    const second = aMessage({ note: 'second unseen', message_seen: false });
    messages = [seen, first, second];
    const { queryClient } = renderView();
    await within(log()).findByText('second unseen');
    const bubble = (uid: string) => log().querySelector(`[data-message-uid="${uid}"]`) as Element;
    // Only the unseen ones are watched.
    expect(viewport.observed.has(bubble(seen.uid))).toBe(false);

    act(() => viewport.intersect([bubble(first.uid)]));
    await waitFor(() => expect(patches()).toHaveLength(1));
    act(() => viewport.intersect([bubble(second.uid), bubble(first.uid)]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(patches()).toHaveLength(1);
    await waitFor(() => expect(patches()).toHaveLength(2), { timeout: readThrottleMs + 1000 });
    expect(patches()).toEqual([
      { path: `/api/v2/message/${first.uid}/`, body: { action: 'read' } },
      { path: `/api/v2/message/${second.uid}/`, body: { action: 'read' } },
    ]);
    // The answers went into the cache.
    await waitFor(() =>
      expect(
        queryClient
          .getQueryData<Message[]>(messagesQueryKey(collectionUid, clientUid))
          ?.map((message) => message.message_seen),
      ).toEqual([true, true, true]),
    );
  });

  it('renders only the rows in view of 2,000 messages', async () => {
    messages = Array.from({ length: 2000 }, (_, index) =>
      aMessage({ note: `note ${index}`, created_at: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString() }),
    );
    renderView({ collection: aCollection() });
    // jsdom does not move scrollTop, so the window stays at the top; the scrolling itself is asserted
    // in the Notes tab's test.
    await within(log()).findByText('note 0');
    const rendered = within(log()).getAllByLabelText(/^Message from/);
    expect(rendered.length).toBeLessThan(40);
    expect(within(log()).queryByText('note 1999')).toBeNull();
  });

  it('highlights the muid message', async () => {
    const target = aMessage({ note: 'look here' });
    messages = [aMessage({ note: 'before' }), target, aMessage({ note: 'after' })];
    renderView({ highlightUid: target.uid });
    await within(log()).findByText('look here');
    expect(log().querySelector('[data-highlighted="true"]')?.getAttribute('data-message-uid')).toBe(
      target.uid,
    );
  });

  it('filters to one approval with a dismissible alert', async () => {
    const approvalMessage = aMessage({ approval_uid: approval.uid, note: 'Your design is ready' });
    messages = [aMessage({ note: 'unrelated note' }), approvalMessage];
    const onApprovalFilterChange = vi.fn();
    renderView({ approvalFilterUid: approval.uid, onApprovalFilterChange });
    await within(log()).findByText('Your design is ready');
    expect(within(log()).queryByText('unrelated note')).toBeNull();
    const alert = screen
      .getByText(messageTextsExtra.approvalFilterActive, { exact: false })
      .closest('[role="alert"]');
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Close' }));
    expect(onApprovalFilterChange).toHaveBeenCalledWith(null);
  });

  it('narrows the list by the text filter', async () => {
    messages = [
      aMessage({ note: 'Margin looks short' }),
      aMessage({ note: 'Bar screws ordered', author_reference: 'sam' }),
    ];
    renderView();
    await within(log()).findByText('Bar screws ordered');
    // The filter fields come a frame after the timeline.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search' }), { target: { value: 'SAM' } });
    await waitFor(() => expect(within(log()).queryByText('Margin looks short')).toBeNull());
    expect(within(log()).getByText('Bar screws ordered')).toBeTruthy();
  });

  it('opens an e-mail info card on demand, and shows an error answer with an alert icon', async () => {
    communications = [
      aCommunication({ id: 1, created_at: '2025-02-03T04:00:00.000Z' }),
      aCommunication({ id: 2, created_at: '2025-02-03T05:00:00.000Z' }),
    ];
    renderView();
    const [open, openFailing] = await within(log()).findAllByRole('button', { name: 'Show e-mail info' });
    expect(requests.some((request) => request.path.startsWith('/api/v2/communications/'))).toBe(false);
    fireEvent.click(open as HTMLElement);
    expect(await within(log()).findByText('delivered')).toBeTruthy();
    expect(within(log()).getByText('3')).toBeTruthy();
    fireEvent.click(openFailing as HTMLElement);
    const error = await within(log()).findByRole('alert');
    expect(error.textContent).toBe('Unknown e-mail id');
    expect(error.querySelector('svg')).not.toBeNull();
  });

  it('lists the load failure in the app bar through the query meta', async () => {
    requests = stubFetch(() => json({ error: { code: 'internal', message: 'boom' } }, 500));
    const { queryClient } = renderView({ collection: aCollection() });
    await waitFor(() =>
      expect(queryClient.getQueryState(messagesQueryKey(collectionUid, clientUid))?.status).toBe('error'),
    );
    const metas = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'error')
      .map((query) => query.meta?.['loadError']);
    expect(metas).toEqual(
      expect.arrayContaining([messageLoadErrors.messages, messageLoadErrors.communications]),
    );
    expect(await within(log()).findByText(messageLoadErrors.messages)).toBeTruthy();
  });
});
