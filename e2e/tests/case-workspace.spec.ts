import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  chooseOption,
  closeDrawer,
  daysFrom,
  dentateTabOf,
  drawerHeader,
  drawerTab,
  findCollection,
  isPlainActiveCase,
  labApi,
  openCaseFromCard,
  openCollection,
  signIn,
  snap,
  showCard,
  signOut,
  tickChecklists,
  toMelbourneInput,
  type CaseRow,
  type ScheduleRow,
} from './support/lab';

// The case workspace as staff use it: the Components view's dentate tabs, the case drawer's Overview
// (details, component lines, implants), Progress and the finishing status selector with a group, the
// Timeline (immediacy, Modify Case Times), Audit and Order Form, and Received, Mark as Done and Redo.
// Every flow picks its own demo records through the API by their properties, from its own share of the
// collections, so the flows run in any order and on any day.

const slots = 6;

// The lab's own zone and locale, so the times on screen read as they do at the lab.
test.use({ timezoneId: 'Australia/Melbourne', locale: 'en-AU' });

/** Edit, Save or Cancel of the Case Details heading (implant cards have Edit buttons of their own). */
const overviewButton = (page: Page, name: string) =>
  drawerTab(page, 'Overview')
    .getByRole('heading', { name: 'Case Details' })
    .locator('xpath=..')
    .getByRole('button', { name, exact: true });

test('the components view lists each dentate tab with its own cards', async ({ page }) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen: tabs } = await findCollection(api, { index: 0, of: slots }, (candidate) => {
    const byTab = new Map<string, string[]>();
    for (const item of candidate.cases) {
      const tab = dentateTabOf(item);
      byTab.set(tab, [...(byTab.get(tab) ?? []), item.case_mkey]);
    }
    return byTab.size > 1 ? byTab : null;
  });

  await openCollection(page, collection.uid);
  const tabList = page.getByRole('tablist', { name: 'Dentate' });
  const order = ['Upper', 'Lower', 'Both', 'None'].filter((tab) => tabs.has(tab));
  await expect(tabList.getByRole('tab')).toHaveCount(order.length);
  for (const [at, tab] of order.entries()) {
    const keys = tabs.get(tab) ?? [];
    await expect(tabList.getByRole('tab').nth(at)).toHaveAccessibleName(`${tab} (${keys.length})`);
  }

  for (const tab of order.toReversed()) {
    const keys = tabs.get(tab) ?? [];
    await tabList.getByRole('tab', { name: `${tab} (${keys.length})` }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel.getByTestId('component-card')).toHaveCount(keys.length);
    const shown = await panel.getByTestId('component-card').getByRole('heading').allInnerTexts();
    expect(shown.toSorted()).toEqual(keys.toSorted());
    await snap(page, `components-tab-${tab.toLowerCase()}`);
  }
});

test('the overview saves case details and an attachment line, then reads them back', async ({ page }) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen: caseItem } = await findCollection(
    api,
    { index: 1, of: slots },
    (candidate) =>
      candidate.cases.find((item) => isPlainActiveCase(item) && item.attachments.length === 0) ?? null,
  );
  const batch = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const dentate = caseItem.dentate === 'BOTH' ? 'NONE' : 'BOTH';

  await openCollection(page, collection.uid);
  await openCaseFromCard(page, caseItem.case_mkey);
  // All nine tabs fit the drawer at this width: no scroll arrows beside them.
  await expect(page.getByRole('tab', { name: 'Audit' })).toBeVisible();
  await expect(page.locator('.MuiTabs-scrollButtons')).toHaveCount(0);
  const overview = drawerTab(page, 'Overview');
  await overviewButton(page, 'Edit').click();

  await overview.getByLabel('Material Batch Number').fill(batch);
  await chooseOption(overview, page, 'Dentate', dentate);
  await overview.getByRole('button', { name: 'New Attachments' }).click();
  // One blank line at a time: New waits until the line has its part.
  await expect(overview.getByRole('button', { name: 'New Attachments' })).toBeDisabled();
  await overview.getByRole('combobox', { name: 'Attachments' }).click();
  const part = page.getByRole('option').first();
  const partText = (await part.innerText()).trim();
  await part.click();
  await overview.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await expect(overview.getByRole('button', { name: 'New Attachments' })).toBeEnabled();
  await snap(page, 'overview-edit');

  await overviewButton(page, 'Save').click();
  await expect(overviewButton(page, 'Edit')).toBeVisible();
  await expect(overview.getByText(batch, { exact: true })).toBeVisible();
  const dentateField = overview.getByText('Dentate', { exact: true }).locator('xpath=..');
  await expect(dentateField).toContainText(dentate);
  const attachmentsField = overview.getByText('Attachments', { exact: true }).locator('xpath=..');
  await expect(attachmentsField.getByRole('listitem')).toHaveText([`2 × ${partText}`]);
  await snap(page, 'overview-read');

  const saved = await api.caseOf(collection.uid, caseItem.uid);
  expect(saved.material_batch_number).toBe(batch);
  expect(saved.dentate).toBe(dentate);
  expect(saved.attachments.map((line) => line.quantity)).toEqual([2]);

  await page.getByRole('tab', { name: 'Audit' }).click();
  // Newest first: the component lines, then the details (two changes: behind the Changes button).
  const caseAudit = page.getByRole('list', { name: 'Case Audit' });
  await caseAudit.getByRole('button', { name: 'Changes (2)' }).first().click();
  const changes = page.getByRole('dialog', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: `material_batch_number — ${batch}` })).toBeVisible();
  await expect(changes.getByRole('row', { name: new RegExp(`^dentate .* ${dentate}$`) })).toBeVisible();
  await snap(page, 'overview-audit-changes');
  await changes.getByRole('button', { name: 'Close' }).click();
  await expect(changes).toBeHidden();
});

/** A tooth of the case's jaw with no implant yet, nearest the front first. */
const findFreeTeeth = (item: CaseRow, count: number): number[] => {
  const taken = new Set(item.implants.map((implant) => implant.tooth));
  const isLower = item.implants.some((implant) => implant.tooth > 30) || item.dentate === 'LOWER';
  const quadrants = isLower ? [3, 4] : [1, 2];
  const teeth = [1, 2, 3, 4, 5, 6, 7].flatMap((n) => quadrants.map((q) => q * 10 + n));
  return teeth.filter((tooth) => !taken.has(tooth)).slice(0, count);
};

test('in edit mode an implant and a pontic are added and one is removed', async ({ page }) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen: caseItem } = await findCollection(api, { index: 2, of: slots }, (candidate) =>
    candidate.fulfillment_branch_id === null
      ? null
      : (candidate.cases.find(
          (item) => isPlainActiveCase(item) && item.implants.length > 0 && item.implants.length <= 4,
        ) ?? null),
  );
  const [implantTooth, ponticTooth] = findFreeTeeth(caseItem, 2);
  if (implantTooth === undefined || ponticTooth === undefined) throw new Error('no free teeth');
  const before = caseItem.implants.length;

  await openCollection(page, collection.uid);
  await openCaseFromCard(page, caseItem.case_mkey);
  const overview = drawerTab(page, 'Overview');
  const cards = overview.getByTestId('implant-card');
  await expect(cards).toHaveCount(before);
  await expect(overview.getByRole('button', { name: 'Add Implant' })).toHaveCount(0);
  await overviewButton(page, 'Edit').click();

  await overview.getByRole('button', { name: 'Add Implant' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Implant' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: `Tooth ${implantTooth}` }).click();
  await expect(dialog.getByText(`Tooth: ${implantTooth}`)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Implant Platform' }).click();
  const platform = page.getByRole('option').first();
  const platformName = (await platform.innerText()).trim();
  await platform.click();
  await snap(page, 'implant-add-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const implantCard = cards.filter({ has: page.getByLabel(`Tooth ${implantTooth}`, { exact: true }) });
  await expect(implantCard).toContainText(platformName);
  await expect(cards).toHaveCount(before + 1);

  await overview.getByRole('button', { name: 'Add Implant' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Implant' });
  // The tooth just used cannot be picked twice.
  await expect(dialog.getByRole('button', { name: `Tooth ${implantTooth}` })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await dialog.getByRole('button', { name: `Tooth ${ponticTooth}` }).click();
  await dialog.getByLabel('Pontic (no implant)').check();
  await expect(dialog.getByRole('combobox', { name: 'Implant Platform' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const ponticCard = cards.filter({ has: page.getByLabel(`Tooth ${ponticTooth}`, { exact: true }) });
  await expect(ponticCard.getByText('Pontic', { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(before + 2);
  const implantsHeading = overview.getByRole('heading', { name: 'Implants' });
  await implantsHeading.scrollIntoViewIfNeeded();
  await expect(overview.getByRole('button', { name: 'Add Implant' })).toBeInViewport();
  await snap(page, 'implants-added');

  await ponticCard.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Implant' });
  await expect(confirm).toContainText(`Remove the implant at tooth ${ponticTooth}? Are you sure?`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(ponticCard).toHaveCount(0);
  await expect(cards).toHaveCount(before + 1);
  // The list scrolls by itself: its heading and Add Implant stay in reach.
  await implantsHeading.scrollIntoViewIfNeeded();
  await expect(overview.getByRole('button', { name: 'Add Implant' })).toBeInViewport();
  await snap(page, 'implants-after-remove');

  await overviewButton(page, 'Cancel').click();
  await expect(overview.getByRole('button', { name: 'Add Implant' })).toHaveCount(0);
  await expect(cards).toHaveCount(before + 1);
  const teeth = (await api.caseOf(collection.uid, caseItem.uid)).implants.map((implant) => implant.tooth);
  expect(teeth).toContain(implantTooth);
  expect(teeth).not.toContain(ponticTooth);

  await page.getByRole('tab', { name: 'Audit' }).click();
  const implantAudit = page.getByRole('list', { name: 'Implant Audit' });
  await expect(implantAudit.getByText(`DELETED — tooth ${ponticTooth}`)).toBeVisible();
  await expect(implantAudit.getByText(new RegExp(`— tooth ${implantTooth}$`)).first()).toBeVisible();
});

/** Progress dialog: choose the status, see its department, save (and agree to leave production). */
const progressTo = async (page: Page, caseItem: CaseRow, status: string, department: string) => {
  await drawerHeader(page).getByRole('button', { name: 'Progress' }).click();
  const dialog = page.getByRole('dialog', { name: `Progress Case ${caseItem.case_mkey}` });
  await chooseOption(dialog, page, 'Status', status);
  await expect(dialog.getByLabel('Department')).toHaveValue(department);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const removal = page.getByRole('dialog', { name: 'Remove from production' });
  // The save ends one of two ways: the dialog closes, or the server asks to leave production first.
  // A quick save may close the dialog before anything looks, so wait for either outcome itself.
  await expect
    .poll(async () => (await removal.isVisible()) || !(await dialog.isVisible()), { timeout: 15_000 })
    .toBe(true);
  if (await removal.isVisible()) {
    await expect(removal).toContainText('This case will be removed from production. Are you sure?');
    await removal.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(dialog).toBeHidden();
  await expect(removal).toBeHidden();
  await expect(drawerHeader(page)).toContainText(status);
};

const setGroupNumber = async (page: Page, option: string | RegExp, caseMkey: string) => {
  await openCaseFromCard(page, caseMkey);
  const overview = drawerTab(page, 'Overview');
  await overviewButton(page, 'Edit').click();
  await chooseOption(overview, page, 'Group Number', option);
  await overviewButton(page, 'Save').click();
  await expect(overviewButton(page, 'Edit')).toBeVisible();
  const groupField = overview.getByText('Group Number', { exact: true }).locator('xpath=..');
  const text = (await groupField.innerText()).replace('Group Number', '').trim();
  expect(text).toMatch(/^\d+$/);
  await closeDrawer(page);
  return Number(text);
};

test('a case progresses to the lab and polishing marks it and its group Ready for Dispatch', async ({
  page,
}) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen: pair } = await findCollection(api, { index: 3, of: slots }, (candidate) => {
    // One case in design to progress, and another active one not in the lab yet, both in no group.
    const free = candidate.cases.filter((item) => isPlainActiveCase(item) && item.group_number === null);
    const inDesign = free.find((item) => item.in_design);
    const other = free.find((item) => item !== inDesign && !item.in_lab);
    return inDesign && other ? ([inDesign, other] as const) : null;
  });
  const [first, second] = pair;

  await openCollection(page, collection.uid);
  const group = await setGroupNumber(page, /^New group \(\d+\)$/, first.case_mkey);
  expect(await setGroupNumber(page, `Group ${group}`, second.case_mkey)).toBe(group);

  await openCaseFromCard(page, first.case_mkey);
  await expect(drawerHeader(page).getByText('Design', { exact: true })).toBeVisible();
  await progressTo(page, first, 'Programming', 'MACHINING');
  await expect(drawerHeader(page).getByText('Production', { exact: true })).toBeVisible();
  await progressTo(page, first, 'Polishing', 'POLISHING');
  await expect(drawerHeader(page).getByText('Lab', { exact: true })).toBeVisible();
  // Only polishing staff get the finishing selector.
  await expect(drawerHeader(page).getByRole('combobox', { name: 'Finishing status' })).toHaveCount(0);
  await snap(page, 'progress-in-lab');
  await closeDrawer(page);

  // Both cases' mandatory QC items are ticked first, each department its own (the others' boxes are
  // disabled): the server refuses the move while one is open.
  await tickChecklists(page, collection.uid, [first, second]);
  await signOut(page);
  for (const bench of ['machinist', 'warehouse'] as const) {
    await signIn(page, bench);
    await tickChecklists(page, collection.uid, [first, second]);
    await signOut(page);
  }
  await signIn(page, 'polisher');
  await tickChecklists(page, collection.uid, [first, second]);
  await openCollection(page, collection.uid, first.uid);
  const header = drawerHeader(page);
  await expect(header.getByRole('combobox', { name: 'Finishing status' })).toHaveText('Polishing');
  await chooseOption(header, page, 'Finishing status', 'Ready for Dispatch');
  const confirm = page.getByRole('dialog', { name: 'Ready for Dispatch' });
  await expect(confirm).toContainText('Are you sure you want to mark this case as Ready for Dispatch?');
  await expect(confirm).toContainText(
    'The other cases of this group will also be marked Ready for Dispatch:',
  );
  await expect(confirm.getByRole('listitem')).toHaveText([
    `${second.case_mkey} ${second.job_type} (${second.status})`,
  ]);
  await expect(confirm).toContainText('Please make sure all components are present.');
  await snap(page, 'ready-for-dispatch-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(header.getByRole('combobox', { name: 'Finishing status' })).toHaveText('Ready for Dispatch');
  await closeDrawer(page);

  for (const item of [first, second]) {
    await expect(await showCard(page, item.case_mkey)).toContainText('Ready for Dispatch');
    await snap(page, `ready-for-dispatch-card-${item.case_mkey}`);
  }
  // Signing out revoked the designer's token: read as the polisher.
  const after = await (await labApi(page)).collection(collection.uid);
  for (const item of [first, second]) {
    expect(after.cases.find((other) => other.uid === item.uid)?.status).toBe('Ready for Dispatch');
  }
});

test('the timeline runs an immediacy and modifies the case times; audit and order form show', async ({
  page,
}) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  // No approval on the case: time waiting on the client would move its design due times.
  const { collection, chosen: caseItem } = await findCollection(api, { index: 4, of: slots }, (candidate) =>
    candidate.fulfillment_branch_id === null
      ? null
      : (candidate.cases.find(
          (item) =>
            isPlainActiveCase(item) &&
            !candidate.approvals.some((approval) => approval.case_uid === item.uid),
        ) ?? null),
  );
  const schedule = await api.get<ScheduleRow>(`/api/v2/case/${caseItem.case_id}/schedule/`);
  const currentStart = toMelbourneInput(new Date(schedule.start_time));

  await openCollection(page, collection.uid);
  await openCaseFromCard(page, caseItem.case_mkey);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = drawerTab(page, 'Timeline');

  const hours = timeline.getByLabel('Hours');
  await expect(timeline.getByRole('button', { name: 'Start' })).toBeDisabled();
  await hours.fill('3');
  await timeline.getByRole('button', { name: 'Start' }).click();
  let confirm = page.getByRole('dialog', { name: 'Start Immediacy' });
  await expect(confirm).toContainText('Are you sure you want to start an immediacy of 3 hours?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  const countdown = timeline.getByLabel('Immediacy countdown');
  await expect(countdown).toHaveText(/^02:59:\d\d$/);
  const firstReading = await countdown.innerText();
  await expect.poll(() => countdown.innerText(), { timeout: 5000 }).not.toBe(firstReading);
  await expect(drawerHeader(page).getByLabel('Immediacy countdown')).toHaveText(/^02:5\d:\d\d$/);
  await snap(page, 'timeline-immediacy');

  await timeline.getByRole('button', { name: 'End' }).click();
  confirm = page.getByRole('dialog', { name: 'End Immediacy' });
  await expect(confirm).toContainText('Are you sure you want to end the immediacy?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(countdown).toHaveCount(0);
  await expect(hours).toBeVisible();

  // Modify Case Times. A start a month after the customer's due time must make the customer late…
  await timeline.getByRole('button', { name: 'Modify Case Times' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modify Case Times' });
  const startInput = dialog.getByLabel(/New Start Time/);
  await expect(startInput).toHaveValue(currentStart);
  await startInput.fill(toMelbourneInput(daysFrom(schedule.customer_due_time, 30)));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const stages = dialog.getByRole('table', { name: 'Stage schedule' });
  await expect(stages.getByRole('columnheader', { name: 'Original Due Time' })).toBeVisible();
  await expect(stages.getByRole('columnheader', { name: 'New Due Time' })).toBeVisible();
  await expect(stages.getByRole('row')).toHaveCount(5);
  // Seven columns, times in another year included, fit the 800 px dialog without a sideways scroll.
  expect(await stages.locator('xpath=..').evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
  const bufferRow = dialog
    .getByRole('table', { name: 'Due times' })
    .getByRole('row', { name: /Buffer Time/ });
  const newBuffer = await bufferRow.getByRole('cell').last().innerText();
  const lateHours = -Number(/^(-?\d+) business hours$/.exec(newBuffer.trim())?.[1]);
  expect(lateHours).toBeGreaterThan(0);
  await expect(dialog.getByRole('alert')).toHaveText(
    `Customer's due time has changed by ${lateHours} business hours - they will need to be contacted.`,
  );
  await snap(page, 'modify-times-late');

  // …and one two months before it leaves the customer's due time alone.
  await dialog.getByRole('button', { name: 'Back' }).click();
  // (A day more when the case already starts then, so the save is a change the audit records.)
  const earlyStart = [-60, -61]
    .map((days) => toMelbourneInput(daysFrom(schedule.customer_due_time, days)))
    .find((start) => start !== currentStart);
  if (!earlyStart) throw new Error('no early start');
  await startInput.fill(earlyStart);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("Customer's due time has not changed.");
  await expect(stages.getByRole('columnheader', { name: 'New Due Time' })).toBeVisible();
  await snap(page, 'modify-times-preview');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const saved = await api.get<ScheduleRow>(`/api/v2/case/${caseItem.case_id}/schedule/`);
  expect(toMelbourneInput(new Date(saved.start_time))).toBe(earlyStart);
  await timeline.getByRole('button', { name: 'Modify Case Times' }).click();
  await expect(startInput).toHaveValue(earlyStart);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await timeline.getByRole('table', { name: 'Due times' }).scrollIntoViewIfNeeded();
  await snap(page, 'timeline-after-save');

  await page.getByRole('tab', { name: 'Audit' }).click();
  const caseAudit = page.getByRole('list', { name: 'Case Audit' });
  // Newest first: the new start, the immediacy ended, the immediacy started; each by the designer.
  const rows = caseAudit.getByRole('listitem');
  await expect(rows.nth(0)).toContainText(/— designer\s*schedule_start: .+ → .+$/);
  await expect(rows.nth(1)).toContainText(/— designer\s*immediacy_due: .+ → —$/);
  await expect(rows.nth(2)).toContainText(/— designer\s*immediacy_due: — → .+$/);
  await snap(page, 'audit');

  await page.getByRole('tab', { name: 'Order Form' }).click();
  const orderForm = drawerTab(page, 'Order Form');
  await expect(
    orderForm.getByText('No Order Forms...').or(orderForm.getByText(/^Order Form — /).first()),
  ).toBeVisible();
  await snap(page, 'order-form');
});

test('a virtual component is received and marked as done, and its redo opens as a new dark red case', async ({
  page,
}) => {
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen: caseItem } = await findCollection(
    api,
    { index: 5, of: slots },
    (candidate) =>
      candidate.cases.find(
        (item) =>
          item.active &&
          item.virtual_product &&
          item.date_received === null &&
          item.redo === null &&
          item.immediacy_due === null,
      ) ?? null,
  );

  // Done means dispatched: its mandatory QC items are ticked first.
  await tickChecklists(page, collection.uid, [caseItem]);
  await openCollection(page, collection.uid);
  await openCaseFromCard(page, caseItem.case_mkey);
  const header = drawerHeader(page);
  await expect(header.getByText('Virtual', { exact: true })).toBeVisible();

  await header.getByRole('button', { name: 'Received' }).click();
  let confirm = page.getByRole('dialog', { name: 'Received' });
  await expect(confirm).toContainText('Mark this case as received?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  // Received is offered only while date_received is empty.
  await expect(header.getByRole('button', { name: 'Received' })).toHaveCount(0);

  await header.getByRole('button', { name: 'Mark as Done' }).click();
  confirm = page.getByRole('dialog', { name: 'Mark as Done' });
  await expect(confirm).toContainText(
    'Marking this virtual component as done sets it to Dispatched and raises an invoice. This cannot be undone. Are you sure?',
  );
  await snap(page, 'mark-as-done-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(header.getByText('Dispatched', { exact: true })).toBeVisible();
  // No longer active: neither Progress nor Mark as Done; Redo always.
  await expect(header.getByRole('button', { name: 'Progress' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Mark as Done' })).toHaveCount(0);
  const done = await api.caseOf(collection.uid, caseItem.uid);
  expect(done.status).toBe('Dispatched');
  expect(done.date_received).not.toBeNull();

  await header.getByRole('button', { name: 'Redo' }).click();
  const redo = page.getByRole('dialog', { name: `Redo Case ${caseItem.case_mkey}` });
  await redo.getByRole('button', { name: 'Create Redo' }).click();
  await expect(redo.getByText('Must be selected')).toHaveCount(3);
  await redo.getByLabel('Internal Redo').check();
  await chooseOption(redo, page, 'Reason', 'Design');
  await redo.getByLabel('Discount').check();
  await redo.getByLabel('Discount (%)').fill('50');
  await snap(page, 'redo-dialog');
  await redo.getByRole('button', { name: 'Create Redo' }).click();
  await expect(redo).toBeHidden();

  // The drawer shows the new case: the next key of the collection, dark red, an internal redo.
  const nextKey = `${collection.collection_id}-${String(collection.cases.length + 1).padStart(2, '0')}`;
  await expect(header.getByRole('heading', { name: nextKey })).toBeVisible();
  await expect(header.getByText('Internal Redo', { exact: true })).toBeVisible();
  await expect(header).toHaveAttribute('data-tone', 'redo');
  await expect(header.getByText('Awaiting Status Allocation', { exact: true })).toBeVisible();
  await snap(page, 'redo-case');
  await closeDrawer(page);

  const card = await showCard(page, nextKey);
  await expect(card).toHaveCSS('background-color', 'rgb(139, 0, 0)');
  await expect(await showCard(page, caseItem.case_mkey)).toContainText('Dispatched');
  await showCard(page, nextKey);
  await snap(page, 'redo-card');
});
