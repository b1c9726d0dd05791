import { allowConsoleErrors, expect, test } from './support/fixtures';
import {
  chooseOption,
  closeDrawer,
  drawerHeader,
  findCollection,
  labApi,
  openCollection,
  showCard,
  signIn,
  signOut,
  snap,
  tickChecklists,
  type CaseRow,
  type CollectionRow,
} from './support/lab';

// QC sign-off and dispatch as the lab does it: the office groups the pair; polishing ticks and unticks
// its own checklist item (the confirm), sees the warehouse's items disabled with the reason (each
// department ticks its own), is refused Ready for Dispatch while a mandatory item is open (the dialog
// lists it) and ticks its items with the five-click; the warehouse ticks its packing items; polishing
// marks the grouped pair ready; the warehouse dispatches both with a courier and sees them Dispatched
// with the courier's tracking link.

type ChecklistItem = {
  id: number;
  name: string;
  department: string;
  mandatory: boolean;
  done: boolean;
  not_required: boolean;
};
type Checklist = { checklist: ChecklistItem[] };
type Status = { id: number; name: string };

/** Two plain active cases of one collection that are not dispatched yet. */
const choosePair = (collection: CollectionRow): [CaseRow, CaseRow] | null => {
  const free = collection.cases.filter(
    (item) => item.active && !item.virtual_product && item.redo === null && item.group_number === null,
  );
  return free.length >= 2 ? [free[0] as CaseRow, free[1] as CaseRow] : null;
};

test('polishing signs off its QC items, the warehouse ticks its own and dispatches a grouped pair', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The scene, set through the API as the office's page sends it: both cases in the lab, in one group.
  await signIn(page, 'admin');
  const office = await labApi(page);
  const { collection, chosen: pair } = await findCollection(office, { index: 9, of: 11 }, choosePair);
  const [first, second] = pair;
  const statuses = await office.get<Status[]>('/api/v2/case/statuses/');
  const polishing = statuses.find((status) => status.name === 'Polishing');
  if (!polishing) throw new Error('no Polishing status');
  const isOpen = (entry: ChecklistItem) => !entry.done && !entry.not_required;
  for (const item of pair) {
    await office.send('POST', `/api/v2/case/${item.case_id}/`, {
      action: 'edit_case',
      case: { status_id: polishing.id },
      forceUpdateStatus: true,
    });
    await office.send('POST', `/api/v2/case/${item.case_id}/`, {
      action: 'edit_group_number',
      group_number: 7,
    });
    // The benches before polishing have done their part (an admin may tick any department's items).
    const before = await office.get<Checklist>(`/api/v2/checklists/${item.uid}/`);
    for (const entry of before.checklist) {
      if (['DESIGN', 'MACHINING', 'ADMIN'].includes(entry.department) && isOpen(entry)) {
        await office.send('POST', `/api/v2/checklists/${item.uid}/`, {
          item_id: entry.id,
          done: true,
          not_required: false,
        });
      }
    }
  }
  const checklist = await office.get<Checklist>(`/api/v2/checklists/${first.uid}/`);
  const mandatory = checklist.checklist.find(
    (entry) => entry.mandatory && entry.department === 'POLISHING' && isOpen(entry),
  );
  expect(mandatory, 'the demo case has an open mandatory polishing item').toBeDefined();
  const item = mandatory as ChecklistItem;
  const warehouseItem = checklist.checklist.find(
    (entry) => entry.department === 'WAREHOUSE' && isOpen(entry),
  );
  expect(warehouseItem, 'the demo case has an open warehouse item').toBeDefined();
  await signOut(page);
  await signIn(page, 'polisher');

  // Tick, then untick after the confirmation.
  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=checklists&department=ALL`);
  const card = page.getByRole('region', { name: `${first.case_mkey} ${first.job_type}` });
  const done = card.getByRole('checkbox', { name: `Done: ${item.name}` });
  // The box follows the server's answer, so it is clicked and then awaited, not check()ed.
  await done.click();
  await expect(done).toBeChecked();
  await expect(card.getByRole('checkbox', { name: `Not Required: ${item.name}` })).toBeDisabled();
  await done.click();
  const uncheck = page.getByRole('dialog');
  await expect(uncheck.getByText('Are you sure you wish to uncheck?')).toBeVisible();
  await snap(page, 'checklist-uncheck-confirm');
  await uncheck.getByRole('button', { name: 'Confirm' }).click();
  await expect(done).not.toBeChecked();
  await snap(page, 'checklists-view');

  // Another department's item: its boxes are disabled, and the row says whose it is.
  const warehouseDone = card.getByRole('checkbox', { name: `Done: ${warehouseItem?.name ?? ''}` });
  await expect(warehouseDone).toBeDisabled();
  await expect(card.getByRole('row', { name: warehouseItem?.name })).toContainText(
    'Only Warehouse staff may tick this item',
  );
  await snap(page, 'checklist-other-department');

  // Ready for Dispatch is refused while the mandatory item is open; the dialog names it.
  await openCollection(page, collection.uid, first.uid);
  const header = drawerHeader(page);
  await chooseOption(header, page, 'Finishing status', 'Ready for Dispatch');
  const confirm = page.getByRole('dialog', { name: 'Ready for Dispatch' });
  const openItems = confirm.getByLabel('Open mandatory checklist items');
  await expect(openItems).toContainText(item.name);
  await snap(page, 'ready-for-dispatch-open-items');
  // The server refuses the move with 409, which Chromium logs: the refusal is the point.
  allowConsoleErrors(/status of 409 .*\/api\/v2\/finishing\/\d+\//);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText(/Complete the mandatory checklist items first/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // The five-click ticks the polisher's own open items; the warehouse's stay open for the office.
  await tickChecklists(page, collection.uid, [first, second]);
  await expect(
    page.getByRole('region', { name: `${first.case_mkey} ${first.job_type}` }).getByRole('checkbox', {
      name: `Done: ${warehouseItem?.name ?? ''}`,
    }),
  ).not.toBeChecked();
  await signOut(page);
  await signIn(page, 'warehouse');
  await tickChecklists(page, collection.uid, [first, second]);
  await signOut(page);
  await signIn(page, 'polisher');
  await openCollection(page, collection.uid, first.uid);
  await chooseOption(drawerHeader(page), page, 'Finishing status', 'Ready for Dispatch');
  await expect(confirm.getByLabel('Open mandatory checklist items')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(drawerHeader(page).getByRole('combobox', { name: 'Finishing status' })).toHaveText(
    'Ready for Dispatch',
  );

  // Dispatch, the warehouse's: choosing one case of the group chooses both.
  await closeDrawer(page);
  await signOut(page);
  await signIn(page, 'warehouse');
  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=dispatches`);
  await page.getByRole('button', { name: 'New Dispatch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Dispatch' });
  await dialog.getByRole('checkbox', { name: new RegExp(`^${first.case_mkey} `) }).click();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${second.case_mkey} `) })).toBeChecked();
  await chooseOption(dialog, page, 'Courier', 'Australia Post');
  const tracking = `AP${Date.now()}`;
  await dialog.getByLabel('Tracking Reference').fill(tracking);
  await snap(page, 'dispatch-new');
  await dialog.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(dialog).toBeHidden();
  const link = page.getByRole('table', { name: 'Dispatches' }).getByRole('link', { name: tracking });
  await expect(link).toBeVisible();
  expect(await link.getAttribute('href')).toContain(tracking);
  await snap(page, 'dispatches-view');

  await page.goto(`/static/v2/collection.html?uid=${collection.uid}`);
  for (const dispatched of pair) {
    await expect(await showCard(page, dispatched.case_mkey)).toContainText('Dispatched');
  }
});
