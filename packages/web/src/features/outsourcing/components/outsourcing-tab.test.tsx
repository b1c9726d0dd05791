import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { outsourceMessages, type CollectionCase } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import {
  aCase,
  aCollection,
  anOutsource,
  aQueryClient,
  aRequest,
  casePath,
} from '../testing/outsourcing-fixture';
import { OutsourcingTab } from './outsourcing-tab';

const renderTab = (caseItem: CollectionCase) => {
  const collection = aCollection(caseItem);
  renderWithQueries(<OutsourcingTab collection={collection} caseItem={caseItem} />, aQueryClient(collection));
};

const answerCase = (caseItem: CollectionCase) => (call: ApiCall) =>
  call.path === casePath ? json(caseItem) : undefined;

const casePosts = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === casePath).map((call) => call.body);

const jobCard = (partner: string) => screen.getByRole('region', { name: `Outsource job: ${partner}` });

describe('OutsourcingTab', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('shows each started job with its status chip and colour, per outsourceJobStatus', () => {
    stubFetch();
    const jobs = [
      anOutsource({ id: 1, partner: 'Lab A', end: '2025-02-06T01:00:00Z' }),
      anOutsource({ id: 2, partner: 'Lab B', marked_as_completed: '2025-02-05T01:00:00Z' }),
      anOutsource({ id: 3, partner: 'Lab C', overdue_reminder: '2025-02-05T07:00:00Z' }),
      anOutsource({ id: 4, partner: 'Lab D', partner_status: 'IN_PROGRESS' }),
      anOutsource({ id: 5, partner: 'Lab E' }),
    ];
    renderTab(aCase({ outsources: jobs }));
    const expected: [partner: string, status: string, colour: string][] = [
      ['Lab A', 'Complete', 'Success'],
      ['Lab B', 'Review', 'Info'],
      ['Lab C', 'Overdue', 'Error'],
      ['Lab D', 'In Progress', 'Primary'],
      ['Lab E', 'Not Started', 'Default'],
    ];
    for (const [partner, status, colour] of expected) {
      const chip = within(jobCard(partner)).getByText(status).closest('.MuiChip-root');
      expect(chip?.className).toContain(`MuiChip-color${colour}`);
    }
    // An ended job can no longer be ended or messaged.
    expect(within(jobCard('Lab A')).queryByRole('button', { name: 'End' })).toBeNull();
    expect(within(jobCard('Lab A')).queryByLabelText('Message partner')).toBeNull();
    expect(within(jobCard('Lab E')).getByRole('button', { name: 'End' })).toBeTruthy();
  });

  it("gives the partner's share link as a full address, with Open", () => {
    stubFetch();
    renderTab(aCase({ outsources: [anOutsource({ partner: 'Lab A', outsource_key: 'k/1' })] }));
    const link = `${window.location.origin}/static/v2/partner.html?key=k%2F1`;
    expect(within(jobCard('Lab A')).getByText(link)).toBeTruthy();
    expect(within(jobCard('Lab A')).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(link);
  });

  it('shows a planned job as Pending with Start and End, and a cancelled one without them', () => {
    stubFetch();
    renderTab(
      aCase({
        outsources: [
          anOutsource({ id: 1, partner: 'Lab A', start: null, outsource_key: null }),
          anOutsource({ id: 2, partner: 'Lab B', start: null, end: '2025-02-04T00:00:00Z' }),
        ],
      }),
    );
    const pending = screen.getByRole('region', { name: 'Planned outsource job: Lab A' });
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'End' })).toBeTruthy();
    const canceled = screen.getByRole('region', { name: 'Planned outsource job: Lab B' });
    expect(within(canceled).getByText('Canceled')).toBeTruthy();
    expect(within(canceled).queryByRole('button')).toBeNull();
  });

  it('starts a planned job through New Outsource Job, filled with its plan', async () => {
    stubFetch();
    renderTab(
      aCase({
        outsources: [anOutsource({ partner: 'Precision Milling', start: null, note: 'Planned by rule' })],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Outsource Job' });
    expect((within(dialog).getByLabelText(/Note/) as HTMLTextAreaElement).value).toBe('Planned by rule');
    expect(within(dialog).queryByRole('button', { name: 'Plan' })).toBeNull();
  });

  it("ends a job after 'Are you sure?'", async () => {
    const calls = stubFetch(answerCase(aCase()));
    renderTab(aCase({ outsources: [anOutsource({ id: 71, partner: 'Lab A' })] }));
    fireEvent.click(within(jobCard('Lab A')).getByRole('button', { name: 'End' }));
    const confirm = await screen.findByRole('dialog', { name: 'End Outsource Job' });
    expect(within(confirm).getByText(outsourceMessages.endConfirm)).toBeTruthy();
    expect(casePosts(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(casePosts(calls)).toEqual([{ action: 'end_outsource', outsource_id: 71 }]));
  });

  it("refuses a blank message to the partner ('Cannot be blank'), then sends one", async () => {
    const calls = stubFetch(answerCase(aCase()));
    renderTab(aCase({ outsources: [anOutsource({ id: 71, partner: 'Lab A' })] }));
    const card = jobCard('Lab A');
    fireEvent.change(within(card).getByLabelText('Message partner'), { target: { value: '   ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText(outsourceMessages.blank)).toBeTruthy();
    expect(casePosts(calls)).toEqual([]);

    fireEvent.change(within(card).getByLabelText('Message partner'), { target: { value: 'Any update?' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(casePosts(calls)).toEqual([
        { action: 'send_outsource_message', outsource_id: 71, message: 'Any update?' },
      ]),
    );
    expect(await within(card).findByText('Message sent')).toBeTruthy();
  });

  it('shows the integrated requests: state chip, last error with its tries, Redo badge and Request Redo', () => {
    stubFetch();
    renderTab(
      aCase({
        outsources: [
          anOutsource({
            partner: 'Evident Design',
            adapter_type: 'EVIDENT',
            integrated_outsource_requests: [
              aRequest({ id: 1, error: 'Partner unreachable', retry_count: 3 }),
              aRequest({
                id: 2,
                sent_at: '2025-02-03T02:00:00Z',
                partner_reference: 'EV-778',
                response: { status: 'COMPLETED' },
                completed_at: '2025-02-04T02:00:00Z',
              }),
              aRequest({
                id: 3,
                sent_at: '2025-02-03T02:00:00Z',
                completed_at: '2025-02-04T02:00:00Z',
                redo_requested_at: '2025-02-05T02:00:00Z',
              }),
            ],
          }),
        ],
      }),
    );
    const card = jobCard('Evident Design');
    expect(within(card).getByText('Error').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorError',
    );
    expect(within(card).getByText('Partner unreachable (try 3 of 10)')).toBeTruthy();
    expect(within(card).getAllByText('Sent')[0]?.closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorSuccess',
    );
    expect(within(card).getByText(/EV-778/)).toBeTruthy();
    expect(within(card).getByText(/COMPLETED/)).toBeTruthy();
    expect(within(card).getAllByText('Redo')).toHaveLength(1);
    const redoButtons = within(card).getAllByRole('button', { name: 'Request Redo' }) as HTMLButtonElement[];
    // Not completed; completed; completed but a redo is pending.
    expect(redoButtons.map((button) => button.disabled)).toEqual([true, false, true]);
  });

  it('queues the Auto Upload and then shows its success state', async () => {
    const calls = stubFetch(answerCase(aCase()));
    renderTab(aCase());
    fireEvent.click(screen.getByRole('button', { name: 'Auto Upload' }));
    const queued = await screen.findByRole('button', { name: 'Upload Queued' });
    expect(queued.className).toContain('MuiButton-colorSuccess');
    expect(casePosts(calls)).toEqual([{ action: 'auto_outsource_upload' }]);
  });

  it('lists the shared and received files with partner and date', () => {
    stubFetch();
    const file = {
      id: 5,
      filename: 'design.stl',
      added: '2025-02-04T02:00:00Z',
      file_category: 'outsource_received_file' as const,
      partner: 'Lab A',
      blurred: false,
    };
    renderTab(aCase({ outsource_received_files: [file] }));
    const received = screen.getByRole('region', { name: 'Received Files' });
    expect(within(received).getByText('design.stl')).toBeTruthy();
    expect(within(received).getByText(/Lab A/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Shared Files' })).getByText('No files')).toBeTruthy();
  });
});
