import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalMessages, type Collection, type CollectionApproval } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { aCollection, anApproval, aQueryClient, caseA } from '../testing/approval-fixture';
import { ApprovalCard } from './approval-card';

const renderCard = (
  approval: CollectionApproval,
  username: string | null = 'designer',
  renderAnswerFiles?: (approval: CollectionApproval) => ReactNode,
) => {
  const currentUser = username === null ? null : { username, name: 'Dana Whitfield' };
  const collection = aCollection({ approvals: [approval] });
  const queryClient = aQueryClient(collection);
  const callbacks = { onOpenCase: vi.fn(), onMessage: vi.fn(), onViewFile: vi.fn(), onShowMessages: vi.fn() };
  renderWithQueries(
    <ApprovalCard
      approval={approval}
      collectionUid={collection.uid}
      typeName="Design Approval"
      caseItem={caseA}
      currentUser={currentUser}
      {...callbacks}
      {...(renderAnswerFiles ? { renderAnswerFiles } : {})}
    />,
    queryClient,
  );
  return { ...callbacks, queryClient, collection };
};

const openActions = ['Message', 'Approve', 'Cancel', 'Attach Files', 'Delete design-preview.html'];
const shownActions = () => openActions.filter((name) => screen.queryByRole('button', { name }) !== null);

describe('ApprovalCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a pending approval shows its type, case and status, and offers every action', () => {
    renderCard(anApproval());
    expect(screen.getByRole('heading', { name: 'Design Approval' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '120034-01 · Custom Abutment' })).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(shownActions()).toEqual(openActions);
  });

  it('a pending approval past its due time is Overdue and still open', () => {
    renderCard(anApproval({ approval_due_at: '2020-01-01T00:00:00Z' }));
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(shownActions()).toEqual(openActions);
  });

  it.each([
    ['Approved', { approved_at: '2025-02-04T01:00:00Z', approved_by: 'someone' }],
    ['Cancelled', { cancelled_at: '2025-02-04T01:00:00Z', cancelled_by: 'someone' }],
    ['Changes Requested', { changes_requested_at: '2025-02-04T01:00:00Z', changes: 'Thicker margin' }],
  ] as const)('%s: offers no Message, Approve, Cancel or file changes', (status, stamps) => {
    renderCard(anApproval(stamps));
    expect(screen.getAllByText(status).length).toBeGreaterThan(0);
    expect(shownActions()).toEqual([]);
    // The files and the approval's messages can still be viewed.
    expect(screen.getByRole('button', { name: 'design-preview.html' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Messages' })).toBeTruthy();
  });

  it('opens the messages of any approval, closed ones included', () => {
    const approval = anApproval({ cancelled_at: '2025-02-04T01:00:00Z', cancelled_by: 'someone' });
    const { onShowMessages } = renderCard(approval);
    fireEvent.click(screen.getByRole('button', { name: 'View Messages' }));
    expect(onShowMessages).toHaveBeenCalledWith(approval);
  });

  it("shows 'You' for the signed-in user's stamps written with their full name", () => {
    renderCard(
      anApproval({ approved_at: '2025-02-04T01:00:00Z', approved_by: 'Dana Whitfield' }),
      'designer',
    );
    expect(screen.getByText(/^Approved:/).closest('p')?.textContent).toMatch(/by You$/);
  });

  it("shows the signed-in user's stamps as 'You' and anyone else's by name", () => {
    renderCard(
      anApproval({ created_by: 'Designer', approved_at: '2025-02-04T01:00:00Z', approved_by: 'admin' }),
      'designer',
    );
    expect(screen.getByText(/^Created:/).closest('p')?.textContent).toMatch(/by You$/);
    expect(screen.getByText(/^Approved:/).closest('p')?.textContent).toMatch(/by admin$/);
  });

  it("shows the client's requested changes", () => {
    renderCard(
      anApproval({ changes_requested_at: '2025-02-04T01:00:00Z', changes: 'Thicker margin please' }),
    );
    expect(screen.getByText('Thicker margin please')).toBeTruthy();
  });

  it("says 'Approved with changes' where the client approved with changes, as the portal does", () => {
    renderCard(
      anApproval({
        approved_at: '2025-02-04T01:00:00Z',
        approved_by: 'Bayside Dental',
        changes: 'Slightly shorter distal cantilever',
      }),
    );
    const header = screen.getByRole('heading', { name: 'Design Approval' }).closest('.MuiCardHeader-root');
    expect(within(header as HTMLElement).getByText('Approved with changes')).toBeTruthy();
    expect(screen.queryByText('Approved', { exact: true })).toBeNull();
    const timeline = screen.getByRole('list', { name: 'Approval timeline' });
    expect(within(timeline).getByText(/^Approved with changes ·/)).toBeTruthy();
    expect(screen.getByText('Changes to the approved design')).toBeTruthy();
    expect(screen.getByText('Slightly shorter distal cantilever')).toBeTruthy();
  });

  it('a plain approval still says Approved', () => {
    renderCard(anApproval({ approved_at: '2025-02-04T01:00:00Z', approved_by: 'admin' }));
    expect(screen.queryByText('Approved with changes')).toBeNull();
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
  });

  it("shows the photo the client sent with a change request under the client's changes", () => {
    const approval = anApproval({
      changes_requested_at: '2025-02-04T01:00:00Z',
      changes: 'See the photo: the margin is short',
    });
    const renderAnswerFiles = vi.fn(() => <img alt="margin.jpg" src="blob:margin" />);
    renderCard(approval, 'designer', renderAnswerFiles);
    expect(renderAnswerFiles).toHaveBeenCalledWith(approval);
    const files = screen.getByRole('group', { name: 'Files sent with the answer' });
    expect(within(files).getByRole('img', { name: 'margin.jpg' })).toBeTruthy();
    // In the changes box, under the client's words.
    const box = files.closest('.MuiAlert-root') as HTMLElement;
    expect(within(box).getByText('Requested changes')).toBeTruthy();
    expect(within(box).getByText('See the photo: the margin is short')).toBeTruthy();
  });

  it('shows no files box when the answer came without files', () => {
    renderCard(
      anApproval({ changes_requested_at: '2025-02-04T01:00:00Z', changes: 'Thicker margin' }),
      'designer',
      () => null,
    );
    expect(screen.queryByRole('group', { name: 'Files sent with the answer' })).toBeNull();
  });

  it("shows the reminder frequency and offers 'Cancel reminders' only while reminders are active", () => {
    renderCard(anApproval());
    expect(screen.getByText('Reminders: Every 2 days')).toBeTruthy();
    expect(screen.getByText(/^Next reminder due:/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel reminders' })).toBeTruthy();
    cleanup();

    renderCard(anApproval({ next_reminder_due: null }));
    expect(screen.getByText('Reminders: Every 2 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel reminders' })).toBeNull();
    cleanup();

    renderCard(anApproval({ send_reminders: false, reminder_interval_seconds: 3600 }));
    expect(screen.getByText('Reminders: Off')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel reminders' })).toBeNull();
    cleanup();

    // Reminders end with the request.
    renderCard(anApproval({ approved_at: '2025-02-04T01:00:00Z', approved_by: 'admin' }));
    expect(screen.queryByRole('button', { name: 'Cancel reminders' })).toBeNull();
    expect(screen.queryByText(/^Next reminder due:/)).toBeNull();
  });

  it('keeps the timeline panel at most 500 px high', () => {
    renderCard(anApproval());
    const timeline = screen.getByRole('list', { name: 'Approval timeline' });
    expect(getComputedStyle(timeline).maxHeight).toBe('500px');
    expect(within(timeline).getByText(/^Requested/)).toBeTruthy();
  });

  it('approves after the confirmation and puts the answer into the collection', async () => {
    const approved = anApproval({ approved_at: '2025-02-04T01:00:00Z', approved_by: 'designer' });
    const calls = stubFetch((call) => (call.method === 'PATCH' ? json(approved) : undefined));
    const { queryClient, collection } = renderCard(anApproval());

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(approvalMessages.approveConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(
        queryClient.getQueryData<Collection>(['collection', collection.uid])?.approvals[0]?.approved_at,
      ).toBe('2025-02-04T01:00:00Z'),
    );
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/api/v2/approval/${approved.uid}/`,
      body: { action: 'approve' },
    });
    expect(queryClient.getQueryState(['collection', collection.uid])?.isInvalidated).toBe(true);
  });

  it('asks before cancelling the request, cancelling reminders and deleting a file', async () => {
    const calls = stubFetch((call) => (call.method === 'GET' ? undefined : json(anApproval())));
    renderCard(anApproval());

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(approvalMessages.cancelConfirm)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel reminders' }));
    expect(await screen.findByText(approvalMessages.cancelRemindersConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'PATCH' && JSON.stringify(call.body).includes('cancel_reminders'),
        ),
      ).toBe(true),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete design-preview.html' }));
    expect(await screen.findByText(approvalMessages.deleteFileConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.path === '/api/v2/approval/file/77/'),
      ).toBe(true),
    );
  });

  it('attaches chosen files to the approval', async () => {
    const calls = stubFetch((call) => (call.method === 'POST' ? json(anApproval()) : undefined));
    renderCard(anApproval());
    const file = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Attach approval files'), { target: { files: [file] } });
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/v2/approval/10000000-0000-4000-8000-000000000001/attach/');
    expect(((post?.body as FormData).getAll('files')[0] as File).name).toBe('photo.jpg');
  });

  it('hands the case, the messages and the files to the page', () => {
    const approval = anApproval();
    const { onOpenCase, onMessage, onViewFile } = renderCard(approval);
    fireEvent.click(screen.getByRole('button', { name: '120034-01 · Custom Abutment' }));
    expect(onOpenCase).toHaveBeenCalledWith(caseA.uid);
    fireEvent.click(screen.getByRole('button', { name: 'Message' }));
    expect(onMessage).toHaveBeenCalledWith(approval);
    fireEvent.click(screen.getByRole('button', { name: 'design-preview.html' }));
    expect(onViewFile).toHaveBeenCalledWith(approval, approval.approval_files[0]);
  });
});
