import { expect, test } from './support/fixtures';
import {
  chooseOption,
  drawerHeader,
  findCollection,
  labApi,
  openCollection,
  signIn,
  snap,
  toMelbourneInput,
  type CollectionRow,
} from './support/lab';
import { outsourcingTab, type OutsourcedCase } from './support/outsourcing';

// Outsourcing as the lab and a partner live it: staff start a job from the Outsourcing tab (confirming
// the move back to design), message the partner; the partner opens the share link in a browser of its
// own, reads the message, uploads a return file and marks the job completed; staff see Review and the
// file, then end the job, and the partner's page turns read only.

/** An active, plain case out of design with no outsource job yet. */
const chooseCaseOutOfDesign = (collection: CollectionRow): OutsourcedCase | null => {
  const cases = collection.cases as OutsourcedCase[];
  return (
    cases.find(
      (item) =>
        item.active &&
        !item.in_design &&
        !item.virtual_product &&
        item.outsources.length === 0 &&
        item.redo === null,
    ) ?? null
  );
};

test('staff outsource a case, the partner returns a file through the share link, staff review and end it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(api, { index: 6, of: 11 }, chooseCaseOutOfDesign);
  await openCollection(page, collection.uid, chosen.uid);
  const tab = await outsourcingTab(page);

  // New Outsource Job: required fields first, then a digital job to the manual partner.
  await tab.getByRole('button', { name: 'Start New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Outsource Job' });
  await expect(dialog).toBeVisible();
  await chooseOption(dialog, page, 'Partner', 'Dental Design Partners');
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog.getByText('Must be provided')).toBeVisible();
  await dialog.getByLabel('Due Time').fill(toMelbourneInput(new Date(Date.now() + 3 * 86_400_000)));
  await dialog.getByRole('radio', { name: /digital/i }).check();
  await dialog.getByLabel('Note').fill('Full contour zirconia, light contacts please.');
  await snap(page, 'outsourcing-new-job');
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();

  // The case is not in design: the tab asks first, then the case moves to Design Outsourced.
  const confirm = page.getByRole('dialog', { name: 'Move to Design' });
  await expect(confirm).toBeVisible();
  await snap(page, 'outsourcing-move-to-design');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const job = tab.getByRole('region', { name: 'Outsource job: Dental Design Partners' });
  await expect(job.getByText('Not Started')).toBeVisible();
  await expect(drawerHeader(page).getByText('Design Outsourced').first()).toBeVisible();

  // A message to the partner.
  const question = `Please keep the margin at 0.5 mm ${Date.now()}`;
  await job.getByLabel('Message partner').fill(question);
  await job.getByRole('button', { name: 'Send' }).click();
  await expect(job.getByText(question)).toBeVisible();
  await snap(page, 'outsourcing-tab-started');

  // The partner opens the share link in its own browser (no staff session).
  const shareLink = (await job.getByRole('link', { name: 'Share link' }).getAttribute('href')) ?? '';
  expect(shareLink).toMatch(/\/static\/v2\/partner\.html\?key=[A-Za-z0-9_-]{43}$/);
  const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const partner = await partnerContext.newPage();
  await partner.goto(shareLink);
  await expect(
    partner.getByRole('heading', { name: `Case ${collection.collection_id} · ${chosen.case_mkey}` }),
  ).toBeVisible();
  await expect(partner.getByText(question)).toBeVisible();
  await partner.getByLabel('Choose return files').setInputFiles('tests/fixtures/tetrahedron.stl');
  const returned = partner.getByRole('region', { name: 'Files you returned' });
  await expect(returned.getByText('tetrahedron.stl')).toBeVisible();
  await partner.getByRole('textbox', { name: 'Message' }).fill('Design uploaded, please review.');
  await partner.getByRole('button', { name: 'Send' }).click();
  await expect(partner.getByText('Design uploaded, please review.')).toBeVisible();
  await partner.getByRole('button', { name: 'Mark job completed' }).click();
  await partner.getByRole('dialog').getByRole('button', { name: 'Mark job completed' }).click();
  await expect(partner.getByText('Completed — awaiting review')).toBeVisible();
  await snap(partner, 'partner-page-completed');

  // Staff see Review, the returned file and the partner's message without reloading.
  await expect(job.getByText('Review', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(job.getByText('Design uploaded, please review.')).toBeVisible();
  await expect(
    tab.getByRole('region', { name: /Received Files/i }).getByText('tetrahedron.stl'),
  ).toBeVisible();
  await snap(page, 'outsourcing-tab-review');

  // Ending the job after 'Are you sure?'.
  await job.getByRole('button', { name: 'End', exact: true }).click();
  const end = page.getByRole('dialog', { name: 'End Outsource Job' });
  await expect(end.getByText('Are you sure?')).toBeVisible();
  await end.getByRole('button', { name: 'Confirm' }).click();
  await expect(job.getByText('Complete', { exact: true })).toBeVisible();

  // The partner's page is read only from now on.
  await partner.reload();
  await expect(partner.getByText('This job has ended')).toBeVisible();
  await expect(partner.getByRole('button', { name: 'Mark job completed' })).toHaveCount(0);
  await partnerContext.close();
});

type CaseWithFiles = OutsourcedCase & { order_files: { id: number; filename: string }[] };

/** An active case in design with an order file to send and no outsource job yet. */
const chooseCaseWithScan = (collection: CollectionRow): CaseWithFiles | null => {
  const cases = collection.cases as CaseWithFiles[];
  return (
    cases.find(
      (item) =>
        item.active &&
        item.in_design &&
        !item.virtual_product &&
        item.outsources.length === 0 &&
        item.order_files.length > 0,
    ) ?? null
  );
};

test('an integrated job goes Queued to Send, Sent, then comes back with the partner’s files', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(api, { index: 7, of: 11 }, chooseCaseWithScan);
  await openCollection(page, collection.uid, chosen.uid);
  const tab = await outsourcingTab(page);

  await tab.getByRole('button', { name: 'Start New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Outsource Job' });
  await chooseOption(dialog, page, 'Partner', 'Evident Digital');
  // The integrated form: every required choice is named before anything is sent.
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog.getByText('Must be supplied')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Design Types' }).click();
  await page.getByRole('option', { name: /^205 · / }).click();
  await page.keyboard.press('Escape');
  await chooseOption(dialog, page, 'Scanner', '3Shape');
  await chooseOption(dialog, page, 'Position', 'posterior');
  await dialog.getByLabel('Instructions').fill('Screw-retained crown, access channel lingual.');
  const scan = chosen.order_files[0]?.filename ?? '';
  await chooseOption(dialog, page, 'File to send', new RegExp(scan.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await snap(page, 'outsourcing-integrated-form');
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The request is sent by the job queue to the partner (the local simulator), which completes the work
  // and calls our signed webhook; the card follows without a reload.
  const job = tab.getByRole('region', { name: 'Outsource job: Evident Digital' });
  await expect(job.getByText(/Queued to Send|Sent/).first()).toBeVisible();
  await expect(job.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await snap(page, 'outsourcing-integrated-sent');
  // While the partner's files are fetched and stored the collection's files are locked: the bar shows.
  const lockBar = page.getByRole('status', { name: 'File operation in progress' });
  await expect(lockBar).toBeVisible({ timeout: 30_000 });
  await snap(page, 'file-lock-bar');
  await expect(job.getByText('Review', { exact: true })).toBeVisible({ timeout: 60_000 });
  const received = tab.getByRole('region', { name: 'Received Files' });
  await expect(received.getByText(/design\.stl$/)).toBeVisible();
  // The partner's design copied into the case's internal files.
  await received.getByRole('button', { name: 'Copy to Internal Files' }).click();
  await expect(received.getByRole('button', { name: 'Copy Queued' })).toBeVisible();
  await expect(job.getByRole('button', { name: 'Request Redo' })).toBeEnabled();
  await snap(page, 'outsourcing-integrated-completed');

  // A redo: the notes are required, then the request shows its Redo badge.
  await job.getByRole('button', { name: 'Request Redo' }).click();
  const redo = page.getByRole('dialog', { name: 'Request Outsource Redo' });
  await redo.getByRole('button', { name: 'Request Redo' }).click();
  await expect(redo.getByText('Cannot be blank')).toBeVisible();
  await redo.getByLabel('Notes').fill('Please open the contact on 46 a little.');
  await snap(page, 'outsourcing-redo-dialog');
  await redo.getByRole('button', { name: 'Request Redo' }).click();
  await expect(redo).toBeHidden();
  await expect(job.getByText('Redo', { exact: true })).toBeVisible();
});
