import { expect, test } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';

// Served on a real network: a lab PC opens http://labserver:8080, plain HTTP at a host name that is not
// localhost. Chromium upgrades such a page's requests to https when told to (CSP
// upgrade-insecure-requests), which blocked the sign-in form, so this flow runs at `lab.test`, mapped to
// this machine. The live stream must connect there too, by the session cookie alone.

const labHost = 'lab.test';

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${labHost} 127.0.0.1`],
  },
});

test('a designer signs in at a lab host name over plain HTTP and the live stream connects', async ({
  page,
  baseURL,
}) => {
  const labUrl = new URL(baseURL ?? '');
  labUrl.hostname = labHost;
  const origin = labUrl.origin;

  const signInPage = await page.goto(`${origin}/`);
  await expect(page).toHaveURL(new RegExp(`^${origin}/oauth2/authorize/\\?next=`));
  const headers = signInPage?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("form-action 'self'");
  expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(headers['strict-transport-security']).toBeUndefined();

  // The page's own stream: opened once the app bar's bell mounts, with no token in its URL.
  const streamOpened = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v2/stream',
  );
  await page.getByLabel('Username').fill('designer');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${origin}/static/v2/collection.html`);
  await expect(page.getByRole('button', { name: 'All Active' })).toBeVisible();

  const stream = await streamOpened;
  expect(stream.status()).toBe(200);
  expect(stream.url()).toBe(`${origin}/api/v2/stream`);
  expect(stream.headers()['content-type']).toBe('text/event-stream; charset=utf-8');

  // Another stream opened the same way reaches `ready`: the session cookie is all it needs.
  const isReady = await page.evaluate(
    (path) =>
      new Promise<boolean>((resolve) => {
        const source = new EventSource(path);
        source.addEventListener('ready', () => {
          source.close();
          resolve(true);
        });
        source.addEventListener('error', () => {
          source.close();
          resolve(false);
        });
      }),
    '/api/v2/stream',
  );
  expect(isReady).toBe(true);
});
