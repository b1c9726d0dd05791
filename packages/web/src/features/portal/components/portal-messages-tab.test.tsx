import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalTexts, type PortalCollection, type PortalMessage } from '@lab/domain';
import { readThrottleMs } from '../../../lib/read-queue';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { stubIntersectionObserver, type IntersectionStub } from '../../../testing/intersection-observer-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { usePortalCollection } from '../api/get-portal-collection';
import {
  aPortalCollection,
  aPortalMessage,
  collectionPath,
  collectionUid,
  portalKey,
} from '../testing/portal-fixture';
import { PortalMessagesTab } from './portal-messages-tab';

// The Messages tab through its real calls: the collection GET, the message POST and the read PATCHes.

const messagePath = `/api/v2/customer/${portalKey}/message/`;

let viewport: IntersectionStub;

let collection: PortalCollection;
let calls: ApiCall[];

const Tab = ({ isReadOnly = false }: { isReadOnly?: boolean }) => {
  const { data } = usePortalCollection(portalKey);
  if (!data) return null;
  return (
    <PortalMessagesTab
      collection={data}
      portalKey={portalKey}
      isReadOnly={isReadOnly}
      renderFiles={(files) => <span>{files.map((file) => file.fileName).join(', ')}</span>}
    />
  );
};

const bubble = (message: PortalMessage) =>
  document.querySelector(`[data-message-uid="${message.uid}"]`) as Element;
const callsOf = (method: string) => calls.filter((call) => call.method === method);

beforeEach(() => {
  window.scrollTo = vi.fn();
  viewport = stubIntersectionObserver();
  collection = aPortalCollection();
  calls = stubFetch((call) => {
    if (call.path === collectionPath) return json(collection);
    if (call.path === messagePath) {
      const sent = aPortalMessage({
        direction: 'INBOUND',
        author_reference: 'Bayside Dental',
        note: 'Thanks!',
      });
      collection = { ...collection, messages: [...collection.messages, sent] };
      return json(sent);
    }
    const read = /\/message\/([^/]+)\/$/.exec(call.path);
    const message = collection.messages.find((item) => item.uid === read?.[1]);
    return message ? json({ ...message, message_seen: true }) : undefined;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalMessagesTab', () => {
  it("says 'No Messages' when there is none", async () => {
    renderWithQueries(<Tab />);
    expect(await screen.findByText(portalTexts.noMessages)).toBeTruthy();
  });

  it('lists the conversation by time, the client on the left and the lab on the right', async () => {
    collection = aPortalCollection({
      messages: [
        aPortalMessage({ note: 'Second, from the lab', created_at: '2030-03-01T05:00:00.000Z' }),
        aPortalMessage({
          note: 'First, from the client',
          direction: 'INBOUND',
          author_reference: 'Bayside Dental',
          created_at: '2030-03-01T04:00:00.000Z',
          attachments: [{ uid: '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000999', file_name: 'bite.jpg' }],
        }),
      ],
    });
    renderWithQueries(<Tab />);
    await screen.findByText('Second, from the lab');
    const bubbles = [...document.querySelectorAll('[data-message-uid]')];
    expect(
      bubbles.map((element) => [element.getAttribute('data-direction'), element.getAttribute('aria-label')]),
    ).toEqual([
      ['INBOUND', 'Message from Bayside Dental'],
      ['OUTBOUND', 'Message from dana'],
    ]);
    expect(screen.getByText('bite.jpg')).toBeTruthy();
  });

  it('does not send an empty note, not even with attachments; sends a note and clears the form', async () => {
    renderWithQueries(<Tab />);
    const note = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Attach files'), {
      target: { files: [new File(['x'], 'scan.stl')] },
    });
    fireEvent.change(note, { target: { value: '   ' } });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.click(send);
    expect(callsOf('POST')).toEqual([]);

    fireEvent.change(note, { target: { value: ' Thanks! ' } });
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    await waitFor(() => expect(callsOf('POST')).toHaveLength(1));
    const form = callsOf('POST')[0]?.body as FormData;
    expect(
      [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]),
    ).toEqual([
      ['note', 'Thanks!'],
      ['case_collection_uid', collectionUid],
      ['attachments', 'scan.stl'],
    ]);
    expect(await screen.findByText('Thanks!')).toBeTruthy();
    await waitFor(() => expect((note as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByText('scan.stl')).toBeNull();
    // The collection reloaded after the post.
    await waitFor(() => expect(callsOf('GET').length).toBeGreaterThanOrEqual(2));
  });

  it("marks the lab's unseen messages read once visible, at most one batch every 2 s", async () => {
    const seen = aPortalMessage({ note: 'old news' });
    const own = aPortalMessage({ note: 'mine', direction: 'INBOUND', message_seen: false });
    const first = aPortalMessage({ note: 'first unseen', message_seen: false });
    const second = aPortalMessage({ note: 'second unseen', message_seen: false });
    collection = aPortalCollection({ messages: [seen, own, first, second] });
    renderWithQueries(<Tab />);
    await screen.findByText('second unseen');
    expect(viewport.observed.has(bubble(seen))).toBe(false);
    expect(viewport.observed.has(bubble(own))).toBe(false);

    act(() => viewport.intersect([bubble(first)]));
    await waitFor(() => expect(callsOf('PATCH')).toHaveLength(1));
    act(() => viewport.intersect([bubble(second), bubble(first)]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsOf('PATCH')).toHaveLength(1);
    await waitFor(() => expect(callsOf('PATCH')).toHaveLength(2), { timeout: readThrottleMs + 1000 });
    expect(callsOf('PATCH').map((call) => [call.path, call.body])).toEqual([
      [`/api/v2/customer/${portalKey}/message/${first.uid}/`, { action: 'read' }],
      [`/api/v2/customer/${portalKey}/message/${second.uid}/`, { action: 'read' }],
    ]);
  });

  it('read-only: no receipts and no compose footer', async () => {
    const unseen = aPortalMessage({ note: 'unseen', message_seen: false });
    collection = aPortalCollection({ messages: [unseen] });
    renderWithQueries(<Tab isReadOnly />);
    await screen.findByText('unseen');
    expect(viewport.observed.size).toBe(0);
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});
