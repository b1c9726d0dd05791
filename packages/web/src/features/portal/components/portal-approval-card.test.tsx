import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { portalTexts, type PortalApproval, type PortalCollection } from '@lab/domain';
import { json, stubFetch, type Answer } from '../../../testing/fetch-stub';
import { aTestQueryClient, renderWithQueries } from '../../../testing/render-with-queries';
import { portalCollectionQueryKey, usePortalCollection } from '../api/get-portal-collection';
import {
  aPortalApproval,
  aPortalCollection,
  approvalUid,
  collectionPath,
  portalKey,
} from '../testing/portal-fixture';
import { PortalApprovalCard, portalApprovalCardParts } from './portal-approval-card';

// The approval card through its real POST: the answer shows at once, then the collection reloads.

const approvalPath = `/api/v2/customer/${portalKey}/approval/${approvalUid}/`;

const renderCard = (approval: PortalApproval, answer: Answer, isReadOnly = false) => {
  let collection: PortalCollection = aPortalCollection({ approvals: [approval] });
  const calls = stubFetch((call) => {
    if (call.path === collectionPath) return json(collection);
    return answer(call);
  });
  const queryClient = aTestQueryClient();
  queryClient.setQueryData(portalCollectionQueryKey(portalKey), collection);
  const Card = () => {
    const { data: current } = usePortalCollection(portalKey);
    return (
      <PortalApprovalCard
        approval={current?.approvals[0] ?? approval}
        portalKey={portalKey}
        isReadOnly={isReadOnly}
        renderFiles={(files) => <span>{files.map((file) => file.fileName).join(', ')}</span>}
      />
    );
  };
  const utils = renderWithQueries(<Card />, queryClient);
  const setServerCollection = (next: PortalCollection) => (collection = next);
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { ...utils, calls, posts, setServerCollection };
};

const formOf = (body: unknown) =>
  [...(body as FormData).entries()].map(([key, value]) => [
    key,
    typeof value === 'string' ? value : value.name,
  ]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalApprovalCard', () => {
  // The menus and dialogs are lazy chunks: load them once up front, as the page does on idle.
  beforeAll(async () => {
    await Promise.all(portalApprovalCardParts.map((part) => part.prefetch()));
  }, 60_000);

  it('refuses blank details for request changes, client side, and sends nothing', async () => {
    const { posts } = renderCard(aPortalApproval(), () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details' }), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(dialog).findByText(portalTexts.cannotBeBlank)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("shows the server's field message under Details", async () => {
    renderCard(aPortalApproval(), (call) =>
      call.path === approvalPath
        ? json(
            { error: { code: 'validation', message: 'Invalid', fields: { changes: 'Too long for us' } } },
            400,
          )
        : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve with changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve with changes' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details' }), {
      target: { value: 'Shorter' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve with changes' }));
    expect(await within(dialog).findByText('Too long for us')).toBeTruthy();
  });

  it('sends the changes with every attachment and shows Changes Requested at once', async () => {
    const answered = aPortalApproval({
      changes_requested_at: '2030-03-01T03:00:00.000Z',
      changes: 'Thicker margin',
    });
    const { posts, setServerCollection } = renderCard(aPortalApproval(), (call) =>
      call.path === approvalPath ? json(answered) : undefined,
    );
    setServerCollection(aPortalCollection({ approvals: [answered] }));
    fireEvent.click(screen.getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details' }), {
      target: { value: '  Thicker margin ' },
    });
    const photos = [new File(['a'], 'bite.jpg'), new File(['bb'], 'shade.png')];
    fireEvent.change(within(dialog).getByLabelText('Attachments'), { target: { files: photos } });
    expect(within(dialog).getByRole('button', { name: 'Remove shade.png' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts().map((call) => [call.path, formOf(call.body)])).toEqual([
      [
        approvalPath,
        [
          ['action', 'request_changes'],
          ['changes', 'Thicker margin'],
          ['files', 'bite.jpg'],
          ['files', 'shade.png'],
        ],
      ],
    ]);
    expect(screen.getByText('Changes Requested')).toBeTruthy();
    expect(screen.getByText('Thicker margin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('asks before approving, says the warranty is void, and then shows Approved', async () => {
    const approval = aPortalApproval({ voids_warranty: true });
    const approved = { ...approval, approved_at: '2030-03-01T03:00:00.000Z' };
    const { posts, setServerCollection } = renderCard(approval, (call) =>
      call.path === approvalPath ? json(approved) : undefined,
    );
    setServerCollection(aPortalCollection({ approvals: [approved] }));
    // The warning is on the card before the client decides.
    expect(screen.getByText(portalTexts.voidsWarranty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve design' });
    expect(within(dialog).getByText(portalTexts.voidsWarranty)).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('Approved')).toBeTruthy());
    expect(posts().map((call) => formOf(call.body))).toEqual([[['action', 'approve']]]);
    // Once approved, the warning has done its job (the dialog's copy leaves with the dialog).
    await waitFor(() => expect(screen.queryByText(portalTexts.voidsWarranty)).toBeNull());
  });

  it('shows that a request was answered elsewhere (409)', async () => {
    renderCard(aPortalApproval(), (call) =>
      call.path === approvalPath
        ? json({ error: { code: 'conflict', message: portalTexts.approvalNotPending } }, 409)
        : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve design' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(portalTexts.approvalNotPending)).toBeTruthy();
  });

  it('read-only: the request and its files, without answers', () => {
    renderCard(aPortalApproval(), () => undefined, true);
    expect(screen.getByText('design-preview.html')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
