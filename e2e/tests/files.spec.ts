import type { Page } from '@playwright/test';
import { chromiumArgs, chromiumPath, labOrigin } from './support/chromium';
import { fileRow, fixture, openFilesTab, type FilesCase } from './support/files';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import {
  drawerHeader,
  drawerTab,
  findCollection,
  labApi,
  signIn,
  snap,
  type CollectionRow,
} from './support/lab';

// The Files tab and the file tools as staff use them: upload with the file dialog, open each kind in
// the full-screen viewer (3D model, image, HTML preview), blur an image in the editor and restore it,
// delete with confirmation, take a photo with the camera card, and upload a return file through the file
// service. Records are picked through the API by their properties, from this file's own share of the
// active collections.

// A fake camera for the Photo card (Chromium's own test device) and the lab's zone. The camera API exists
// only in a secure context: this browser counts the lab's plain-HTTP address as one, as a lab's PCs can be
// set up to (lab-network-files.spec.ts covers the Photo card where it is not).
test.use({
  timezoneId: 'Australia/Melbourne',
  locale: 'en-AU',
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--unsafely-treat-insecure-origin-as-secure=${labOrigin}`,
    ],
  },
});

const filesOf = (item: FilesCase) => [...item.order_files, ...item.internal_files, ...item.approval_files];

/** A case whose files include each extension asked for (newest collections first). */
const findCaseWithFiles = async (page: Page, slot: number, wants: (item: FilesCase) => boolean) => {
  const api = await labApi(page);
  return findCollection(api, { index: slot, of: 4 }, (candidate: CollectionRow) => {
    const found = (candidate.cases as FilesCase[]).find((item) => item.active && wants(item));
    return found ?? null;
  });
};

/** The full-screen viewer of one file (named by the file). */
const viewer = (page: Page, fileName: string) => page.getByRole('dialog', { name: fileName, exact: true });

test('uploads a scan and a photo, shows the scan in 3D, and deletes it after confirming', async ({
  page,
}) => {
  await signIn(page, 'designer');
  const { collection, chosen } = await findCaseWithFiles(page, 0, (item) => !item.virtual_product);
  const tab = await openFilesTab(page, collection.uid, chosen);
  for (const title of ['Order Files', 'Internal Files', 'Approval Files']) {
    await expect(tab.getByRole('heading', { name: title })).toBeVisible();
  }
  const internal = tab.getByLabel('Internal Files', { exact: true });
  await internal
    .getByLabel('Upload Internal Files')
    .setInputFiles([fixture('tetrahedron.stl'), fixture('face.png')]);
  const row = fileRow(internal, 'tetrahedron.stl');
  await expect(row).toBeVisible();
  await expect(fileRow(internal, 'face.png')).toBeVisible();
  await snap(page, 'files-tab');

  await row.click();
  const dialog = viewer(page, 'tetrahedron.stl');
  await expect(dialog.locator('canvas')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fit to view' }).click();
  await snap(page, 'files-viewer-3d');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await internal.getByRole('button', { name: 'Delete tetrahedron.stl' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete File' });
  await expect(confirm).toContainText('Are you sure you want to delete tetrahedron.stl?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toBeHidden();
  await page.getByRole('tab', { name: 'Audit' }).click();
  await expect(drawerTab(page, 'Audit')).toContainText('tetrahedron.stl');
});

test('blurs a region of an uploaded photo; a machinist cannot restore it, the designer can', async ({
  browser,
  page,
}) => {
  await signIn(page, 'designer');
  const { collection, chosen } = await findCaseWithFiles(page, 1, (item) => !item.virtual_product);
  const tab = await openFilesTab(page, collection.uid, chosen);
  const internal = tab.getByLabel('Internal Files', { exact: true });
  await internal.getByLabel('Upload Internal Files').setInputFiles(fixture('face.png'));
  await fileRow(internal, 'face.png').click();
  const dialog = viewer(page, 'face.png');
  await expect(dialog.getByRole('img')).toBeVisible();
  await snap(page, 'files-viewer-image');

  await dialog.getByRole('button', { name: 'Edit' }).click();
  const canvas = dialog.getByLabel('Image editor canvas');
  await expect(canvas).toBeVisible();
  const blur = dialog.getByRole('button', { name: 'Blur', exact: true });
  await expect(blur).toBeDisabled();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas box');
  await canvas.click({ position: { x: box.width * 0.3, y: box.height * 0.45 } });
  await canvas.click({ position: { x: box.width * 0.7, y: box.height * 0.45 } });
  // A third click adds no point.
  await canvas.click({ position: { x: box.width * 0.5, y: box.height * 0.8 } });
  await expect(blur).toBeEnabled();
  await dialog.getByRole('button', { name: 'Blur with Midline' }).click();
  await snap(page, 'files-image-editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const editedRow = fileRow(internal, 'face.png', '\\s*Edited');
  await expect(editedRow).toBeVisible();

  // A machinist sees the edited image but is offered no restore, and the server refuses one.
  const machinistPage = await (await browser.newContext({ timezoneId: 'Australia/Melbourne' })).newPage();
  await signIn(machinistPage, 'machinist');
  const machinistTab = await openFilesTab(machinistPage, collection.uid, chosen);
  await fileRow(machinistTab.getByLabel('Internal Files', { exact: true }), 'face.png', '\\s*Edited').click();
  const machinistViewer = viewer(machinistPage, 'face.png');
  await machinistViewer.getByRole('button', { name: 'Edit' }).click();
  await expect(machinistViewer.getByLabel('Image editor canvas')).toBeVisible();
  await expect(machinistViewer.getByRole('button', { name: 'Restore original' })).toHaveCount(0);
  const api = await labApi(machinistPage);
  const edited = ((await api.collection(collection.uid)).cases as FilesCase[])
    .find((item) => item.uid === chosen.uid)
    ?.internal_files.find((f) => f.filename === 'face.png');
  // The machinist's page asks anyway: Chromium logs the refusal.
  allowConsoleErrors(/status of 403 .*\/api\/v2\/case\/\d+\//);
  const refused = await api.call('POST', `/api/v2/case/${chosen.case_id}/`, {
    action: 'restore_file',
    type: 'internal_file',
    file_id: edited?.id,
  });
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual({
    error: {
      code: 'forbidden',
      message: 'Only an administrator or the design department can restore the original image',
    },
  });
  await machinistPage.context().close();

  await editedRow.click();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Restore original' }).click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(editedRow).toHaveCount(0);
  await expect(fileRow(internal, 'face.png')).toBeVisible();
});

test('shows an HTML design preview in a sandboxed frame', async ({ page }) => {
  await signIn(page, 'designer');
  const { collection, chosen } = await findCaseWithFiles(page, 2, (item) =>
    filesOf(item).some((f) => f.filename.endsWith('.html')),
  );
  const html = filesOf(chosen).find((f) => f.filename.endsWith('.html'));
  if (!html) throw new Error('no html');
  const tab = await openFilesTab(page, collection.uid, chosen);
  await fileRow(tab, html.filename).first().click();
  const frame = viewer(page, html.filename).locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(page.frameLocator('iframe').getByText('Design preview').first()).toBeVisible();
  await snap(page, 'files-viewer-html');
});

test('takes a photo with the camera card and uploads a return file', async ({ page }) => {
  await signIn(page, 'designer');
  const { collection, chosen } = await findCaseWithFiles(
    page,
    3,
    (item) => item.requires_return_file && !item.dispatched && !item.cancelled,
  );
  const tab = await openFilesTab(page, collection.uid, chosen);
  const toolbar = drawerHeader(page);

  await toolbar.getByRole('button', { name: 'Photo' }).click();
  const camera = page.getByRole('dialog', { name: new RegExp(`Photo · ${chosen.case_mkey}`) });
  await camera.getByRole('button', { name: 'Start camera' }).click();
  await camera.getByRole('button', { name: 'Take photo' }).click();
  await snap(page, 'files-camera');
  await camera.getByRole('button', { name: 'Save' }).click();
  await expect(camera.getByRole('button', { name: 'Saved' })).toBeVisible();
  await camera.getByRole('button', { name: 'Close camera' }).click();
  await expect(camera).toBeHidden();
  await expect(
    tab.getByLabel('Internal Files', { exact: true }).getByText(/^photo_\d{8}_\d{6}\.jpg$/),
  ).toBeVisible();

  await toolbar.getByRole('button', { name: 'Upload Return File' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Return File' });
  await upload.getByLabel('Return file').setInputFiles(fixture('crown_design.zip'));
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByText('Return file uploaded')).toBeVisible();
  await expect(upload.getByText('crown_design.zip')).toBeVisible();
  await snap(page, 'files-return-file');
  await upload.getByRole('button', { name: 'Close' }).click();
  await expect(tab.getByLabel('Return Files')).toContainText('crown_design.zip');
});

test('without a camera the Photo card returns to its start and offers a photo from the device', async ({
  page,
}) => {
  // The browser reports no camera (as on a desktop without one).
  await page.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    });
  });
  await signIn(page, 'designer');
  const { collection, chosen } = await findCaseWithFiles(page, 2, (item) => !item.virtual_product);
  await openFilesTab(page, collection.uid, chosen);
  await drawerHeader(page).getByRole('button', { name: 'Photo' }).click();
  const camera = page.getByRole('dialog', { name: new RegExp(`Photo · ${chosen.case_mkey}`) });
  // The card logs the browser's refusal for whoever looks into a camera that will not start.
  allowConsoleErrors(/Requested device not found/);
  await camera.getByRole('button', { name: 'Start camera' }).click();
  await expect(camera.getByRole('button', { name: 'Start camera' })).toBeVisible();
  await expect(camera.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
  await expect(
    camera.getByText('The camera could not be started. Choose a photo from this device instead.'),
  ).toBeVisible();
  await expect(camera.getByRole('button', { name: 'Choose photo' })).toBeVisible();
  await snap(page, 'files-camera-refused');
});
