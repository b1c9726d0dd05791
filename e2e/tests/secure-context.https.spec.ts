import { chromiumArgs, chromiumPath, labHttpsOrigin } from './support/chromium';
import { expect, test } from './support/fixtures';
import {
  drawerHeader,
  findCollection,
  isPlainActiveCase,
  labApi,
  openCollection,
  signIn,
  snap,
} from './support/lab';

// The same lab host name over HTTPS, served by the server itself with a certificate made for this run
// (support/start-https-server.ts): the page is a secure context, so the Photo card uses the camera
// (Chromium's fake device) and the copy buttons the Clipboard API, read back here. Plain http:// on the
// same port is redirected. Run in UTC, as a server room's browser may be.

test.use({
  baseURL: labHttpsOrigin,
  // The certificate is this run's own, trusted by no authority.
  ignoreHTTPSErrors: true,
  timezoneId: 'UTC',
  locale: 'en-AU',
  permissions: ['camera', 'clipboard-read', 'clipboard-write'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

test('over HTTPS the camera takes a photo and the Clipboard API copies the portal link', async ({ page }) => {
  // An old http:// bookmark on the HTTPS port lands on the https page.
  await page.goto(`${labHttpsOrigin.replace(/^https:/, 'http:')}/oauth2/authorize/`);
  await expect(page).toHaveURL(`${labHttpsOrigin}/oauth2/authorize/`);

  await signIn(page, 'designer');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  const pageAnswer = await page.goto('/static/v2/collection.html');
  expect(pageAnswer?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(pageAnswer?.headers()['content-security-policy']).toContain('upgrade-insecure-requests');

  const api = await labApi(page);
  const conf = await api.get<{ backend_url: string }>('/conf');
  expect(conf.backend_url).toBe(labHttpsOrigin);
  const { collection, chosen } = await findCollection(
    api,
    { index: 0, of: 1 },
    (candidate) => candidate.cases.find(isPlainActiveCase) ?? null,
  );

  // The portal link, copied through the Clipboard API and read back from the clipboard.
  await openCollection(page, collection.uid);
  const portalLink = page.getByRole('link', { name: /\/static\/v2\/portal\.html\?key=/ });
  const shown = await portalLink.textContent();
  expect(shown).toMatch(new RegExp(`^${labHttpsOrigin}/static/v2/portal\\.html\\?key=`));
  await page.getByRole('button', { name: 'Copy portal link' }).click();
  await expect(page.getByRole('tooltip', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await snap(page, 'https-portal-link-copied');

  // The Photo card's live camera: start, take, save.
  await openCollection(page, collection.uid, chosen.uid);
  await drawerHeader(page).getByRole('button', { name: 'Photo' }).click();
  const camera = page.getByRole('dialog', { name: new RegExp(`Photo · ${chosen.case_mkey}`) });
  await expect(
    camera.getByText('The camera works only at an https:// address.', { exact: false }),
  ).toHaveCount(0);
  await camera.getByRole('button', { name: 'Start camera' }).click();
  await expect(camera.getByRole('button', { name: 'Take photo' })).toBeVisible();
  await camera.getByRole('button', { name: 'Take photo' }).click();
  await camera.getByRole('button', { name: 'Save' }).click();
  await expect(camera.getByRole('button', { name: 'Saved' })).toBeVisible();
  await snap(page, 'https-camera-saved');
});
