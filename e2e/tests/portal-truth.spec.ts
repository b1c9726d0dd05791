import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { labApi, signIn, snap, type ActiveRow, type CaseRow, type LabApi } from './support/lab';

// The portal tells the client the truth: a case whose design went to a partner reads "Design In
// Progress" (the name the lab gives that status for clients), the photo sent with a change request stays
// on the approval card (on the portal and on the lab's card), and an approval with changes says so on
// both sides. Collections are picked from the newest down, so the other flows' picks stay theirs.

type Approval = {
  uid: string;
  case_uid: string;
  approval_due_at: string;
  approved_at: string | null;
  cancelled_at: string | null;
  changes_requested_at: string | null;
};

type Collection = {
  uid: string;
  collection_id: number;
  portal_key: string;
  approvals: Approval[];
  cases: CaseRow[];
};

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The newest active collection that `choose` accepts. */
const findNewest = async <T>(
  api: LabApi,
  choose: (collection: Collection) => T | null,
): Promise<{ collection: Collection; chosen: T }> => {
  const active = (await api.get<ActiveRow[]>('/api/v2/collections/active/')).toSorted(
    (a, b) => b.collection_id - a.collection_id,
  );
  for (const row of active) {
    const collection = await api.get<Collection>(`/api/v2/collection/${row.uid}/`);
    const chosen = choose(collection);
    if (chosen !== null) return { collection, chosen };
  }
  throw new Error('no demo collection fits');
};

/** A pending approval with time left, on an active case, in a collection where the client waits on no other. */
const openApproval = (collection: Collection): { approval: Approval; item: CaseRow } | null => {
  const open = collection.approvals.filter(
    (a) => !a.approved_at && !a.cancelled_at && !a.changes_requested_at,
  );
  const [approval] = open;
  if (open.length !== 1 || !approval || Date.parse(approval.approval_due_at) < Date.now() + 3_600_000) {
    return null;
  }
  const item = collection.cases.find((candidate) => candidate.uid === approval.case_uid);
  return item?.active ? { approval, item } : null;
};

const openPortal = async (browser: Browser, portalKey: string, device = phone): Promise<Page> => {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  await page.goto(`/static/v2/portal.html?key=${portalKey}`);
  return page;
};

test('a case whose design went to a partner reads "Design In Progress" on the portal', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  const api = await labApi(page);
  const { collection, chosen: item } = await findNewest(api, (candidate) => {
    const outsourced = candidate.cases.find((c) => c.status === 'Design Outsourced' && c.active);
    // The chip shows the status only while no approval waits for the client.
    const waiting = candidate.approvals.some(
      (a) => a.case_uid === outsourced?.uid && !a.approved_at && !a.cancelled_at && !a.changes_requested_at,
    );
    return outsourced && !waiting ? outsourced : null;
  });

  const portal = await openPortal(browser, collection.portal_key, {
    viewport: { width: 1366, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  await expect(portal.getByRole('heading', { name: `Case ${collection.collection_id}` })).toBeVisible();
  const card = portal.locator(`[data-case-uid="${item.uid}"]`);
  await expect(card.getByText('Design In Progress', { exact: true })).toBeVisible();
  await expect(portal.getByText('Design Outsourced')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await snap(portal, 'portal-truth-design-in-progress');
  // Nowhere on the portal either: not in messages, not in the order forms.
  await portal.getByRole('tab', { name: 'Messages' }).click();
  await expect(portal.getByText('Design Outsourced')).toHaveCount(0);
  await portal.getByRole('tab', { name: 'Order Forms' }).click();
  await expect(portal.getByText('Design Outsourced')).toHaveCount(0);
  // Order-form dates read as dates, never as the platform's raw 2026-12-13.
  const forms = portal.getByTestId('order-form');
  if ((await forms.count()) > 0) {
    await expect(forms.first()).toBeVisible();
    await expect(forms.getByText(/\b\d{4}-\d{2}-\d{2}\b/)).toHaveCount(0);
    await snap(portal, 'portal-truth-order-form-dates');
  }
  await portal.context().close();
});

test('the photo sent with a change request shows on the approval card, on the portal and in the lab', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const api = await labApi(page);
  const { collection, chosen } = await findNewest(api, openApproval);

  const portal = await openPortal(browser, collection.portal_key);
  const card = portal.locator(`[data-approval-uid="${chosen.approval.uid}"]`);
  await expect(card.getByText(/Please answer by/)).toBeVisible();
  await card.getByRole('button', { name: 'Request changes' }).click();
  const dialog = portal.getByRole('dialog');
  await dialog.getByLabel('Details').fill('The distal margin looks short on my photo.');
  await dialog.getByLabel('Attachments').setInputFiles('tests/fixtures/face.png');
  await dialog.getByRole('button', { name: 'Request changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Changes Requested', { exact: true }).first()).toBeVisible();
  // The photo is on the card itself, not only in Messages.
  await expect(card.getByText('Your photos and files')).toBeVisible();
  await expect(card.getByRole('img', { name: 'face.png' })).toBeVisible({ timeout: 20_000 });
  await card.scrollIntoViewIfNeeded();
  await snap(portal, 'portal-truth-change-request-photo');
  await portal.context().close();

  // The lab's approval card shows the same photo under the client's words.
  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=approvals`);
  const files = page.getByRole('group', { name: 'Files sent with the answer' });
  await expect(files.getByRole('img', { name: 'face.png' })).toBeVisible({ timeout: 20_000 });
  const staffCard = page.locator('.MuiCard-root').filter({ has: files });
  await expect(staffCard.getByText('The distal margin looks short on my photo.')).toBeVisible();
  await staffCard.scrollIntoViewIfNeeded();
  await snap(page, 'portal-truth-staff-card-photo');
});

test('"Approved with changes" on the portal and on the lab\'s approval card', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const api = await labApi(page);
  // The change request above answered its approval: this is another collection's.
  const { collection, chosen } = await findNewest(api, openApproval);

  const portal = await openPortal(browser, collection.portal_key);
  const card = portal.locator(`[data-approval-uid="${chosen.approval.uid}"]`);
  await card.getByRole('button', { name: 'Approve with changes' }).click();
  const dialog = portal.getByRole('dialog');
  await dialog.getByLabel('Details').fill('Approved, but please lighten the shade one step.');
  await dialog.getByRole('button', { name: 'Approve with changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Approved with changes', { exact: true }).first()).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snap(portal, 'portal-truth-approved-with-changes');
  await portal.context().close();

  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=approvals`);
  const staffCard = page
    .locator('.MuiCard-root')
    .filter({ hasText: 'Approved, but please lighten the shade one step.' });
  await expect(staffCard.locator('.MuiCardHeader-root').getByText('Approved with changes')).toBeVisible({
    timeout: 20_000,
  });
  await expect(staffCard.locator('.MuiCardHeader-root').getByText('Approved', { exact: true })).toHaveCount(
    0,
  );
  await staffCard.scrollIntoViewIfNeeded();
  await snap(page, 'portal-truth-staff-approved-with-changes');
});
