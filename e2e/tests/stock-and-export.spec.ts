import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  drawerHeader,
  drawerTab,
  findCollection,
  labApi,
  signIn,
  snap,
  type CaseRow,
  type CollectionRow,
} from './support/lab';

// Stock on hand, the folder helpers and the component export (issue 14 §3), clicked through as staff do:
// the warehouse writes a part off and the implant card shows its stock red; a case without a folder says
// so; a case with a nexus_connect session exports its components as a zip.

type ImplantPart = { code: string } | null;
type HelperCase = Omit<CaseRow, 'implants'> & {
  folder_path: string | null;
  automation_results: { type: string; payload: Record<string, unknown> }[];
  implants: (CaseRow['implants'][number] & { screw: ImplantPart; tibase: ImplantPart })[];
};
type HelperCollection = Omit<CollectionRow, 'cases'> & { cases: HelperCase[] };

const slots = 13;

/** Opens the case's drawer; the collection and its drawer may take a while on a loaded machine. */
const openCase = async (page: Page, collectionUid: string, item: Pick<CaseRow, 'uid' | 'case_mkey'>) => {
  await page.goto(`/static/v2/collection.html?uid=${collectionUid}&cuid=${item.uid}`);
  await expect(drawerHeader(page).getByRole('heading', { name: item.case_mkey })).toBeVisible({
    timeout: 30_000,
  });
};

test('the warehouse writes a screw off and the implant card shows its stock chip red', async ({ page }) => {
  await signIn(page, 'admin');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(api, { index: 10, of: slots }, (candidate) => {
    const found = candidate as unknown as HelperCollection;
    if (found.fulfillment_branch_id === null) return null;
    for (const item of found.cases) {
      const implant = item.active ? item.implants.find((each) => each.screw !== null) : undefined;
      if (implant?.screw) return { item, implant, code: implant.screw.code };
    }
    return null;
  });
  const sohPath = `/api/v2/components/${collection.fulfillment_branch_id}/${chosen.code}/soh/`;
  const before = await api.get<{ quantity_on_hand: number }>(sohPath);
  // Written off down to −1 (a part picked before its delivery was booked in).
  const writeOff = await api.call('PATCH', sohPath, {
    adjustment: -before.quantity_on_hand - 1,
    reason: 'E2E: damaged in transit',
  });
  expect(writeOff.status).toBe(200);
  expect(writeOff.body).toMatchObject({ quantity_on_hand: -1 });

  await openCase(page, collection.uid, chosen.item);
  const chip = drawerTab(page, 'Overview').getByLabel(`Stock on hand of ${chosen.code}: -1`).first();
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('data-stock-out', 'true');
  await expect(chip).toHaveText(/^SOH -1/);
  // Red: MUI's error colour fills the chip.
  const background = await chip.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).toBe('rgb(211, 47, 47)');
  await chip.scrollIntoViewIfNeeded();
  await snap(page, 'stock-chip-red');
});

test('the folder helpers alert for a case without a folder, and offer the helper for one with it', async ({
  page,
}) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(api, { index: 11, of: slots }, (candidate) => {
    const found = candidate as unknown as HelperCollection;
    const without = found.cases.find((item) => item.folder_path === null);
    const withPath = found.cases.find((item) => item.folder_path !== null);
    return without && withPath ? { without, withPath } : null;
  });

  await openCase(page, collection.uid, chosen.without);
  const toolbar = drawerHeader(page);
  const alert = page.getByRole('alert');
  await toolbar.getByRole('button', { name: 'Open Case Folder' }).click();
  await expect(alert).toHaveText('Cannot open case folder for this case.');
  await snap(page, 'folder-helper-alert');
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toBeHidden();
  await toolbar.getByRole('button', { name: 'Copy Path' }).click();
  await expect(alert).toHaveText('Cannot copy path for this case.');
  await alert.getByRole('button', { name: 'Close' }).click();
  await toolbar.getByRole('button', { name: 'Start Auto MA' }).click();
  await expect(alert).toHaveText('Cannot start Auto MA for this case.');
  await expect(page.getByTestId('install-popup')).toBeHidden();

  // With a folder: the helper is asked to open it, and the install popup shows for 5 seconds.
  await openCase(page, collection.uid, chosen.withPath);
  await drawerHeader(page).getByRole('button', { name: 'Open Case Folder' }).click();
  const popup = page.getByTestId('install-popup');
  await expect(popup).toContainText(
    "If you haven't got the OEP Helper installed, please download and install.",
  );
  await expect(popup.getByRole('link', { name: 'Download Now' })).toBeVisible();
  await expect(page).toHaveURL(/\/static\/v2\/collection\.html/);
  await snap(page, 'folder-helper-install-popup');
  await expect(popup).toBeHidden({ timeout: 8_000 });
});

test('a case with a nexus_connect session exports its components as exports.zip', async ({ page }) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(api, { index: 12, of: slots }, (candidate) => {
    const found = candidate as unknown as HelperCollection;
    return (
      found.cases.find((item) =>
        item.automation_results.some(
          (result) => result.type === 'nexus_connect' && typeof result.payload['nc_session_id'] === 'string',
        ),
      ) ?? null
    );
  });

  await openCase(page, collection.uid, chosen);
  await drawerHeader(page).getByRole('button', { name: 'Export Components' }).click();
  const dialog = page.getByRole('dialog', { name: 'Component Export' });
  const exportButton = dialog.getByRole('button', { name: 'Export' });
  await expect(exportButton).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Scan Body' }).click();
  await page.getByRole('option', { name: 'Elos IO 1B Scan Body' }).click();
  await expect(exportButton).toBeEnabled();
  await dialog.getByRole('checkbox', { name: 'Include Healing Cap' }).check();
  await expect(exportButton).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Healing Cap' }).click();
  await page.getByRole('option', { name: 'Healing Cap GM 4.5 × 3.5' }).click();
  await expect(exportButton).toBeEnabled();
  await snap(page, 'component-export-dialog');

  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toBe('exports.zip');
  const bytes = await readFile(await download.path());
  // A zip: local file header first, the manifest and both parts named inside.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  const text = bytes.toString('latin1');
  for (const name of ['manifest.json', 'scan_body/SB-ELOS-1B.stl', 'healing_cap/HC-GM-45.stl'])
    expect(text).toContain(name);
  await expect(dialog).toBeHidden();
});
