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

// Printing (issue 14): the drawer's Print opens Print Options with the spec's rules, a case label is
// printed to the branch's label printer (the server's in-process IPP stand-in takes it: no printer address
// is configured) and its PDF opens; then the label's code — the case key its QR and Code 128 carry —
// scanned into the footer's Case Search opens that case directly. Printing changes no case, so any
// collection will do.

test('print a case label from the drawer, then scan it to open the case', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'polisher');
  const api = await labApi(page);
  const { collection, chosen: caseItem } = await findCollection(
    api,
    { index: 0, of: 1 },
    (candidate) =>
      candidate.cases.find((item) => isPlainActiveCase(item) && item.implants.length > 0) ?? null,
  );

  await openCollection(page, collection.uid, caseItem.uid);
  await drawerHeader(page).getByRole('button', { name: 'Print', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Print Options · ${caseItem.case_mkey}` });
  await expect(dialog).toBeVisible();
  const printButton = dialog.getByRole('button', { name: 'Print', exact: true });

  // QC opens the legacy page: no printer, no quantity, no Print Related, and Print is enabled.
  await dialog.getByRole('combobox', { name: 'Document' }).click();
  await page.getByRole('option', { name: 'QC Checklist' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Printer' })).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Quantity' })).toBeHidden();
  await expect(dialog.getByRole('checkbox', { name: 'Print Related' })).toBeHidden();
  await expect(printButton).toBeEnabled();

  // UDI: no Print Related. A packing slip offers the receipt printers only.
  await dialog.getByRole('combobox', { name: 'Document' }).click();
  await page.getByRole('option', { name: 'UDI Label' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Print Related' })).toBeHidden();
  await dialog.getByRole('combobox', { name: 'Document' }).click();
  await page.getByRole('option', { name: 'Packing Slip' }).click();
  await dialog.getByRole('combobox', { name: 'Printer' }).click();
  await expect(page.getByRole('option')).toHaveText(['Melbourne Front Desk Receipt']);
  await page.keyboard.press('Escape');

  // The case label: label printers by name; Print waits for one.
  await dialog.getByRole('combobox', { name: 'Document' }).click();
  await page.getByRole('option', { name: 'Case Label' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Print Related' })).toBeVisible();
  await expect(printButton).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Printer' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Melbourne Dispatch Label (Zebra)',
    'Melbourne Lab Label (Zebra)',
  ]);
  await page.getByRole('option', { name: 'Melbourne Lab Label (Zebra)' }).click();
  await dialog.getByRole('combobox', { name: 'Quantity' }).click();
  await expect(page.getByRole('option')).toHaveText(['1', '2', '3', '4', '5', '6']);
  await page.getByRole('option', { name: '2' }).click();
  await expect(printButton).toBeEnabled();
  const printed = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v2/case/${caseItem.case_mkey}/print/`) && response.status() === 201,
  );
  await printButton.click();

  const status = dialog.getByRole('alert', { name: 'Print job' });
  await expect(status.getByTestId('print-job-status')).toHaveText('Sent to the printer', { timeout: 20_000 });
  await expect(status).toContainText(
    `Case Label ${caseItem.case_mkey} · Melbourne Lab Label (Zebra) · 2 pages`,
  );
  await snap(page, 'printing-dialog');

  // Its PDF opens in a new tab; the link serves the PDF itself.
  const popup = page.waitForEvent('popup');
  await status.getByRole('link', { name: 'Open PDF' }).click();
  await (await popup).close();
  const job = (await (await printed).json()) as { pdf_url: string; pages: number };
  expect(job.pages).toBe(2);
  const pdf = await api.call('GET', job.pdf_url);
  expect(pdf.status).toBe(200);
  expect(pdf.contentType).toBe('application/pdf');
  expect(String(pdf.body).slice(0, 5)).toBe('%PDF-');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Scan to open: from another page, the scanner types the label's code and Enter into Case Search.
  await openCollection(page, collection.uid);
  await page.getByRole('search').getByLabel('Case Search').fill(caseItem.case_mkey);
  await page.getByRole('search').getByLabel('Case Search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`cuid=${caseItem.uid}`));
  await expect(drawerHeader(page).getByRole('heading', { name: caseItem.case_mkey })).toBeVisible();
});
