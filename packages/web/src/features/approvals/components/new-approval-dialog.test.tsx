import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalMessages, type Collection, type CollectionCase } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { toLabTimeInput } from '../../../lib/lab-time-input';
import { aCollection, anApproval, aQueryClient, caseA } from '../testing/approval-fixture';
import { NewApprovalDialog } from './new-approval-dialog';

const renderDialog = (options: { caseItem?: CollectionCase; collection?: Collection } = {}) => {
  const collection = options.collection ?? aCollection();
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const queryClient = aQueryClient(collection);
  renderWithQueries(
    <NewApprovalDialog
      isOpen
      collection={collection}
      caseItem={options.caseItem}
      onClose={onClose}
      onCreated={onCreated}
    />,
    queryClient,
  );
  return { onClose, onCreated, queryClient };
};

const dueInput = () => screen.getByLabelText(/Approval Due/) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

const choose = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

const approvalPosts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/v2/approvals/');

describe('NewApprovalDialog', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("asks for a type and a case ('Must be selected') when opened from the collection, and sends nothing", async () => {
    const calls = stubFetch();
    renderDialog();
    submit();
    expect(await screen.findAllByText(approvalMessages.mustBeSelected)).toHaveLength(2);
    expect(approvalPosts(calls)).toHaveLength(0);
  });

  it('opened from a case: no case selector, only the type must be selected', async () => {
    stubFetch();
    renderDialog({ caseItem: caseA });
    expect(screen.queryByRole('combobox', { name: /Case Component/ })).toBeNull();
    expect(screen.getByText('Case component: 120034-01 · Custom Abutment')).toBeTruthy();
    submit();
    expect(await screen.findAllByText(approvalMessages.mustBeSelected)).toHaveLength(1);
  });

  it("checks the due time: 'Must be provided', then 'Should be at least 30 minutes from now'", async () => {
    const calls = stubFetch();
    renderDialog({ caseItem: caseA });
    await choose(/Approval Type/, 'Design Approval');

    fireEvent.change(dueInput(), { target: { value: '' } });
    submit();
    expect(await screen.findByText(approvalMessages.mustBeProvided)).toBeTruthy();

    fireEvent.change(dueInput(), { target: { value: toLabTimeInput(new Date(Date.now() + 10 * 60_000)) } });
    submit();
    expect(await screen.findByText(approvalMessages.tooSoon)).toBeTruthy();
    expect(screen.queryByText(approvalMessages.mustBeProvided)).toBeNull();
    expect(approvalPosts(calls)).toHaveLength(0);
  });

  it('defaults the due time to the standard one of the chosen type: 1 day, or 7 days for a try-in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-03T00:00:00Z'));
    stubFetch();
    renderDialog({ caseItem: caseA });
    // Melbourne is UTC+11 in March 2025.
    expect(dueInput().value).toBe('2025-03-04T11:00');
    await choose(/Approval Type/, 'Try-In Approval');
    expect(dueInput().value).toBe('2025-03-10T11:00');
    await choose(/Approval Type/, 'Design Approval');
    expect(dueInput().value).toBe('2025-03-04T11:00');
  });

  it('asks about the empty message, then about the missing files, then sends the request', async () => {
    const created = anApproval();
    const calls = stubFetch((call) => (call.path === '/api/v2/approvals/' ? json(created) : undefined));
    const { onClose, onCreated } = renderDialog();
    await choose(/Approval Type/, 'Try-In Approval');
    await choose(/Case Component/, '120034-02 · Screw Retained Bridge');
    const due = dueInput().value;
    submit();

    const first = await screen.findByRole('dialog', { name: 'Please Confirm' });
    expect(within(first).getByText(approvalMessages.emptyMessageConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(approvalMessages.noFilesConfirm)).toBeTruthy();
    expect(approvalPosts(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(onClose).toHaveBeenCalled();
    const [post] = approvalPosts(calls);
    const form = post?.body as FormData;
    expect(form.get('approval_type')).toBe('TRY_IN_APPROVAL');
    expect(form.get('case_uid')).toBe('00000000-0000-4000-8000-00000000000b');
    expect(toLabTimeInput(new Date(String(form.get('approval_due_at'))))).toBe(due);
    expect(form.get('send_reminders')).toBe('true');
    expect(form.get('message')).toBe('');
    expect(form.getAll('files')).toEqual([]);
  });

  it('stops when a confirmation is cancelled', async () => {
    const calls = stubFetch();
    const { onClose } = renderDialog({ caseItem: caseA });
    await choose(/Approval Type/, 'Design Approval');
    submit();
    await screen.findByText(approvalMessages.emptyMessageConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(approvalMessages.emptyMessageConfirm)).toBeNull());
    expect(approvalPosts(calls)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends message and files without asking, and shows the server’s field errors inline', async () => {
    const calls = stubFetch((call) =>
      call.path === '/api/v2/approvals/'
        ? json(
            {
              error: {
                code: 'validation_failed',
                message: 'Validation failed',
                fields: { approval_due_at: 'Should be at least 30 minutes from now' },
              },
            },
            400,
          )
        : undefined,
    );
    const { onClose } = renderDialog({ caseItem: caseA });
    await choose(/Approval Type/, 'Design Approval');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Please check the margins' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Send Reminders' }));
    const file = new File(['<html></html>'], 'design.html', { type: 'text/html' });
    fireEvent.change(screen.getByLabelText('Approval files'), { target: { files: [file] } });
    expect(screen.getByText('design.html')).toBeTruthy();
    submit();

    expect(await screen.findByText('Should be at least 30 minutes from now')).toBeTruthy();
    expect(screen.getByText('Validation failed')).toBeTruthy();
    expect(screen.queryByText(approvalMessages.emptyMessageConfirm)).toBeNull();
    expect(screen.queryByText(approvalMessages.noFilesConfirm)).toBeNull();
    const form = approvalPosts(calls)[0]?.body as FormData;
    expect(form.get('message')).toBe('Please check the margins');
    expect(form.get('send_reminders')).toBe('false');
    expect((form.getAll('files')[0] as File).name).toBe('design.html');
    expect(onClose).not.toHaveBeenCalled();
  });
});
