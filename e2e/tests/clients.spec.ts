import { expect, test } from './support/fixtures';
import { findCollection, labApi, openCollection, signIn, snap } from './support/lab';

// Clients: the client page opens from a collection's header in a new tab; staff add a mobile number and
// an e-mail address the client is known by; the client search finds the client and opens its page.

test('staff open the client page from a collection, add identifications and find the client by search', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const api = await labApi(page);
  const { collection } = await findCollection(api, { index: 8, of: 11 }, (candidate) => candidate);
  const clientName = (collection as unknown as { shipping_client: { name: string } }).shipping_client.name;
  await openCollection(page, collection.uid);

  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: clientName }).click();
  const client = await opened;
  await expect(client).toHaveURL(/\/static\/v2\/client\.html\?id=\d+/);
  await expect(client.getByRole('heading', { level: 1, name: clientName })).toBeVisible();

  // A mobile number, typed as the practice gives it, stored in international form.
  const identifications = client.getByRole('region', { name: 'Identifications' });
  await identifications.getByRole('button', { name: 'Add' }).click();
  const dialog = client.getByRole('dialog', { name: 'Add Identification' });
  await dialog.getByRole('tab', { name: 'Mobile Number' }).click();
  await dialog.getByLabel('Mobile Number').fill('0412 345 678');
  await snap(client, 'client-add-mobile');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(identifications.getByText('+61 412 345 678')).toBeVisible();

  // An e-mail address; a malformed one cannot be added.
  await identifications.getByRole('button', { name: 'Add' }).click();
  await dialog.getByLabel('Email Address').fill('reception@');
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
  await dialog.getByLabel('Email Address').fill('reception@smile-practice.example');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(identifications.getByText('reception@smile-practice.example')).toBeVisible();
  await snap(client, 'client-page');

  // The client search finds the practice by part of its name and opens its page.
  await client.goto('/static/v2/client.html');
  const word = clientName.split(' ')[0] ?? clientName;
  await client.getByRole('textbox', { name: 'Search clients' }).fill(word);
  await client.getByRole('button', { name: 'Search' }).click();
  const row = client
    .getByRole('table', { name: 'Clients' })
    .getByRole('row', { name: new RegExp(clientName) });
  await expect(row.first()).toBeVisible();
  await snap(client, 'client-search');
  await row.first().click();
  await expect(client.getByRole('heading', { level: 1, name: clientName })).toBeVisible();

  await client.goto('/static/v2/client.html');
  await client.getByRole('textbox', { name: 'Search clients' }).fill('zzzz-no-such-practice');
  await client.getByRole('button', { name: 'Search' }).click();
  await expect(client.getByText('We found nothing')).toBeVisible();
});
