import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import { fetchInPage, pageApi } from './support/page-api';

// The foundation flow of a new user: sign in, search a demo patient, open the collection, see all
// active collections filtered by country, sign out. Screenshots land in test-results/ to look at.

const signIn = async (page: Page, username: string, password: string) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/oauth2\/authorize\/\?next=/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

test('a wrong password shows the sign-in error', async ({ page }) => {
  // The form's POST is refused with 401, which Chromium logs: the refusal is the point.
  allowConsoleErrors(/status of 401 .*\/oauth2\/authorize\//);
  await signIn(page, 'designer', 'wrong');
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await page.screenshot({ path: 'test-results/screens/sign-in-error.png' });
});

test('designer signs in, searches a demo patient, opens the collection, filters active, signs out', async ({
  page,
}) => {
  await page.goto('/oauth2/authorize/');
  await page.screenshot({ path: 'test-results/screens/sign-in.png' });
  await signIn(page, 'designer', 'demo');
  await expect(page).toHaveURL(/\/static\/v2\/collection\.html$/);
  await expect(page.getByRole('button', { name: 'All Active' })).toBeVisible();

  // A demo patient reference with a single collection, read through the API as the page would.
  const api = await pageApi(page);
  const active = await api.get<{ patient_reference: string; collection_id: number; uid: string }[]>(
    '/api/v2/collections/active/',
  );
  expect(active.length).toBeGreaterThan(10);
  const patient = active[3];
  if (!patient) throw new Error('no active demo collection');

  // A word most client names share: several rows to choose from.
  await page.getByRole('textbox', { name: 'Search cases' }).fill('Dental');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const manyRows = page.getByRole('table', { name: 'Search results' }).getByRole('row');
  await expect(manyRows.nth(2)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Patient Reference' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/search-results.png' });

  const surname = patient.patient_reference.split(/[ ,]/)[0] ?? patient.patient_reference;
  await page.getByRole('textbox', { name: 'Search cases' }).fill(surname);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('table', { name: 'Search results' });
  const row = results.getByRole('row').filter({ hasText: String(patient.collection_id) });
  // A single result opens by itself; several show the table to choose from.
  if (await results.isVisible().catch(() => false)) {
    await expect(row).toBeVisible();
    await row.click();
  }
  await expect(page).toHaveURL(new RegExp(`uid=${patient.uid}`));
  await expect(page.getByText(patient.uid).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/collection-open.png' });

  await page.goto('/static/v2/collection.html?view=active');
  await expect(page.getByRole('heading', { name: 'All Active Cases' })).toBeVisible();
  const activeRows = page.getByRole('table').getByRole('row');
  await expect(activeRows.nth(1)).toBeVisible();
  const allCount = await activeRows.count();
  await page.getByLabel('Country / Region').click();
  await page.getByRole('option', { name: /NZ/ }).click();
  await expect.poll(async () => activeRows.count()).toBeLessThan(allCount);
  const countryCells = await page.getByRole('table').getByRole('row').allInnerTexts();
  expect(countryCells.slice(1).every((text) => text.includes('NZ'))).toBe(true);
  await page.screenshot({ path: 'test-results/screens/active-nz.png' });

  await page.getByRole('button', { name: 'Systems' }).hover();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize\/$/);
  // Signed out, the page's cookie trades for no token: the refusal is the point.
  allowConsoleErrors(/status of 401 .*\/oauth2\/token\//);
  const afterLogout = await fetchInPage(page, '/oauth2/token/');
  expect(afterLogout.status).toBe(401);
});
