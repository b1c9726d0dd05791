import type { Page } from '@playwright/test';
import { fixture } from './support/files';
import { e2ePort, labOrigin } from './support/chromium';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import {
  chooseOption,
  drawerTab,
  findCollection,
  labApi,
  openCollection,
  signIn,
  signOut,
  snap,
  type CaseRow,
} from './support/lab';

// Notes & messages, approvals and notifications as staff use them: an admin sends a design message to
// the designer; the designer sees the bell's badge and popup and opens the notification into the
// highlighted message; an approval request with a file is approved on the client's behalf and another is
// cancelled; the timeline is filtered by an approval. Records are picked through the API by their
// properties, from this file's own share of the active collections.

test.use({ timezoneId: 'Australia/Melbourne', locale: 'en-AU' });

type Employee = { username: string; name: string };
type ApprovalRow = { uid: string; case_uid: string; approved_at: string | null; cancelled_at: string | null };

const plainCase = (item: CaseRow) => item.active && !item.virtual_product && item.in_design;

const messagesView = (page: Page) => page.getByRole('log');

/** The composer of the open collection sends a Design Message about `chosen` to `designer`. */
const sendDesignMessage = async (page: Page, chosen: CaseRow, designer: Employee, note: string) => {
  const composer = page.getByRole('region', { name: 'Compose message' });
  await chooseOption(composer, page, 'Message Type', 'Design Message');
  await chooseOption(composer, page, 'Case', new RegExp(`^${chosen.case_mkey}`));
  await chooseOption(composer, page, 'Recipient', designer.name);
  await composer.getByLabel('Message', { exact: true }).fill(note);
  await composer.getByRole('button', { name: 'Send' }).click();
  return composer;
};

test('an admin’s design message notifies the designer, who opens it highlighted', async ({
  page,
  context,
}) => {
  await signIn(page, 'admin');
  const api = await labApi(page);
  const employees = await api.get<Employee[]>('/api/v2/case/employees/');
  const designer = employees.find((e) => e.username === 'designer');
  if (!designer) throw new Error('no designer employee');
  const { collection, chosen } = await findCollection(
    api,
    { index: 0, of: 5 },
    (candidate) => candidate.cases.find(plainCase) ?? null,
  );
  const note = `Please check the margin on ${chosen.case_mkey} (${Date.now()})`;

  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=messages`);
  await sendDesignMessage(page, chosen, designer, note);
  await expect(messagesView(page).getByText(note)).toBeVisible();
  await snap(page, 'messages-sent');
  await signOut(page);

  await signIn(page, 'designer');
  await expect(page.getByText('You have a new notification')).toBeVisible({ timeout: 40_000 });
  await snap(page, 'messages-notification-popup');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(page.getByTestId('notification-count')).not.toHaveText('0');
  await bell.click();
  const item = page
    .getByRole('listitem', { name: 'Notification from admin' })
    .filter({ hasText: note.slice(0, 40) });
  await expect(item).toBeVisible();
  await snap(page, 'messages-notification-menu');
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    item.getByRole('button').first().click(),
  ]);
  await opened.waitForLoadState();
  await expect(opened).toHaveURL(/view=messages/);
  await expect(opened).toHaveURL(/muid=/);
  const highlighted = opened.locator('[data-highlighted="true"]');
  await expect(highlighted).toContainText(note);
  await snap(opened, 'messages-highlighted');
});

test('an approval request with a file is approved for the client, another is cancelled', async ({ page }) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(
    api,
    { index: 1, of: 5 },
    (candidate) => candidate.cases.find(plainCase) ?? null,
  );
  await openCollection(page, collection.uid, chosen.uid);
  await page.getByRole('tab', { name: 'Approval' }).click();
  const tab = drawerTab(page, 'Approval');

  const request = async (message: string) => {
    await tab.getByRole('button', { name: 'New Approval Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Approval Request' });
    await chooseOption(dialog, page, 'Approval Type', 'Design Approval');
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByLabel('Approval files').setInputFiles(fixture('face.png'));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
  };

  await request('Please approve the design of the crown.');
  // Newest first: the request just made heads the list.
  const newest = () => tab.locator('[aria-label^="Design Approval"]').first();
  const first = newest();
  await expect(first.getByText('Pending')).toBeVisible();
  await expect(first.getByText('face.png')).toBeVisible();
  await snap(page, 'approvals-new');
  await first.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(first.getByText('Approved', { exact: true })).toBeVisible();
  await expect(first).toContainText('by You');

  await request('Second version for a try-in.');
  const second = newest();
  await expect(second.getByText('Pending')).toBeVisible();
  await second.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Cancel Approval Request' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(second.getByText('Cancelled', { exact: true })).toBeVisible();
  await snap(page, 'approvals-approved-and-cancelled');

  const approvals = (await api.collection(collection.uid)).approvals as unknown as ApprovalRow[];
  const mine = approvals.filter((a) => a.case_uid === chosen.uid);
  expect(mine.some((a) => a.approved_at !== null)).toBe(true);
  expect(mine.some((a) => a.cancelled_at !== null)).toBe(true);
});

test('the timeline filters by an approval request', async ({ page }) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection } = await findCollection(api, { index: 2, of: 5 }, (candidate) =>
    (candidate.approvals as unknown as ApprovalRow[]).length >= 2 ? true : null,
  );
  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=approvals`);
  const firstCard = page
    .locator('[aria-label^="Design Approval"], [aria-label^="Try-In"], [aria-label^="Outside"]')
    .first();
  await expect(firstCard).toBeVisible();
  await firstCard
    .getByRole('button', { name: /messag/i })
    .first()
    .click();
  await expect(page).toHaveURL(/view=messages/);
  await expect(page).toHaveURL(/approval=/);
  await expect(page.getByText('Showing the messages of one approval request')).toBeVisible();
  const rows = messagesView(page).getByLabel(/^(Message from|Approval request|Communication)/);
  await expect(rows.first()).toBeVisible();
  await snap(page, 'messages-approval-filter');
  const filtered = await rows.count();
  await page
    .getByText('Showing the messages of one approval request')
    .locator('..')
    .getByRole('button', { name: /close/i })
    .click();
  await expect(page.getByText('Showing the messages of one approval request')).toBeHidden();
  await expect.poll(() => rows.count()).toBeGreaterThan(filtered);
});

test('a message whose answer the network drops is sent again and posted once', async ({ page }) => {
  await signIn(page, 'admin');
  const api = await labApi(page);
  const employees = await api.get<Employee[]>('/api/v2/case/employees/');
  const designer = employees.find((e) => e.username === 'designer');
  if (!designer) throw new Error('no designer employee');
  const { collection, chosen } = await findCollection(
    api,
    { index: 3, of: 5 },
    (candidate) => candidate.cases.find(plainCase) ?? null,
  );
  const note = `Margin on ${chosen.case_mkey} checked twice, posted once (${Date.now()})`;
  // The first post reaches the server, which stores it and answers; the page never hears the answer,
  // as when a lab's Wi-Fi drops. Playwright's fetch runs in Node, which knows the server by its address.
  allowConsoleErrors(/ERR_CONNECTION_RESET \(at http:\/\/[^)]*\/api\/v2\/messages\/\)/);
  let dropped = 0;
  const sentKeys: string[] = [];
  await page.route('**/api/v2/messages/', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    sentKeys.push((await request.allHeaders())['idempotency-key'] ?? '');
    if (dropped > 0) return route.continue();
    dropped += 1;
    const answered = await route.fetch({
      url: request.url().replace(labOrigin, `http://127.0.0.1:${e2ePort}`),
    });
    expect(answered.status()).toBe(200);
    await route.abort('connectionreset');
  });

  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=messages`);
  const composer = await sendDesignMessage(page, chosen, designer, note);
  await expect(messagesView(page).getByText(note)).toBeVisible();
  await expect(composer.getByLabel('Message', { exact: true })).toHaveValue('');
  await messagesView(page).getByText(note).scrollIntoViewIfNeeded();
  await snap(page, 'messages-sent-once-after-drop');

  expect(sentKeys).toHaveLength(2);
  expect(sentKeys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(sentKeys[1]).toBe(sentKeys[0]);
  await page.reload();
  await expect(messagesView(page).getByText(note)).toHaveCount(1);
  const stored = await api.get<{ note: string }[]>(`/api/v2/collection/${collection.uid}/messages/`);
  expect(stored.filter((message) => message.note === note)).toHaveLength(1);
});
