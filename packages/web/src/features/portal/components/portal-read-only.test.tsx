import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalTexts } from '@lab/domain';
import {
  aPortalApproval,
  aPortalCollection,
  aPortalMessage,
  collectionPath,
} from '../testing/portal-fixture';
import { renderPortalScreen } from '../testing/render-portal-screen';
import { portalApprovalTexts } from './portal-approval-card';

// `?readonly=1`: a link to look at the case, never to act on it. Whatever waits for the client, the
// page asks nothing: no banner, no answers, no composer, no mark on a tab, no read receipts.

// An approval whose case is not listed still shows (the overview never hides one): it asks nothing either.
const strayUid = '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000091';
const unlistedCaseUid = '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000092';

const waitingCollection = () =>
  aPortalCollection({
    approvals: [aPortalApproval(), aPortalApproval({ uid: strayUid, case_uid: unlistedCaseUid })],
    messages: [aPortalMessage({ message_seen: false })],
  });

/** The buttons a reader may press without acting: the numbering toggle and the tabs. */
const lookingOnly = new Set(['FDI', 'Pal.', 'Uni.']);

const callsToAction = () =>
  screen
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((name) => !lookingOnly.has(name ?? ''));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the read-only portal', () => {
  it('shows what waits for the client and asks nothing on the overview', async () => {
    renderPortalScreen({ isReadOnly: true, collection: waitingCollection() });
    const upper = await screen.findByRole('region', { name: 'Upper' });
    // The request and its state are shown, with its files.
    expect(within(upper).getByText('Design Approval')).toBeTruthy();
    expect(within(upper).getByText('design-preview.html')).toBeTruthy();
    expect(within(upper).getByText(portalApprovalTexts.waitingReadOnly)).toBeTruthy();
    expect(within(upper).getByText(/Answer due/)).toBeTruthy();
    // No call to action anywhere.
    expect(callsToAction()).toEqual([]);
    expect(screen.queryByText(portalTexts.actionRequired)).toBeNull();
    expect(screen.queryByText(portalTexts.actionRequiredText)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(portalApprovalTexts.waiting)).toBeNull();
    expect(screen.queryByText(/Please answer by/)).toBeNull();
    // No mark on Overview for an approval to answer.
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview.querySelector('.MuiBadge-invisible')).toBeTruthy();
  });

  it('the same case without readonly asks for the answer', async () => {
    renderPortalScreen({ collection: waitingCollection() });
    await screen.findByRole('region', { name: 'Upper' });
    expect(screen.getAllByRole('alert')[0]?.textContent).toContain(portalTexts.actionRequired);
    expect(callsToAction()).toEqual(
      expect.arrayContaining(['Review', 'Approve', 'Approve with changes', 'Request changes']),
    );
    expect(screen.getAllByText(portalApprovalTexts.waiting).length).toBeGreaterThan(0);
  });

  it('shows the conversation without a composer, an upload or a read receipt', async () => {
    const { calls } = renderPortalScreen({
      isReadOnly: true,
      tab: 'messages',
      collection: waitingCollection(),
    });
    expect(await screen.findByText('Your design is ready.')).toBeTruthy();
    expect(callsToAction()).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText('Attach files')).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(calls.filter((call) => call.path !== collectionPath)).toEqual([]);
  });

  it('shows the order forms with nothing to press', async () => {
    renderPortalScreen({
      isReadOnly: true,
      tab: 'orderForms',
      collection: aPortalCollection({
        order_forms: [{ id: 1, case_uid: null, created_at: '2030-03-01T00:00:00.000Z', json_data: {} }],
      }),
    });
    expect(await screen.findByText('Order Form')).toBeTruthy();
    expect(callsToAction()).toEqual([]);
  });
});
