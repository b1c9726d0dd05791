import { expect, test } from './support/fixtures';
import {
  chooseOption,
  labApi,
  signIn,
  snap,
  tickChecklists,
  type ActiveRow,
  type CollectionRow,
} from './support/lab';
import { fetchInPage } from './support/page-api';

// The Accounts page (issue 32) as the lab's accounts person uses it, signed in as an administrator at the
// lab's host name: filter the invoices, finalise two ready ones in a batch, record a payment and see the
// client's balance and aging move, download a statement, export a period; set a client's own price and
// see the next case dispatched for that client billed at it.

test.use({ timezoneId: 'Australia/Melbourne', locale: 'en-AU' });

type AccountsInvoice = {
  invoice_number: number;
  currency: string;
  state: string;
  inc: string;
  outstanding: string;
  invoice_date: string | null;
  bill_to: { client_id: number; name: string; is_cash_customer: boolean };
};
type Invoices = { invoices: AccountsInvoice[] };
type Balance = { client_id: number; currency: string; balance: string; aging: { current: string } };
type Balances = { clients: Balance[] };

const cents = (text: string) => Math.round(Number(text) * 100);
const dollars = (value: number) =>
  `$${(value / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the accounts person finalises two ready invoices, records a payment, and the balance and aging follow', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const api = await labApi(page);
  const ready = (await api.get<Invoices>('/api/v2/accounts/invoices/?state=ready')).invoices.filter(
    (invoice) => !invoice.bill_to.is_cash_customer && invoice.currency === 'AUD',
  );
  const [first, second] = ready;
  if (!first || !second) throw new Error('the demo has fewer than two ready AUD invoices');
  const balanceOf = async (clientId: number) =>
    (await api.get<Balances>('/api/v2/accounts/balances/')).clients.find(
      (row) => row.client_id === clientId && row.currency === 'AUD',
    );
  const before = await balanceOf(first.bill_to.client_id);

  await page.goto('/static/v2/accounts.html');
  await chooseOption(page, page, 'State', 'Ready to finalise');
  await expect(page).toHaveURL(/state=ready/);
  for (const invoice of [first, second]) {
    const row = page.locator(`tr[data-invoice="${invoice.invoice_number}"]`);
    await expect(row.getByText('Ready')).toBeVisible();
    await row.getByRole('checkbox', { name: `Select invoice ${invoice.invoice_number}` }).check();
  }
  await page.getByRole('button', { name: 'Finalise 2 selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalise invoices' });
  await expect(confirm).toContainText(
    `Finalise 2 invoices totalling ${dollars(cents(first.inc) + cents(second.inc))} AUD`,
  );
  await snap(page, 'accounts-batch-finalise');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Finalised 2 invoices.');

  // Finalised: the invoice is owed now, a payment goes against part of it.
  await chooseOption(page, page, 'State', 'Finalised');
  const finalised = page.locator(`tr[data-invoice="${first.invoice_number}"]`);
  await expect(finalised.getByText('Finalised')).toBeVisible();
  const after = await balanceOf(first.bill_to.client_id);
  expect(cents(after?.balance ?? '0')).toBe(
    cents(before?.balance ?? '0') +
      cents(first.inc) +
      (second.bill_to.client_id === first.bill_to.client_id ? cents(second.inc) : 0),
  );
  expect(cents(after?.aging.current ?? '0')).toBeGreaterThanOrEqual(cents(first.inc));

  await finalised.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: `Record a payment on invoice ${first.invoice_number}` });
  await pay.getByLabel('Amount').fill('100.00');
  await pay.getByLabel('Reference').fill('EFT 881204');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByRole('alert')).toContainText(
    `Payment of $100.00 recorded on invoice ${first.invoice_number}: ${dollars(cents(first.inc) - 10_000)} still owed.`,
  );
  await expect(finalised).toContainText(dollars(cents(first.inc) - 10_000));

  // The balance and its current band moved by the payment.
  await page.getByRole('tab', { name: 'Balances' }).click();
  const clientRow = page.locator(`tr[data-client="${first.bill_to.client_id}"]`).first();
  const paidBalance = cents(after?.balance ?? '0') - 10_000;
  await expect(clientRow).toContainText(dollars(paidBalance));
  await snap(page, 'accounts-balances');

  // A statement for this month, as a PDF.
  await clientRow.getByRole('button', { name: 'Statement' }).click();
  const statement = page.getByRole('dialog', { name: `Statement for client ${first.bill_to.client_id}` });
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Melbourne' });
  await statement.getByLabel('From').fill(`${today.slice(0, 8)}01`);
  await statement.getByLabel('To').fill(today);
  const href = await statement.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await fetchInPage(page, href ?? '');
  expect(pdf.status).toBe(200);
  expect(pdf.contentType).toBe('application/pdf');
  expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
  await statement.getByRole('button', { name: 'Close' }).click();

  // The period's export, with what it holds said first.
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByRole('status', { name: 'Export contents' })).toContainText('finalised invoice');
  await snap(page, 'accounts-export');
  const csvHref = await page.getByRole('link', { name: 'Download Xero CSV' }).getAttribute('href');
  const csv = await fetchInPage(page, csvHref ?? '');
  expect(csv.status).toBe(200);
  expect(String(csv.body)).toContain(String(first.invoice_number));
});

test('a client’s own price bills the next case dispatched for that client', async ({ page }) => {
  await signIn(page, 'admin');
  const api = await labApi(page);
  // The newest active collection with a case still to dispatch, billed in Australia.
  const active = (await api.get<ActiveRow[]>('/api/v2/collections/active/')).toSorted(
    (a, b) => b.collection_id - a.collection_id,
  );
  type Chosen = {
    collection: CollectionRow & {
      shipping_client: { id: number; country: string };
      billing_client: { id: number; country: string } | null;
    };
    caseRow: CollectionRow['cases'][number] & { job_type_id: number };
  };
  let chosen: Chosen | null = null;
  for (const row of active.slice(0, 40)) {
    const collection = (await api.collection(row.uid)) as Chosen['collection'];
    const billTo = collection.billing_client ?? collection.shipping_client;
    const caseRow = collection.cases.find((item) => item.active && !item.dispatched && !item.virtual_product);
    if (billTo.country === 'AU' && collection.shipping_client.country === 'AU' && caseRow) {
      chosen = { collection, caseRow: caseRow as Chosen['caseRow'] };
      break;
    }
  }
  if (!chosen) throw new Error('the demo has no active Australian case to dispatch');
  const billTo = chosen.collection.billing_client ?? chosen.collection.shipping_client;

  await page.goto('/static/v2/accounts.html?view=prices');
  const form = page.getByRole('form', { name: 'Set a price' });
  await chooseOption(form, page, 'Kind', 'Job type');
  await chooseOption(form, page, 'Item', chosen.caseRow.job_type);
  await form.getByLabel('Client ID (blank: everyone)').fill(String(billTo.id));
  await form.getByLabel('Price').fill('777.00');
  await form.getByRole('button', { name: 'Set price' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toContainText(
    `Saved: ${chosen.caseRow.job_type} $777.00 in AU`,
  );
  await snap(page, 'accounts-client-price');

  // The case goes out (its checklists done first); the Billing view bills its job type at the client's price.
  await tickChecklists(page, chosen.collection.uid, [chosen.caseRow]);
  const statuses = await api.get<{ id: number; name: string }[]>('/api/v2/case/statuses/');
  const dispatched = statuses.find((status) => status.name === 'Dispatched');
  const moved = await api.call('POST', `/api/v2/case/${chosen.caseRow.case_id}/`, {
    action: 'edit_case',
    case: { status_id: dispatched?.id },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await page.goto(`/static/v2/collection.html?uid=${chosen.collection.uid}&view=invoices`);
  const lines = page.getByRole('table', { name: 'Invoice lines' }).first();
  await expect(
    lines
      .getByRole('row')
      .filter({ hasText: chosen.caseRow.case_mkey })
      .filter({ hasText: '$777.00' })
      .first(),
  ).toBeVisible();
  await snap(page, 'accounts-billed-at-client-price');
});
