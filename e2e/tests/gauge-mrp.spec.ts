import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { chooseOption, drawerHeader, drawerTab, labApi, signIn, snap } from './support/lab';

// Gauge MRP's stock (issue 31), as the warehouse uses it: a delivery received with its lot raises the
// part's stock and shows the lot; a write-off that would go below zero says what it leaves and goes
// through only when pressed again. Others read the page with its buttons off.

test.use({ timezoneId: 'Australia/Melbourne', locale: 'en-AU' });

const part = 'SCR-NB-CCRP';

/** A number cell of the part's row: 3 on hand, 4 reserved, 5 available (0-based, after code, part, shelf). */
const cellNumber = async (row: Locator, index: number) =>
  Number(await row.locator('td').nth(index).innerText());

test('the warehouse receives a delivery with its lot, and writes off below zero only when confirmed', async ({
  page,
}) => {
  await signIn(page, 'warehouse');
  await page.goto('/static/v2/gauge_manufacturing.html');
  await chooseOption(page, page, 'Branch', 'Melbourne');
  await page.getByLabel('Find a part').fill(part);
  const row = page.locator(`tr[data-code="${part}"]`);
  await expect(row).toBeVisible();
  const onHand = await cellNumber(row, 3);
  const reserved = await cellNumber(row, 4);
  const lot = `E2E-${Date.now()}`;

  await row.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: `Receive ${part}` });
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText('Cannot be blank')).toBeVisible();
  await receive.getByLabel('Quantity').fill('12');
  await receive.getByLabel('Lot').fill(lot);
  await receive.getByLabel('Expiry').fill('2031-06-30');
  await receive.getByLabel('Supplier reference').fill('PO 4471');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toBeHidden();
  await expect(row.locator('td').nth(3)).toHaveText(String(onHand + 12));
  await expect(row.locator('td').nth(5)).toHaveText(String(onHand + 12 - reserved));
  await expect(row.getByText(lot)).toBeVisible();
  await expect(row.getByText('expires 2031-06-30')).toBeVisible();
  await snap(page, 'gauge-mrp-received');

  await row.getByRole('button', { name: 'Write off' }).click();
  const writeOff = page.getByRole('dialog', { name: `Write off ${part}` });
  await writeOff.getByLabel('Quantity').fill(String(onHand + 15));
  await writeOff.getByLabel('Reason').fill('Damaged in transit');
  await expect(writeOff.getByText('This leaves -3 on hand, below zero.')).toBeVisible();
  await snap(page, 'gauge-mrp-write-off-below-zero');
  await writeOff.getByRole('button', { name: 'Write off anyway' }).click();
  await expect(writeOff).toBeHidden();
  await expect(row.locator('td').nth(3)).toHaveText('-3');
});

test('a designer reads the stock with its buttons off, saying why', async ({ page }) => {
  await signIn(page, 'designer');
  await page.goto('/static/v2/gauge_manufacturing.html');
  const row = page.locator(`tr[data-code="${part}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Receive' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Write off' })).toBeDisabled();
  await expect(row.locator('span[title="Only Warehouse staff may change stock"]')).toHaveCount(1);
});

type SlipRow = {
  id: number;
  picked_at: string | null;
  pick_items: { code: string; type: string; quantity: number }[];
};
type CaseWithSlips = { uid: string; case_mkey: string; picking_slips: SlipRow[] };
type CollectionWithSlips = {
  uid: string;
  patient_reference: string;
  fulfillment_branch: string | null;
  cases: CaseWithSlips[];
};
type StockAnswer = { parts: { code: string; on_hand: number; reserved: number }[] };

/** The Stock view's row of a part at the warehouse's own branch (Melbourne). */
const stockRow = async (page: Page, code: string) => {
  await page.goto('/static/v2/gauge_manufacturing.html');
  await chooseOption(page, page, 'Branch', 'Melbourne');
  await page.getByLabel('Find a part').fill(code);
  const row = page.locator(`tr[data-code="${code}"]`);
  await expect(row).toBeVisible();
  return row;
};

test('a lot received, picked for a patient, recalled and quarantined: stock falls, the patient is told, a case comes up short', async ({
  page,
}) => {
  await signIn(page, 'warehouse');
  const api = await labApi(page);
  // A Melbourne case whose picking slip waits with a screw on it that other open cases need too (so a
  // quarantine of the screw leaves one of them short). Not the part the first flow writes off.
  const stock = await api.get<StockAnswer>('/api/v2/gauge_mrp/stock/');
  const reservedOf = (code: string) => stock.parts.find((part) => part.code === code)?.reserved ?? 0;
  const active = await api.get<{ uid: string }[]>('/api/v2/collections/active/');
  type Found = { collection: CollectionWithSlips; caseRow: CaseWithSlips; slip: SlipRow; screw: string };
  let found: (Found & { quantity: number }) | null = null;
  for (const row of active.slice(0, 120)) {
    const collection = await api.get<CollectionWithSlips>(`/api/v2/collection/${row.uid}/`);
    if (collection.fulfillment_branch !== 'Melbourne') continue;
    for (const caseRow of collection.cases) {
      for (const slip of caseRow.picking_slips.filter((item) => item.picked_at === null)) {
        const screw = slip.pick_items.find((line) => line.type === 'screw' && line.code !== part);
        if (!screw) continue;
        const quantity = slip.pick_items
          .filter((line) => line.code === screw.code)
          .reduce((sum, line) => sum + line.quantity, 0);
        const othersNeed = reservedOf(screw.code) - quantity;
        if (othersNeed > 0 && (!found || othersNeed > reservedOf(found.screw) - found.quantity))
          found = { collection, caseRow, slip, screw: screw.code, quantity };
      }
    }
  }
  if (!found) throw new Error('the demo has no waiting Melbourne slip with a screw other cases need');
  const { collection, caseRow, slip, screw, quantity } = found;
  const lot = `RC-${Date.now()}`;

  // The delivery, booked in with its lot.
  let row = await stockRow(page, screw);
  const onHand = await cellNumber(row, 3);
  await row.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: `Receive ${screw}` });
  await receive.getByLabel('Quantity').fill('10');
  await receive.getByLabel('Lot').fill(lot);
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toBeHidden();
  await expect(row.locator('td').nth(3)).toHaveText(String(onHand + 10));

  // The warehouse picks the slip from the case's Picking Slips card, with the lot on the screws' box…
  await page.goto(`/static/v2/collection.html?uid=${collection.uid}`);
  await page.getByText(caseRow.case_mkey).first().click();
  const pickForm = page.getByRole('form', { name: `Pick slip ${slip.id}` });
  await pickForm.getByLabel('Screws lot').fill(lot);
  await pickForm.getByRole('button', { name: 'Mark picked' }).click();
  await expect(pickForm).toBeHidden();
  await expect(page.getByText(`Screws: ${lot}`).first()).toBeVisible();
  // … and the screws have left the shelf.
  row = await stockRow(page, screw);
  await expect(row.locator('td').nth(3)).toHaveText(String(onHand + 10 - quantity));
  await snap(page, 'gauge-mrp-stock-after-pick');

  // The supplier's notice names the lot: the recall finds the patient, and exports the list.
  await page.goto('/static/v2/gauge_manufacturing.html?view=recall');
  await page.getByLabel('Article').fill(screw.toLowerCase());
  await page.getByLabel('Lot').fill(lot);
  await page.getByRole('button', { name: 'Find cases' }).click();
  await expect(page.getByRole('status')).toHaveText(`1 case received lot ${lot} of ${screw}.`);
  const recalled = page.locator(`tr[data-case="${caseRow.case_mkey}"]`);
  await expect(recalled).toContainText(collection.patient_reference);
  await expect(recalled.getByText('picking slip')).toBeVisible();
  await snap(page, 'gauge-mrp-recall');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`recall-${screw}-${lot}.csv`);

  // Notify: the message reviewed first, then sent and kept on record.
  await page.getByRole('button', { name: 'Notify clients' }).click();
  const notify = page.getByRole('dialog', { name: 'Notify clients' });
  await expect(
    notify.getByText(`your patient ${collection.patient_reference} (case ${caseRow.case_mkey})`),
  ).toBeVisible();
  await notify.getByLabel('Notice reference').fill(`FSN-${lot}`);
  await notify.getByRole('button', { name: 'Send to 1 client' }).click();
  await expect(notify.getByRole('status')).toContainText(`for notice FSN-${lot}`);
  await notify.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'Recalls on record' }).getByText(`FSN-${lot}`)).toBeVisible();

  // The rest of the screws are quarantined: the cases that still need them come up short.
  row = await stockRow(page, screw);
  const left = await cellNumber(row, 3);
  if (left > 0) {
    await row.getByRole('button', { name: 'Write off' }).click();
    const writeOff = page.getByRole('dialog', { name: `Write off ${screw}` });
    await writeOff.getByLabel('Quantity').fill(String(left));
    await writeOff.getByLabel('Reason').fill(`Quarantined under notice FSN-${lot}`);
    await writeOff.getByRole('button', { name: 'Write off', exact: true }).click();
    await expect(writeOff).toBeHidden();
    await expect(row.locator('td').nth(3)).toHaveText('0');
  }
  await page.goto('/static/v2/gauge_manufacturing.html?view=shortages');
  await chooseOption(page, page, 'Branch', 'Melbourne');
  const shortRow = page.locator(`tr[data-code="${screw}"]`).first();
  await expect(shortRow).toBeVisible();
  await snap(page, 'gauge-mrp-shortage');
  const shortCase = shortRow.getByRole('link');
  const shortCaseKey = await shortCase.innerText();
  await page.goto((await shortCase.getAttribute('href')) ?? '');
  await expect(drawerHeader(page).getByRole('heading', { name: shortCaseKey })).toBeVisible();
  await expect(drawerTab(page, 'Overview').getByText('Short for this case').first()).toBeVisible();
  await snap(page, 'gauge-mrp-short-for-this-case');

  // The client reads the notice on the portal.
  const portalKey = (await api.get<{ portal_key: string }>(`/api/v2/collection/${collection.uid}/`))
    .portal_key;
  await page.goto(`/static/v2/portal.html?key=${portalKey}`);
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByText(`lot ${lot}`).first()).toBeVisible();
  await snap(page, 'gauge-mrp-recall-on-portal');
});

test('the warehouse lends a scan-gauge kit to a client, whose page shows it, and takes it back', async ({
  page,
}) => {
  await signIn(page, 'warehouse');
  const api = await labApi(page);
  const [client] = await api.send<{ id: number; name: string }[]>('POST', '/api/v2/client/search/', {
    keyword: 'Dental',
  });
  if (!client) throw new Error('the demo has no client');
  await page.goto('/static/v2/gauge_manufacturing.html?view=kits');
  const row = page.locator('tr[data-kit="SGK-NB-MUA4"]');
  await expect(row).toBeVisible();
  if (await row.getByRole('button', { name: 'Returned' }).isVisible()) {
    await row.getByRole('button', { name: 'Returned' }).click();
  }
  await row.getByRole('button', { name: 'Lend' }).click();
  const lend = page.getByRole('dialog', { name: 'Lend SGK-NB-MUA4' });
  await lend.getByLabel('Client ID').fill(String(client.id));
  await lend.getByLabel('Due back').fill('2099-12-31');
  await lend.getByRole('button', { name: 'Lend' }).click();
  await expect(lend).toBeHidden();
  await expect(row).toContainText(client.name);
  await expect(row).toContainText('due back 2099-12-31');
  await snap(page, 'gauge-mrp-kits');

  await page.goto(`/static/v2/client.html?id=${client.id}`);
  await expect(page.getByRole('heading', { name: 'Scan-gauge kits' })).toBeVisible();
  await expect(page.getByText('SGK-NB-MUA4 · Scan Gauge Kit – Multi-unit (4)')).toBeVisible();

  await page.goto('/static/v2/gauge_manufacturing.html?view=kits');
  await row.getByRole('button', { name: 'Returned' }).click();
  await expect(row.getByText('In the lab')).toBeVisible();
});
