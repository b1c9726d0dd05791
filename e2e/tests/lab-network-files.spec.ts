import { readFile } from 'node:fs/promises';
import os from 'node:os';
import type { Download, Locator, Page } from '@playwright/test';
import { labHost, labOrigin } from './support/chromium';
import { fileRow, fixture, openFilesTab, type FilesCase } from './support/files';
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

// The file and copy tools on a lab PC: the app opened at a lab host name over plain HTTP (not a secure
// context: no Clipboard API, no camera). Files go to the host the page was opened at; the copy buttons
// copy all the same (or show the text to copy by hand); the Photo card offers a photo from the device;
// the partner's e-mail links to this machine by its name. Records come from this file's own share of the
// active collections.

const slots = 17;

test.use({ timezoneId: 'Australia/Melbourne', locale: 'en-AU' });

type LabCase = FilesCase & OutsourcedCase & { folder_path: string | null };

const casesOf = (collection: CollectionRow) => collection.cases as LabCase[];

/** Every address the page calls, to check they all stay at the lab host. */
const recordOrigins = (page: Page): Set<string> => {
  const origins = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
  });
  return origins;
};

/** A download's bytes, and that it came from the lab host. */
const expectDownloaded = async (download: Download, fileName: string) => {
  expect(download.suggestedFilename()).toBe(fileName);
  expect(new URL(download.url()).origin).toBe(labOrigin);
  const bytes = await readFile(await download.path());
  expect(bytes.equals(await readFile(fixture(fileName)))).toBe(true);
};

test('an internal file, a message attachment and a return file go to the lab host and come back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const origins = recordOrigins(page);
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(api, { index: 14, of: slots }, (candidate) => {
    const found = casesOf(candidate).find(
      (item) => item.active && item.requires_return_file && !item.dispatched && !item.cancelled,
    );
    return found ?? null;
  });
  // /conf names the origin the page was opened at: every upload and download goes there.
  const conf = await api.get<{ backend_url: string; file_transfer_url: string }>('/conf');
  expect(conf).toMatchObject({ backend_url: labOrigin, file_transfer_url: `${labOrigin}/files` });

  // An internal file through the Files tab's file dialog, then downloaded from its row.
  const tab = await openFilesTab(page, collection.uid, chosen);
  const internal = tab.getByLabel('Internal Files', { exact: true });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    internal.getByRole('button', { name: 'Upload', exact: true }).click(),
  ]);
  await chooser.setFiles(fixture('tetrahedron.stl'));
  await expect(fileRow(internal, 'tetrahedron.stl')).toBeVisible();
  const [stl] = await Promise.all([
    page.waitForEvent('download'),
    internal.getByRole('button', { name: 'Download tetrahedron.stl' }).first().click(),
  ]);
  await expectDownloaded(stl, 'tetrahedron.stl');
  await snap(page, 'lab-network-files-internal');

  // A return file through the file service (its address from /conf), listed and downloaded.
  await drawerHeader(page).getByRole('button', { name: 'Upload Return File' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Return File' });
  await upload.getByLabel('Return file').setInputFiles(fixture('crown_design.zip'));
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByText('Return file uploaded')).toBeVisible();
  await upload.getByRole('button', { name: 'Close' }).click();
  const returnFiles = tab.getByLabel('Return Files');
  await expect(returnFiles).toContainText('crown_design.zip');
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    returnFiles.getByRole('button', { name: 'Download crown_design.zip' }).first().click(),
  ]);
  await expectDownloaded(zip, 'crown_design.zip');
  await snap(page, 'lab-network-files-return-file');

  // A message with a photo attached, through the file service too; its thumbnail loads from there.
  await page.goto(`/static/v2/collection.html?uid=${collection.uid}&view=messages`);
  const composer = page.getByRole('region', { name: 'Compose message' });
  await chooseOption(composer, page, 'Case', new RegExp(`^${chosen.case_mkey}`));
  const note = `Bite photo from the bench PC (${Date.now()})`;
  await composer.getByLabel('Message', { exact: true }).fill(note);
  const [attach] = await Promise.all([
    page.waitForEvent('filechooser'),
    composer.getByRole('button', { name: 'Attach Files' }).click(),
  ]);
  await attach.setFiles(fixture('face.png'));
  await expect(composer.getByText('face.png')).toBeVisible();
  await composer.getByRole('button', { name: 'Send' }).click();
  const message = page
    .getByRole('log')
    .getByLabel(/^Message from /)
    .filter({ hasText: note });
  await expect(message).toBeVisible();
  const thumbnail = message.getByRole('img', { name: 'face.png' });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(800);
  await thumbnail.scrollIntoViewIfNeeded();
  await snap(page, 'lab-network-files-message-attachment');

  expect([...origins]).toEqual([labOrigin]);
});

/**
 * What the page put on the clipboard: each `copy` event's text, read at copy time (the selection, or the
 * selected part of the focused textarea the app copies through). Installed before the page loads.
 */
const recordCopies = async (page: Page) => {
  await page.addInitScript(() => {
    const copies: string[] = [];
    Object.assign(window, { e2eCopies: copies });
    document.addEventListener(
      'copy',
      () => {
        const focused = document.activeElement;
        const field =
          focused instanceof HTMLTextAreaElement || focused instanceof HTMLInputElement ? focused : null;
        const selected = field
          ? field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? field.value.length)
          : '';
        copies.push(selected || (document.getSelection()?.toString() ?? ''));
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { e2eCopies: string[] }).e2eCopies.slice());
};

/**
 * Clicks a copy button and checks `text` was copied: either the page copied it (a copy event carried it)
 * and says so (`copiedSign`), or it could not and shows it in the Copy dialog to copy by hand.
 */
const expectCopies = async (
  page: Page,
  readCopies: () => Promise<string[]>,
  button: Locator,
  copiedSign: Locator,
  text: string,
  screen: string,
) => {
  const before = (await readCopies()).length;
  await button.click();
  const manual = page.getByRole('dialog', { name: 'Copy' });
  await expect(copiedSign.or(manual).first()).toBeVisible();
  await snap(page, screen);
  if (await manual.isVisible()) {
    await expect(manual.getByRole('textbox', { name: 'Text to copy' })).toHaveValue(text);
    await expect(manual.getByRole('textbox', { name: 'Text to copy' })).toHaveAttribute('readonly', '');
    await manual.getByRole('button', { name: 'Close' }).click();
    await expect(manual).toBeHidden();
    return;
  }
  expect((await readCopies()).slice(before)).toEqual([text]);
};

/** The tick (or the 'Copied' tooltip) a copy button shows for two seconds after it copied. */
const copiedLinkSign = (page: Page, button: Locator) =>
  button.getByTestId('CheckIcon').or(page.getByRole('tooltip', { name: 'Copied' }));

type Mail = { to: string[]; subject: string; text: string; html: string };

test('the portal link, a share link and a folder path copy over plain HTTP; the partner’s e-mail links here', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const readCopies = await recordCopies(page);
  // The mailbox is the administrator's to read.
  await signIn(page, 'admin');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(api, { index: 15, of: slots }, (candidate) => {
    const cases = casesOf(candidate);
    const withPath = cases.find((item) => item.active && item.folder_path !== null);
    const toOutsource = cases.find(
      (item) =>
        item.active &&
        item.in_design &&
        !item.virtual_product &&
        item.redo === null &&
        item.outsources.length === 0,
    );
    return withPath && toOutsource ? { withPath, toOutsource } : null;
  });

  // The portal link of the collection, as shown on its Portal Link card.
  await openCollection(page, collection.uid);
  const portalLink = page.getByRole('link', { name: /\/static\/v2\/portal\.html\?key=/ });
  const portalHref = (await portalLink.getAttribute('href')) ?? '';
  expect(portalHref).toMatch(new RegExp(`^${labOrigin}/static/v2/portal\\.html\\?key=[A-Za-z0-9_-]{22,}$`));
  await expect(portalLink).toHaveText(portalHref);
  const copyPortal = page.getByRole('button', { name: 'Copy portal link' });
  await expectCopies(
    page,
    readCopies,
    copyPortal,
    copiedLinkSign(page, copyPortal),
    portalHref,
    'lab-network-copy-portal-link',
  );

  // Where the browser will not copy at all, the link is offered to copy by hand, read only.
  const refusing = await page.context().newPage();
  await refusing.addInitScript(() => {
    document.execCommand = () => false;
  });
  await openCollection(refusing, collection.uid);
  await refusing.getByRole('button', { name: 'Copy portal link' }).click();
  const manual = refusing.getByRole('dialog', { name: 'Copy' });
  await expect(manual.getByRole('textbox', { name: 'Text to copy' })).toHaveValue(portalHref);
  await expect(manual.getByRole('textbox', { name: 'Text to copy' })).toHaveAttribute('readonly', '');
  await snap(refusing, 'lab-network-copy-by-hand');
  await manual.getByRole('button', { name: 'Close' }).click();
  await expect(manual).toBeHidden();
  await refusing.close();

  // A share link: a new outsource job to the manual partner shows it on its card.
  await openCollection(page, collection.uid, chosen.toOutsource.uid);
  const tab = await outsourcingTab(page);
  await tab.getByRole('button', { name: 'Start New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Outsource Job' });
  await chooseOption(dialog, page, 'Partner', 'Dental Design Partners');
  await dialog.getByLabel('Due Time').fill(toMelbourneInput(new Date(Date.now() + 3 * 86_400_000)));
  await dialog.getByRole('radio', { name: /digital/i }).check();
  await dialog.getByLabel('Note').fill('Full contour zirconia, please.');
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toBeHidden();
  const job = tab.getByRole('region', { name: 'Outsource job: Dental Design Partners' });
  const shareLink = job.getByRole('link', { name: 'Share link' });
  const shareHref = (await shareLink.getAttribute('href')) ?? '';
  expect(shareHref).toMatch(new RegExp(`^${labOrigin}/static/v2/partner\\.html\\?key=[A-Za-z0-9_-]{43}$`));
  await expect(shareLink).toHaveText(shareHref);
  const copyShare = job.getByRole('button', { name: 'Copy share link' });
  await expectCopies(
    page,
    readCopies,
    copyShare,
    copiedLinkSign(page, copyShare),
    shareHref,
    'lab-network-copy-share-link',
  );

  // The case folder's path, from the drawer's Copy Path: the snackbar says it was copied.
  const folderPath = chosen.withPath.folder_path ?? '';
  await openCollection(page, collection.uid, chosen.withPath.uid);
  await expectCopies(
    page,
    readCopies,
    drawerHeader(page).getByRole('button', { name: 'Copy Path' }),
    page.getByRole('alert').filter({ hasText: 'Path copied' }),
    folderPath,
    'lab-network-copy-path',
  );

  // The partner's e-mail (sent by the job queue) links to this machine by its name, not localhost.
  const findMail = async () =>
    (await api.get<{ messages: Mail[] }>('/api/dev/mailbox/')).messages.find(
      (item) =>
        item.subject.startsWith(`New job ${chosen.toOutsource.case_mkey}:`) &&
        item.to.includes('cases@dentaldesignpartners.example.com'),
    );
  await expect.poll(findMail, { timeout: 30_000 }).toBeDefined();
  const mail = await findMail();
  if (!mail) throw new Error('no e-mail to the partner');
  const mailedLink = /Open the job: (\S+)/.exec(mail.text)?.[1] ?? '';
  const mailed = new URL(mailedLink);
  expect(mailed.hostname).toBe(os.hostname());
  expect(['localhost', '127.0.0.1', '[::1]', labHost]).not.toContain(mailed.hostname);
  expect(`${mailed.pathname}${mailed.search}`).toBe(new URL(shareHref).pathname + new URL(shareHref).search);

  // The partner opens it from the e-mail, as it is (its button goes through the click counter).
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await partner.setContent(mail.html);
  await partner.getByRole('link', { name: 'Open the job' }).click();
  await expect(partner).toHaveURL(mailedLink);
  await expect(
    partner.getByRole('heading', {
      name: `Case ${collection.collection_id} · ${chosen.toOutsource.case_mkey}`,
    }),
  ).toBeVisible();
  await snap(partner, 'lab-network-partner-from-email');
  await partnerContext.close();
});

test('on plain HTTP the Photo card explains the camera and saves a photo chosen from the device', async ({
  page,
}) => {
  const origins = recordOrigins(page);
  await signIn(page, 'designer');
  const api = await labApi(page);
  const { collection, chosen } = await findCollection(
    api,
    { index: 16, of: slots },
    (candidate) => casesOf(candidate).find((item) => item.active && !item.virtual_product) ?? null,
  );
  const tab = await openFilesTab(page, collection.uid, chosen);

  await drawerHeader(page).getByRole('button', { name: 'Photo' }).click();
  const camera = page.getByRole('dialog', { name: new RegExp(`Photo · ${chosen.case_mkey}`) });
  await expect(
    camera.getByText(
      'The camera works only at an https:// address. Choose a photo from this device instead.',
    ),
  ).toBeVisible();
  await expect(camera.getByRole('button', { name: 'Start camera' })).toHaveCount(0);
  await snap(page, 'lab-network-camera-https-only');

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    camera.getByRole('button', { name: 'Choose photo' }).click(),
  ]);
  await chooser.setFiles(fixture('face.png'));
  // Saved as a JPEG under the photo's own name.
  await expect(camera.getByRole('img', { name: 'Photo face.jpg' })).toBeVisible();
  await camera.getByRole('button', { name: 'Save' }).click();
  await expect(camera.getByRole('button', { name: 'Saved' })).toBeVisible();
  await snap(page, 'lab-network-camera-photo-saved');
  await camera.getByRole('button', { name: 'Close camera' }).click();
  await expect(camera).toBeHidden();

  // Among the case's internal files, and it opens as an image.
  const internal = tab.getByLabel('Internal Files', { exact: true });
  await fileRow(internal, 'face.jpg').first().click();
  const viewer = page.getByRole('dialog', { name: 'face.jpg', exact: true });
  await expect(viewer.getByRole('img')).toBeVisible();
  expect(await viewer.getByRole('img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(
    800,
  );
  await snap(page, 'lab-network-camera-photo-in-files');
  expect([...origins]).toEqual([labOrigin]);
});
