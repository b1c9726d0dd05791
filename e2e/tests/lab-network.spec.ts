import type { Browser } from '@playwright/test';
import { labHost } from './support/chromium';
import { expect, test } from './support/fixtures';
import { signIn, type DemoUser } from './support/lab';
import { pageApi } from './support/page-api';

// Served on a real network: a lab PC opens http://labserver:8080, plain HTTP at a host name that is not
// localhost. Chromium upgrades such a page's requests to https when told to (CSP
// upgrade-insecure-requests), which blocked the sign-in form. The whole suite runs at such a name
// (support/chromium.ts); these flows check the headers and the live stream there, by the session cookie.

test('a designer signs in at a lab host name over plain HTTP and the live stream connects', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  expect(new URL(origin).hostname).toBe(labHost);

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
  // The search page shows no collection: its stream carries no collection's changes.
  expect(stream.url()).toBe(`${origin}/api/v2/stream?collections=`);
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

/** Signs in through the form in a browser of its own, at the lab host name (the baseURL). */
const signInAtLabHost = async (browser: Browser, origin: string, username: DemoUser) => {
  const page = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(page, username);
  await expect(page).toHaveURL(`${origin}/static/v2/collection.html`);
  return { page, api: await pageApi(page) };
};

test('a note posted by a colleague shows at once in the window of its collection, opened from a search', async ({
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const designer = await signInAtLabHost(browser, origin, 'designer');
  const polisher = await signInAtLabHost(browser, origin, 'polisher');
  try {
    const active = await designer.api.get<{ uid: string; collection_id: number }[]>(
      '/api/v2/collections/active/',
    );
    const target = active.at(-1);
    if (!target) throw new Error('no active demo collection');
    const collection = await designer.api.get<{ cases: { uid: string }[] }>(
      `/api/v2/collection/${target.uid}/`,
    );

    // Opened without a reload: the page's stream opens again, now for this collection.
    const { page } = designer;
    const watching = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('collections') === target.uid,
    );
    await page.getByRole('textbox', { name: 'Search cases' }).fill(String(target.collection_id));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`uid=${target.uid}`));
    expect((await watching).status()).toBe(200);
    await page.getByRole('button', { name: 'Notes & Messages' }).click();
    await expect(page.getByRole('region', { name: 'Compose message' })).toBeVisible();

    // While the stream is live the page polls a collection only every 5 minutes, and the refresh of a
    // newly watched collection happened when its stream said ready, before the note: what shows within
    // seconds came by the stream.
    const note = `Shade checked by polishing (${Date.now()})`;
    const posted = await polisher.api.call('POST', '/api/v2/messages/', {
      case_collection_uid: target.uid,
      case_uid: collection.cases[0]?.uid,
      message_type: 'CASE_NOTE',
      note,
    });
    expect(posted.status).toBe(200);
    await expect(page.getByText(note)).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: 'test-results/screens/lab-network-pushed-note.png' });
  } finally {
    await designer.page.context().close();
    await polisher.page.context().close();
  }
});
