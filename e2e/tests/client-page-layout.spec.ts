import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { labApi, signIn, snap, type LabApi } from './support/lab';

// The client page at the desk widths (1280–1920 px): no table is wider than its card, so the Referrals'
// Status and the collections' last column show without a sideways scroll. The client search ranks the
// exact Client ID first, then names equal to, starting with and containing the keyword; a result is a
// link, so Ctrl/Cmd-click or a middle click opens the client in a new tab while a plain click opens it in
// place.

type FoundClient = { id: number; name: string; case_count: number };
type ClientDetails = { collection_count: number; active_collection_count: number };

const clientUrl = (id: number) => `/static/v2/client.html?id=${id}`;

/** Every demo client (they are all Australian or New Zealand practices), as the search answers them. */
const findClients = async (api: LabApi): Promise<FoundClient[]> => {
  const byCountry = await Promise.all(
    ['AU', 'NZ'].map((keyword) => api.send<FoundClient[]>('POST', '/api/v2/client/search/', { keyword })),
  );
  return byCountry.flat();
};

/** The client with referrals and the most collections, both active and archived: the widest page. */
const findBusyClientWithReferrals = async (api: LabApi, clients: FoundClient[]) => {
  const candidates = [...clients].sort((a, b) => b.case_count - a.case_count);
  for (const client of candidates) {
    const referrals = await api.get<unknown[]>(`/api/v2/client/${client.id}/referrals/`);
    const details = await api.get<ClientDetails>(`/api/v2/client/${client.id}/`);
    const hasBothTabs =
      details.active_collection_count > 0 && details.collection_count > details.active_collection_count;
    if (referrals.length > 0 && hasBothTabs) return client;
  }
  throw new Error('no demo client has referrals and both active and archived collections');
};

/** Each table on the page, how wide its content is and how wide the card holding it is. */
const measureTables = (page: Page) =>
  page.evaluate(() => ({
    pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll('table')].map((table) => ({
      table: table.getAttribute('aria-label') ?? '(unnamed)',
      contentWidth: table.scrollWidth,
      cardWidth: table.closest('.MuiCard-root, .MuiPaper-root')?.clientWidth ?? 0,
    })),
  }));

const expectTablesWithinCards = async (page: Page, expected: string[]) => {
  const { pageOverflow, tables } = await measureTables(page);
  expect(tables.map((t) => t.table).sort()).toEqual([...expected].sort());
  for (const measured of tables) {
    expect(measured.cardWidth, `${measured.table} sits in a card`).toBeGreaterThan(0);
    expect(measured.contentWidth, `${measured.table} fits its card`).toBeLessThanOrEqual(measured.cardWidth);
  }
  expect(pageOverflow, 'the page scrolls no sideways').toBeLessThanOrEqual(0);
};

test('no table on the client page is wider than its card at 1280, 1440 and 1920 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const api = await labApi(page);
  const client = await findBusyClientWithReferrals(api, await findClients(api));

  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(clientUrl(client.id));
    await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
    const referrals = page.getByRole('table', { name: 'Referrals' });
    await expect(referrals.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Active collections' }).getByRole('row')).not.toHaveCount(0);
    await expectTablesWithinCards(page, ['Referrals', 'Active collections']);
    await snap(page, `client-page-${width}`);

    await page.getByRole('tab', { name: /^Archived/ }).click();
    await expect(page.getByRole('table', { name: 'Archived collections' }).getByRole('row')).not.toHaveCount(
      0,
    );
    await expectTablesWithinCards(page, ['Referrals', 'Archived collections']);
  }
});

test('client search ranks the Client ID, then the name match; a result opens in a new tab with Ctrl/Cmd-click', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const api = await labApi(page);
  const clients = await findClients(api);
  // A word that begins one demo client's name and stands later in another's (as 'Frankston' does in
  // 'Frankston Dental' and 'Smile Dental Co. Frankston'), so the search finds both kinds of name match.
  const word = clients
    .map((client) => client.name.split(' ')[0] ?? '')
    .filter((first) => first.length >= 4)
    .find((first) => clients.some((other) => other.name.toLowerCase().indexOf(first.toLowerCase()) > 0));
  if (!word) throw new Error('no demo client name starts with a word another name holds later');

  const search = async (keyword: string) => {
    await page.goto('/static/v2/client.html');
    await page.getByRole('textbox', { name: 'Search clients' }).fill(keyword);
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('table', { name: 'Clients' });
    await expect(results.getByRole('row').nth(1)).toBeVisible();
    return results;
  };
  // Names: the one equal to the word (if any), then those starting with it, then those holding it.
  const results = await search(word);
  const names = await results.locator('tbody tr td:nth-child(3)').allTextContents();
  const matchRank = (name: string) => {
    const [lower, keyword] = [name.toLowerCase(), word.toLowerCase()];
    if (lower === keyword) return 0;
    return lower.startsWith(keyword) ? 1 : 2;
  };
  const ranks = names.map(matchRank);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  expect(ranks).toContain(2);
  await snap(page, 'client-search-ranked');

  // A result is a link: Ctrl/Cmd-click opens the client in a new tab and leaves the results in place.
  const firstName = names[0] ?? '';
  const first = clients.find((client) => client.name === firstName);
  if (!first) throw new Error(`${firstName} is not a demo client`);
  const link = results.getByRole('link', { name: firstName, exact: true });
  await expect(link).toHaveAttribute('href', clientUrl(first.id));
  const opened = context.waitForEvent('page');
  await link.click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await expect(tab).toHaveURL(new RegExp(`/static/v2/client\\.html\\?id=${first.id}$`));
  await expect(tab.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await tab.close();
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(results).toBeVisible();

  // A middle click elsewhere on the row does the same.
  const openedByMiddleClick = context.waitForEvent('page');
  await results
    .getByRole('row', { name: new RegExp(firstName) })
    .getByRole('cell')
    .last()
    .click({
      button: 'middle',
    });
  const middleTab = await openedByMiddleClick;
  await expect(middleTab).toHaveURL(new RegExp(`/static/v2/client\\.html\\?id=${first.id}$`));
  await middleTab.close();

  // A plain click opens the client in this tab, as before.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${first.id}(&|$)`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();

  // The exact Client ID comes before names that merely hold the number.
  const byId = await search(String(first.id));
  await expect(byId.locator('tbody tr').first().locator('td').first()).toHaveText(String(first.id));
});
