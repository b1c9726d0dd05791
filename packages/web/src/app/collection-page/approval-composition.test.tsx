import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import type { Me } from '@lab/domain';
import { fileResponse, json, stubFetch, type ApiCall } from '../../testing/fetch-stub';
import { aMessage } from '../../features/messages/testing/message-fixtures';
import { messagesPath } from '../../lib/collection-paths';
import { aCase, aCollection, anApproval } from '../../testing/records';
import { aTestQueryClient, renderWithQueries } from '../../testing/render-with-queries';
import { CaseApprovalPanel, CollectionApprovalsView } from './approval-composition';

// The approvals feature as the page composes it: the signed-in user, the URL moves, the portal link card
// and the file viewer on the case's one-time file link.

const me = { logged_in: true, username: 'designer' } as Me;
const caseItem = aCase({ uid: '00000000-0000-4000-8000-0000000000c1', case_id: 4711 });
const approval = anApproval({
  case_uid: caseItem.uid,
  // Far ahead: Pending, not Overdue.
  approval_due_at: '2999-01-01T00:00:00Z',
  approval_files: [{ id: 77, filename: 'design.pdf', added: '2025-02-03T01:00:00Z' }],
});
const collection = aCollection({ cases: [caseItem], approvals: [approval], portal_key: 'pk-1' });

let calls: ApiCall[];
const posts = () => calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));

const renderWithClient = (ui: ReactElement) => {
  const queryClient = aTestQueryClient();
  queryClient.setQueryData(['me'], me);
  return renderWithQueries(ui, queryClient);
};

describe('approval composition', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', `/static/v2/collection.html?uid=${collection.uid}&view=approvals`);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = vi.fn();
    calls = stubFetch((call) => {
      if (call.method === 'POST') return json({ url: '/files/download/one-time' });
      if (call.path.startsWith('/files/download/')) return fileResponse('%PDF');
      return undefined;
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('Message opens the messages view filtered to the approval; the case opens in the components view', () => {
    renderWithClient(<CollectionApprovalsView collection={collection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message' }));
    let params = new URLSearchParams(window.location.search);
    expect(params.get('view')).toBe('messages');
    expect(params.get('approval')).toBe(approval.uid);
    expect(params.get('uid')).toBe(collection.uid);

    fireEvent.click(screen.getByRole('button', { name: `${caseItem.case_mkey} · ${caseItem.job_type}` }));
    params = new URLSearchParams(window.location.search);
    expect(params.get('view')).toBe('components');
    expect(params.get('cuid')).toBe(caseItem.uid);
  });

  it('views an approval file through the case’s file_link of type approval_file', async () => {
    renderWithClient(<CollectionApprovalsView collection={collection} />);
    fireEvent.click(screen.getByRole('button', { name: 'design.pdf' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        { path: '/api/v2/case/4711/', body: { action: 'file_link', type: 'approval_file', file_id: 77 } },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'design.pdf' })).toBeTruthy();
  });

  it("shows the client's change-request photo on the approval card, through the attachment's link", async () => {
    const answered = anApproval({
      ...approval,
      changes_requested_at: '2025-02-04T01:00:00Z',
      changes: 'The margin is short, see the photo',
    });
    const withAnswer = aCollection({ cases: [caseItem], approvals: [answered], portal_key: 'pk-1' });
    const photoUid = '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000091';
    const answer = aMessage({
      case_collection_uid: withAnswer.uid,
      approval_uid: answered.uid,
      direction: 'INBOUND',
      visibility: 'CLIENTS',
      message_type: 'APPROVAL_MESSAGE',
      note: answered.changes ?? '',
      attachments: [{ uid: photoUid, file_name: 'margin.jpg', blurred: false }],
    });
    calls = stubFetch((call) => {
      if (call.path === messagesPath(withAnswer.uid, withAnswer.shipping_client.uid)) {
        return json([answer, aMessage({ approval_uid: null })]);
      }
      if (call.path === `/api/v2/messages/attachments/${photoUid}/`) {
        return json({ url: '/files/download/photo-once', file_name: 'margin.jpg' });
      }
      if (call.path.startsWith('/files/download/')) return fileResponse('jpeg bytes', 'image/jpeg');
      return undefined;
    });
    renderWithClient(<CollectionApprovalsView collection={withAnswer} />);
    const files = await screen.findByRole('group', { name: 'Files sent with the answer' });
    const photo = await within(files).findByRole('img', { name: 'margin.jpg' });
    expect(photo.getAttribute('src')).toMatch(/^blob:/);
    expect(calls.map((call) => call.path)).toContain(`/api/v2/messages/attachments/${photoUid}/`);
  });

  it('the Approval tab shows the portal link card', () => {
    renderWithClient(<CaseApprovalPanel collection={collection} caseItem={caseItem} />);
    expect(screen.getByRole('link', { name: /\/static\/v2\/portal\.html\?key=pk-1$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy portal link' })).toBeTruthy();
  });
});
