import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { chooseOption, labApi, signIn, snap, type CollectionRow, type LabApi } from './support/lab';
import { submitOrder } from './support/order-submit';

// Customer Service (issue 30), as the lab and a client use it: a client's message from the portal shows
// on the open Customer Service inbox at once; the lab answers from the collection, and it leaves the
// inbox. A design waiting on the client is approved on the portal: the case moves on to production and
// its approval leaves the inbox.

test.use({ timezoneId: 'Australia/Melbourne', locale: 'en-AU' });

type ApprovalRow = {
  uid: string;
  case_uid: string;
  approved_at: string | null;
  cancelled_at: string | null;
  changes_requested_at: string | null;
};

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The inbox of a branch (by id, as its address keeps it), else Melbourne chosen from the list. */
const openInbox = async (page: Page, branchId?: number) => {
  await page.goto(`/static/v2/customer_service.html${branchId ? `?branch=${branchId}` : ''}`);
  if (!branchId) await chooseOption(page, page, 'Branch', 'Melbourne');
  await expect(page.getByRole('heading', { name: /Clients waiting for a reply/ })).toBeVisible();
};

/** The collection's portal link, as its Portal Link card shows it. */
const portalHref = async (page: Page, collectionUid: string): Promise<string> => {
  await page.goto(`/static/v2/collection.html?uid=${collectionUid}`);
  const link = page.getByRole('link', { name: /\/static\/v2\/portal\.html\?key=/ });
  return (await link.getAttribute('href')) ?? '';
};

const openPortal = async (browser: Browser, href: string, options = phone): Promise<Page> => {
  const portal = await (
    await browser.newContext({ ...options, locale: 'en-AU', timezoneId: 'Australia/Melbourne' })
  ).newPage();
  await portal.goto(href);
  return portal;
};

/** The newest active demo collection with a plain case waiting on a pending design approval. */
const findWaitingDesign = async (api: LabApi) => {
  const active = (
    await api.get<{ uid: string; collection_id: number }[]>('/api/v2/collections/active/')
  ).toSorted((a, b) => b.collection_id - a.collection_id);
  for (const row of active) {
    const collection: CollectionRow = await api.collection(row.uid);
    const waiting = collection.cases.find(
      (item) => item.status === 'Awaiting Client Approval' && !item.virtual_product && item.active,
    );
    const approval = (collection.approvals as unknown as ApprovalRow[]).find(
      (a) => a.case_uid === waiting?.uid && !a.approved_at && !a.cancelled_at && !a.changes_requested_at,
    );
    if (waiting && approval) return { collection, waiting, approval };
  }
  throw new Error('no demo case waits on a design approval');
};

test('a client’s message shows live in the Customer Service inbox and leaves it once the lab answers', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  const { uid } = await submitOrder('none');
  const href = await portalHref(page, uid);

  const inbox = await page.context().newPage();
  await openInbox(inbox);
  const waiting = inbox.getByRole('table', { name: 'Clients waiting for a reply' });

  const portal = await openPortal(browser, href);
  await portal.getByRole('tab', { name: 'Messages' }).click();
  const note = `Is the bridge on track for Friday? (${Date.now()})`;
  await portal.getByRole('textbox', { name: 'Message' }).fill(note);
  await portal.getByRole('button', { name: 'Send' }).click();
  await expect(portal.getByText(note)).toBeVisible();

  // Live: the inbox shows it without a reload (the poll without the stream would take 15 s).
  const row = waiting.getByRole('row').filter({ hasText: note });
  await expect(row).toBeVisible({ timeout: 5_000 });
  await expect(row.getByText('Bayside Dental Studio')).toBeVisible();
  await snap(inbox, 'customer-service-inbox');

  // Assigned to the admin, then answered from the collection.
  await row.getByRole('combobox').click();
  await inbox.getByRole('option').nth(1).click();
  await expect(row.getByRole('combobox')).not.toHaveText('Nobody');

  await page.goto(`/static/v2/collection.html?uid=${uid}&view=messages`);
  const composer = page.getByRole('region', { name: 'Compose message' });
  await chooseOption(composer, page, 'Message Type', 'Client Message');
  await composer.getByLabel('Message', { exact: true }).fill('Yes, it leaves us on Thursday.');
  await composer.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').getByText('Yes, it leaves us on Thursday.')).toBeVisible();

  await expect(row).toBeHidden({ timeout: 5_000 });
  await portal.context().close();
});

test('a design approved on the portal moves the case on and leaves the inbox', async ({ page, browser }) => {
  await signIn(page, 'admin');
  const api = await labApi(page);
  const { collection, waiting, approval } = await findWaitingDesign(api);
  const branchId = (collection as unknown as { fulfillment_branch_id: number }).fulfillment_branch_id;

  await openInbox(page, branchId);
  const approvals = page.getByRole('table', { name: 'Approvals waiting on the client' });
  await expect(approvals.getByRole('row').filter({ hasText: waiting.case_mkey })).toBeVisible();

  const href = await portalHref(page, collection.uid);
  const portal = await openPortal(browser, href, {
    viewport: { width: 1366, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  const card = portal.locator(`[data-approval-uid="${approval.uid}"]`);
  await expect(card).toBeVisible();
  // While the lab waits on the answer, the estimate says which date the answer keeps.
  const waitingLines = portal.getByTestId('dispatch-waiting-on-client');
  const waitingBefore = await waitingLines.count();
  expect(waitingBefore).toBeGreaterThan(0);
  await expect(waitingLines.first()).toContainText(/answer by .* to keep|Answered today/);
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = portal.getByRole('dialog', { name: 'Approve design' });
  await confirm.getByRole('button', { name: /^(Confirm|Approve|Yes)$/ }).click();
  await expect(card.getByText('Approved', { exact: true }).first()).toBeVisible();
  await snap(portal, 'customer-service-portal-approved');
  // Answered, its estimate is a date again.
  await portal.reload();
  await expect(portal.getByText(/Estimated Dispatch/).first()).toBeVisible();
  await expect(waitingLines).toHaveCount(waitingBefore - 1);

  await expect.poll(async () => (await api.caseOf(collection.uid, waiting.uid)).status).toBe('Programming');
  await openInbox(page, branchId);
  await expect(approvals.getByRole('row').filter({ hasText: waiting.case_mkey })).toBeHidden();
  await portal.context().close();
});
