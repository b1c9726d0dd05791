import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalApproval, PortalCollection, PortalMessage } from '@lab/domain';
import { DisplayZoneContext } from '../../../components/display-zone';
import { viewerTimeZone } from '../../../lib/date-format';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import type { PortalFileRef } from '../api/get-portal-file-link';
import {
  aPortalApproval,
  aPortalCase,
  aPortalCollection,
  aPortalMessage,
  approvalUid,
  collectionPath,
  portalKey,
} from '../testing/portal-fixture';
import { PortalApprovalCard } from './portal-approval-card';
import { PortalScreen } from './portal-screen';

// What the client reads on an approval card is true: an answer past its time is overdue (and still
// taken), an approval with changes says so, the photo sent with a change request is on the card, and
// times are the branch's, named where they are not the reader's.

const renderFiles = (files: readonly PortalFileRef[]) => (
  <ul aria-label="Files">
    {files.map((file) => (
      <li key={`${file.type}-${file.id}`} data-type={file.type}>
        {file.fileName}
      </li>
    ))}
  </ul>
);

const renderCard = (
  approval: PortalApproval,
  options: { isReadOnly?: boolean; answers?: PortalMessage[] } = {},
) =>
  renderWithQueries(
    <PortalApprovalCard
      approval={approval}
      portalKey={portalKey}
      isReadOnly={options.isReadOnly ?? false}
      renderFiles={renderFiles}
      answers={options.answers}
    />,
  );

const photoAnswer = aPortalMessage({
  approval_uid: approvalUid,
  direction: 'INBOUND',
  message_type: 'APPROVAL_MESSAGE',
  author_reference: 'Bayside Dental',
  note: 'The margin is short, see the photo',
  attachments: [{ uid: '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000091', file_name: 'margin.jpg' }],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the portal approval card', () => {
  it("asks for an answer by its due time while there is time ('Please answer by …')", () => {
    renderCard(aPortalApproval({ approval_due_at: '2999-01-01T00:00:00.000Z' }));
    expect(screen.getByText('Waiting for your approval')).toBeTruthy();
    expect(screen.getByText(/Please answer by/)).toBeTruthy();
    expect(screen.queryByText('Overdue')).toBeNull();
  });

  it('marks a request overdue once its time has passed, and still takes the answer', () => {
    renderCard(aPortalApproval({ approval_due_at: '2020-01-01T00:00:00.000Z' }));
    const card = screen.getByRole('region', { name: 'Approval request: Design Approval' });
    expect(within(card).getByText('Overdue')).toBeTruthy();
    expect(within(card).queryByText('Waiting for your approval')).toBeNull();
    expect(within(card).queryByText(/Please answer by/)).toBeNull();
    const due = card.querySelector('[data-overdue]');
    expect(due?.textContent).toMatch(/^Answer was due /);
    expect(due?.querySelector('time')?.getAttribute('dateTime')).toBe('2020-01-01T00:00:00.000Z');
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('read-only: an overdue request is marked too, with nothing to click', () => {
    renderCard(aPortalApproval({ approval_due_at: '2020-01-01T00:00:00.000Z' }), { isReadOnly: true });
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.queryByText(/Please answer by/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an answered request is not overdue, whatever its due time', () => {
    renderCard(
      aPortalApproval({
        approval_due_at: '2020-01-01T00:00:00.000Z',
        approved_at: '2019-12-31T00:00:00.000Z',
        changes: 'Slightly shorter',
      }),
    );
    expect(screen.queryByText('Overdue')).toBeNull();
    expect(screen.getAllByText('Approved with changes').length).toBeGreaterThan(0);
    expect(screen.queryByText('Approved', { exact: true })).toBeNull();
  });

  it('shows the photo sent with a change request on the card, under the changes', () => {
    renderCard(
      aPortalApproval({ changes_requested_at: '2030-03-01T03:00:00.000Z', changes: 'The margin is short' }),
      { answers: [photoAnswer] },
    );
    expect(screen.getByText('Your changes')).toBeTruthy();
    expect(screen.getByText('Your photos and files')).toBeTruthy();
    const photo = screen.getByText('margin.jpg');
    expect(photo.getAttribute('data-type')).toBe('message_attachment');
    // The request's own design files are listed as before.
    expect(screen.getByText('design-preview.html').getAttribute('data-type')).toBe('approval_file');
  });

  it('shows no photo box when the answer came without one', () => {
    renderCard(
      aPortalApproval({ changes_requested_at: '2030-03-01T03:00:00.000Z', changes: 'The margin is short' }),
    );
    expect(screen.queryByText('Your photos and files')).toBeNull();
  });

  it("writes times in the lab's locale and the branch's zone, named when it is not the reader's", () => {
    const readerZone = viewerTimeZone();
    const branchZone = readerZone === 'Pacific/Auckland' ? 'Australia/Perth' : 'Pacific/Auckland';
    renderWithQueries(
      <DisplayZoneContext value={{ locale: 'en-AU', timeZone: branchZone }}>
        <PortalApprovalCard
          approval={aPortalApproval({
            created_at: '2030-03-01T01:00:00.000Z',
            approval_due_at: '2999-03-02T01:00:00.000Z',
          })}
          portalKey={portalKey}
          isReadOnly={false}
          renderFiles={renderFiles}
        />
      </DisplayZoneContext>,
    );
    const requested = screen.getAllByRole('time')[0];
    const expected = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: branchZone,
      timeZoneName: 'short',
    }).format(new Date('2030-03-01T01:00:00.000Z'));
    expect(requested?.textContent).toBe(expected);
  });
});

describe('the portal screen', () => {
  const renderPortal = (collection: PortalCollection) => {
    stubFetch((call) => (call.path === collectionPath ? json(collection) : undefined));
    return renderWithQueries(
      <PortalScreen
        portalKey={portalKey}
        requestedBranding={null}
        isReadOnly={false}
        tab="overview"
        onTabChange={vi.fn()}
        renderFiles={renderFiles}
        renderOrderForm={({ title }) => <p>{title}</p>}
      />,
    );
  };

  it("puts the client's photo on the approval card of the overview, from the collection's messages", async () => {
    renderPortal(
      aPortalCollection({
        cases: [aPortalCase({ status: 'Design In Progress' })],
        approvals: [
          aPortalApproval({
            changes_requested_at: '2030-03-01T03:00:00.000Z',
            changes: 'The margin is short',
          }),
        ],
        messages: [photoAnswer],
      }),
    );
    const card = await screen.findByRole('region', { name: 'Approval request: Design Approval' });
    expect(within(card).getByText('margin.jpg')).toBeTruthy();
    expect(within(card).getByText('Changes Requested')).toBeTruthy();
  });

  it("names the branch's zone on every time when the reader is elsewhere", async () => {
    const readerZone = viewerTimeZone();
    const branchZone = readerZone === 'Pacific/Auckland' ? 'Australia/Perth' : 'Pacific/Auckland';
    renderPortal(aPortalCollection({ time_zone: branchZone, approvals: [aPortalApproval()] }));
    const card = await screen.findByRole('region', { name: 'Approval request: Design Approval' });
    const zoneName = new Intl.DateTimeFormat('en-AU', { timeZone: branchZone, timeZoneName: 'short' })
      .formatToParts(new Date('2030-03-01T01:00:00.000Z'))
      .find((part) => part.type === 'timeZoneName')?.value;
    for (const time of within(card).getAllByRole('time')) {
      expect(time.textContent).toContain(zoneName);
    }
  });

  it("names no zone where the branch's clock is the reader's", async () => {
    renderPortal(aPortalCollection({ time_zone: viewerTimeZone(), approvals: [aPortalApproval()] }));
    const card = await screen.findByRole('region', { name: 'Approval request: Design Approval' });
    const plain = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2030-03-01T01:00:00.000Z'));
    expect(within(card).getAllByRole('time')[0]?.textContent).toBe(plain);
  });
});
