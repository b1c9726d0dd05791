import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import type { Collection } from '@lab/domain';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { aCollection, anApproval, aQueryClient, caseA, caseB } from '../testing/approval-fixture';
import { ApprovalsView } from './approvals-view';
import { CaseApprovalTab } from './case-approval-tab';

const callbacks = () => ({
  onOpenCase: vi.fn(),
  onMessage: vi.fn(),
  onViewFile: vi.fn(),
  onShowMessages: vi.fn(),
});
const currentUser = { username: 'designer', name: 'Dana Whitfield' };

const older = anApproval({
  uid: '10000000-0000-4000-8000-000000000001',
  created_at: '2025-02-01T01:00:00Z',
  approval_type: 'DESIGN_APPROVAL',
});
const newer = anApproval({
  uid: '10000000-0000-4000-8000-000000000002',
  created_at: '2025-02-05T01:00:00Z',
  approval_type: 'TRY_IN_APPROVAL',
  case_uid: caseB.uid,
});

const renderWith = (collection: Collection, ui: ReactElement) =>
  renderWithQueries(ui, aQueryClient(collection));

const renderView = (collection: Collection) =>
  renderWith(
    collection,
    <ApprovalsView collection={collection} currentUser={currentUser} {...callbacks()} />,
  );

const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('ApprovalsView', () => {
  beforeEach(() => {
    stubFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says 'No approval requests have been submitted yet...' without approvals", () => {
    const collection = aCollection();
    renderView(collection);
    expect(screen.getByText('No approval requests have been submitted yet...')).toBeTruthy();
  });

  it('lists every approval of the collection, newest first', () => {
    const collection = aCollection({ approvals: [older, newer] });
    renderView(collection);
    expect(cardTitles()).toEqual(['Try-In Approval', 'Design Approval']);
  });

  it('New Approval Request asks for the case component', async () => {
    const collection = aCollection();
    renderView(collection);
    fireEvent.click(screen.getByRole('button', { name: 'New Approval Request' }));
    expect(await screen.findByRole('combobox', { name: /Case Component/ })).toBeTruthy();
  });
});

describe('CaseApprovalTab', () => {
  beforeEach(() => {
    stubFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows only the case's approvals, the portal link given by the page, and a request for this case", async () => {
    const collection = aCollection({ approvals: [older, newer] });
    renderWith(
      collection,
      <CaseApprovalTab
        collection={collection}
        caseItem={caseA}
        currentUser={currentUser}
        portalLink={<div>Portal link card</div>}
        {...callbacks()}
      />,
    );
    expect(cardTitles()).toEqual(['Design Approval']);
    expect(screen.getByText('Portal link card')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New Approval Request' }));
    expect(await screen.findByText('Case component: 120034-01 · Custom Abutment')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Case Component/ })).toBeNull();
  });
});
