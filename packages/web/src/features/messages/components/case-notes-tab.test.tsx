import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { aCase, aCollection, anApproval } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { stubLayout } from '../testing/layout-stub';
import { aMessage, caseNoteTypes, messagesPath } from '../testing/message-fixtures';
import { CaseNotesTab } from './case-notes-tab';
import { scrollDelayMs } from './message-timeline';

const crown = aCase({ case_mkey: '120034-01', job_type: 'Crown' });
const bar = aCase({ case_mkey: '120034-02', job_type: 'Milled Bar' });
const crownApproval = anApproval({ case_uid: crown.uid, created_at: '2025-02-03T03:00:00.000Z' });
const barApproval = anApproval({ case_uid: bar.uid, created_at: '2025-02-03T03:30:00.000Z' });
const collection = aCollection({ cases: [crown, bar], approvals: [crownApproval, barApproval] });

let messages: Message[];
let restoreLayout: () => void;
let scrolls: number[];
const originalScrollTo = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo');

beforeEach(() => {
  restoreLayout = stubLayout();
  scrolls = [];
  // The pane's scrolling, as the virtualiser asks for it.
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (this.getAttribute('role') === 'log' && typeof options === 'object') scrolls.push(options.top ?? 0);
  } as typeof HTMLElement.prototype.scrollTo;
  messages = [];
  stubFetch((request) => {
    if (request.path === messagesPath) return json(messages);
    if (request.path === '/api/v2/messages/types/') return json(caseNoteTypes);
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  restoreLayout();
  if (originalScrollTo) Object.defineProperty(HTMLElement.prototype, 'scrollTo', originalScrollTo);
  else delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  vi.unstubAllGlobals();
});

const renderTab = (approvalFilterUid: string | null = null) =>
  renderWithQueries(
    <CaseNotesTab
      collection={collection}
      caseItem={crown}
      authorReference="dana"
      approvalFilterUid={approvalFilterUid}
      onApprovalFilterChange={vi.fn()}
      renderAttachments={() => null}
      uploadAttachments={() => Promise.resolve([])}
    />,
  );

const log = () => screen.getByRole('log', { name: 'Messages' });

describe('CaseNotesTab', () => {
  it("shows the case's messages and approvals only, with the approval and type filters and no case selector", async () => {
    messages = [
      aMessage({ case_uid: crown.uid, note: 'crown note' }),
      aMessage({ case_uid: bar.uid, note: 'bar note' }),
      aMessage({ case_uid: null, message_type: 'CLIENT_NOTE', note: 'client record note' }),
    ];
    renderTab();
    await within(log()).findByText('crown note');
    expect(within(log()).queryByText('bar note')).toBeNull();
    expect(within(log()).queryByText('client record note')).toBeNull();
    expect(within(log()).getAllByLabelText(/^Approval request/)).toHaveLength(1);

    const filters = screen.getByRole('region', { name: 'Message filters' });
    expect(within(filters).queryByRole('textbox', { name: 'Search' })).toBeNull();
    expect(within(filters).queryByRole('combobox', { name: 'Job Type' })).toBeNull();
    expect(within(filters).getByRole('combobox', { name: 'Message Type' })).toBeTruthy();
    fireEvent.mouseDown(within(filters).getByRole('combobox', { name: 'Approval' }));
    // Only this case's approval requests (plus All).
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
    expect(screen.queryByRole('combobox', { name: 'Case' })).toBeNull();
  });

  it('scrolls to the bottom on load, and again 300 ms after a filter change', async () => {
    messages = Array.from({ length: 40 }, (_, index) =>
      aMessage({
        case_uid: crown.uid,
        note: `note ${index}`,
        created_at: new Date(Date.UTC(2025, 1, 3, 0, index)).toISOString(),
      }),
    );
    renderTab();
    // 40 rows of 80 px in a 600 px pane (4,000 px of content as laid out): the end is 3,400 px down.
    await waitFor(() => expect(Math.max(0, ...scrolls)).toBe(3400));

    // The user scrolls back up to the top (jsdom's scrollTop stays 0).
    fireEvent.scroll(log());
    await new Promise((resolve) => setTimeout(resolve, 200));
    scrolls = [];
    const filters = screen.getByRole('region', { name: 'Message filters' });
    fireEvent.mouseDown(within(filters).getByRole('combobox', { name: 'Message Type' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Case Note' }));
    await new Promise((resolve) => setTimeout(resolve, scrollDelayMs - 150));
    expect(scrolls).toEqual([]);
    await waitFor(() => expect(Math.max(0, ...scrolls)).toBe(3400), { timeout: 1000 });
  });
});
