import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { labApi, signIn, snap, type LabApi, type CollectionRow } from './support/lab';

// Billing as the accounts admin does it (collection-views §2 'Invoices view', §5, §6, §8): on an archived
// collection whose invoice is open and ready, a bad option amount is refused and a good one becomes a
// line, the PO# is set, one case is dragged onto a new invoice of the group, and the invoice is finalised
// after the confirmation. A cash customer's invoice warns and offers only Manual Invoice.

type InvoiceLine = { case_mkey: string | null; total_amount: string; is_fixed: boolean };
type Invoice = {
  invoice_number: number;
  finalised: boolean;
  manually_invoiced: boolean;
  ready_to_finalise: boolean;
  split_invoice_allowed: boolean;
  is_cash_customer: boolean;
  purchase_order_number: string | null;
  related_case_details: { case_mkey: string; case_id: number }[];
  lines: InvoiceLine[];
  total: string;
};
type SearchRow = { uid: string; collection_id: number; active: boolean };

const cents = (text: string) => Math.round(Number(text) * 100);
const dollars = (amount: number) =>
  `$${(amount / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What a case carries on its invoice: its lines that move with it (fixed lines stay). */
const caseAmount = (invoice: Invoice, caseMkey: string) =>
  invoice.lines
    .filter((line) => line.case_mkey === caseMkey && !line.is_fixed)
    .reduce((sum, line) => sum + cents(line.total_amount), 0);

const isOpen = (invoice: Invoice) => !invoice.finalised && !invoice.manually_invoiced;

/**
 * Every demo collection, archived ones too (the active list has none): the search finds a collection
 * by the prefix of its case keys, so ten ids a keyword cover the demo's 300.
 */
const allCollections = async (api: LabApi): Promise<SearchRow[]> => {
  const found = new Map<string, SearchRow>();
  for (let tens = 10000; tens < 10030; tens += 1) {
    const rows = await api.send<SearchRow[]>('POST', '/api/v2/collections/', { keyword: String(tens) });
    for (const row of rows) found.set(row.uid, row);
  }
  return [...found.values()].sort((a, b) => a.collection_id - b.collection_id);
};

/** The first collection (by id) with an invoice that `choose` accepts, and that invoice. */
const findInvoice = async (
  page: Page,
  api: LabApi,
  rows: readonly SearchRow[],
  choose: (invoice: Invoice, collection: CollectionRow) => boolean,
): Promise<{ collection: CollectionRow; invoice: Invoice }> => {
  for (const row of rows) {
    const collection = await api.collection(row.uid);
    const firstCase = collection.cases[0];
    if (!firstCase || collection.fulfillment_branch_id === null) continue;
    const invoices = await api.get<Invoice[]>(`/api/cases/${firstCase.case_id}/invoicing/`);
    const invoice = invoices.find((candidate) => choose(candidate, collection));
    if (invoice) return { collection, invoice };
  }
  throw new Error('no demo invoice fits');
};

const openBilling = async (page: Page, collectionUid: string, invoiceNumber: number) => {
  await page.goto(`/static/v2/collection.html?uid=${collectionUid}&view=invoices`);
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await invoiceButton(page, invoiceNumber).click();
  await expect(page.getByRole('region', { name: `Invoice ${invoiceNumber}` })).toBeVisible();
};

const invoiceButton = (page: Page, invoiceNumber: number): Locator =>
  page
    .getByRole('navigation', { name: 'Invoices' })
    .getByRole('button', { name: new RegExp(`^Invoice ${invoiceNumber}\\b`) });

const isCaseAction = (method: string, url: string) =>
  method === 'POST' && /\/api\/v2\/case\/\d+\/$/.test(url);

test('the admin edits an option, sets the PO#, splits the invoice and finalises it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  const api = await labApi(page);
  const rows = (await allCollections(api)).filter((row) => !row.active);
  // An archived collection's open invoice: every case dispatched, so it is ready to finalise.
  const { collection, invoice } = await findInvoice(
    page,
    api,
    rows,
    (candidate) =>
      isOpen(candidate) &&
      candidate.ready_to_finalise &&
      !candidate.is_cash_customer &&
      candidate.split_invoice_allowed &&
      candidate.related_case_details.length > 1 &&
      candidate.related_case_details.every((detail) => caseAmount(candidate, detail.case_mkey) > 0),
  );
  const [first] = invoice.related_case_details;
  const moving = invoice.related_case_details.at(-1);
  if (!first || !moving) throw new Error('the invoice has no cases');
  const number = invoice.invoice_number;

  await openBilling(page, collection.uid, number);
  const details = page.getByRole('region', { name: `Invoice ${number}` });
  await expect(details.getByLabel('Invoice total')).toContainText(dollars(cents(invoice.total)));
  await snap(page, 'invoicing-view');

  // Item options: a negative amount is refused in place and nothing is sent; a good one is saved.
  const options = page.getByRole('region', { name: 'Item Options' });
  const caseOptions = options.getByRole('region', { name: first.case_mkey });
  await caseOptions.getByRole('button', { name: 'Add Option' }).click();
  const added = caseOptions.getByRole('group', { name: 'Option new option' });
  await added.getByLabel('Description').fill('E2E shade match');
  const row = caseOptions.getByRole('group', { name: 'Option E2E shade match' });
  await row.getByLabel('Amount').fill('-5');
  await expect(row.getByText('Value must be an integer')).toBeVisible();
  let posted = 0;
  page.on('request', (request) => {
    if (isCaseAction(request.method(), request.url())) posted += 1;
  });
  await caseOptions.getByRole('button', { name: `Save options of ${first.case_mkey}` }).click();
  await expect(row.getByText('Value must be an integer')).toBeVisible();
  expect(posted).toBe(0);

  await row.getByLabel('Amount').fill('12.50');
  await expect(row.getByText('Value must be an integer')).toBeHidden();
  const saved = page.waitForResponse((answer) => isCaseAction(answer.request().method(), answer.url()));
  await caseOptions.getByRole('button', { name: `Save options of ${first.case_mkey}` }).click();
  expect((await saved).status()).toBe(200);
  // Selected, it becomes a line of the case's open invoice.
  await expect(
    details.getByRole('table', { name: 'Invoice lines' }).getByText('E2E shade match'),
  ).toBeVisible();
  await expect(
    options
      .getByRole('region', { name: first.case_mkey })
      .getByRole('group', { name: 'Option E2E shade match' }),
  ).toBeVisible();
  const total = cents(invoice.total) + 1250;
  await expect(details.getByLabel('Invoice total')).toContainText(dollars(total));

  // The PO#.
  const poNumber = `PO-E2E-${number}`;
  await details.getByRole('textbox', { name: 'PO#' }).fill(poNumber);
  await details.getByRole('button', { name: 'Save PO#' }).click();
  await expect(details.getByRole('button', { name: 'Save PO#' })).toBeDisabled();
  await expect
    .poll(async () => {
      const invoices = await api.get<Invoice[]>(`/api/cases/${first.case_id}/invoicing/`);
      return invoices.find((item) => item.invoice_number === number)?.purchase_order_number;
    })
    .toBe(poNumber);

  // Split: the last case is dragged onto a new invoice; the amount is its lines, computed, not typed.
  await details.getByRole('button', { name: 'Split' }).click();
  const dialog = page.getByRole('dialog', { name: `Split Invoice ${number}` });
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByText('Value must be more than $0')).toBeVisible();
  const newList = dialog.getByRole('list', { name: 'New Invoice' });
  await dialog
    .getByRole('list', { name: `Invoice ${number}` })
    .getByRole('listitem')
    .filter({ hasText: moving.case_mkey })
    .dragTo(newList);
  await expect(newList.getByRole('listitem').filter({ hasText: moving.case_mkey })).toBeVisible();
  const split = caseAmount(invoice, moving.case_mkey);
  await expect(dialog.getByLabel('Split Amount')).toHaveText(dollars(split));
  await expect(dialog.getByLabel('Remaining Total')).toHaveText(dollars(total - split));
  await expect(confirm).toBeEnabled();
  await snap(page, 'invoicing-split-dialog');
  await confirm.click();
  await expect(dialog).toBeHidden();
  const invoiceButtons = page.getByRole('navigation', { name: 'Invoices' }).getByRole('button');
  await expect(invoiceButtons).toHaveCount(2);
  await expect(invoiceButtons.filter({ hasText: moving.case_mkey })).toHaveCount(1);
  await expect(invoiceButton(page, number)).not.toContainText(moving.case_mkey);

  // Finalise, after the spec's confirmation.
  await invoiceButton(page, number).click();
  const finalise = page.getByRole('region', { name: 'Finalise' });
  await finalise.getByRole('button', { name: 'Finalise' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Finalise Invoice' });
  await expect(
    confirmDialog.getByText('Are you sure you want to finalise this invoice? THIS CANNOT BE REVERSED'),
  ).toBeVisible();
  await confirmDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirmDialog).toBeHidden();
  await expect(finalise.getByText(/^Finalised on /)).toBeVisible();
  await expect(invoiceButton(page, number)).toContainText('Finalised');
  await expect(details.getByRole('textbox', { name: 'PO#' })).toBeDisabled();
  await expect(details.getByRole('button', { name: 'Split' })).toBeHidden();
  await snap(page, 'invoicing-finalised');
});

test("a cash customer's invoice warns that it is invoiced by hand and offers only Manual Invoice", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const api = await labApi(page);
  const { collection, invoice } = await findInvoice(
    page,
    api,
    await allCollections(api),
    (candidate) => candidate.is_cash_customer && isOpen(candidate),
  );
  await openBilling(page, collection.uid, invoice.invoice_number);
  const finalise = page.getByRole('region', { name: 'Finalise' });
  await expect(
    finalise.getByText('Cash Customers will not be auto invoiced. Manual Invoicing is required.'),
  ).toBeVisible();
  await expect(finalise.getByRole('button', { name: 'Finalise' })).toHaveCount(0);
  await expect(finalise.getByRole('button', { name: 'Manual Invoice' })).toBeEnabled();
  await snap(page, 'invoicing-cash-customer');
});
