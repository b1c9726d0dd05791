import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { labApi, signIn, snap, type ActiveRow, type CollectionRow, type LabApi } from './support/lab';

// Numbering that cannot be misread, as a client meets it: on the portal link, on a phone, Palmer numbers
// name their quadrant wherever they stand as text (implant chips, order forms); the browser remembers
// the choice across a reload; the same link with readonly=1 shows the case and asks nothing. Nothing
// here changes the demo data.

type ApprovalRow = {
  approved_at: string | null;
  cancelled_at: string | null;
  changes_requested_at: string | null;
};

type OrderFormRow = { json_data: { implants?: { tooth?: unknown }[] } };

type Chosen = { collection: CollectionRow; implantTeeth: number[]; formTeeth: number[] };

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** FDI → Palmer as text, written out from a dental chart: quadrant and number within it, zero-padded. */
const palmerText = (fdi: number): string => {
  const quadrant = ['UR', 'UL', 'LL', 'LR'][Math.floor(fdi / 10) - 1] ?? '??';
  return `${quadrant} ${String(fdi % 10).padStart(2, '0')}`;
};

const isOpen = (approval: ApprovalRow) =>
  !approval.approved_at && !approval.cancelled_at && !approval.changes_requested_at;

/**
 * An active collection with a design waiting for the client, a case with implants, and an order form
 * that lists implant teeth: every place the numbering shows, and a call to action to hide.
 */
const chooseCollection = async (api: LabApi): Promise<Chosen> => {
  const active = (await api.get<ActiveRow[]>('/api/v2/collections/active/')).toSorted(
    (a, b) => b.collection_id - a.collection_id,
  );
  for (const row of active) {
    const collection = await api.collection(row.uid);
    if (!(collection.approvals as unknown as ApprovalRow[]).some(isOpen)) continue;
    const item = collection.cases.find((candidate) => !candidate.cancelled && candidate.implants.length > 0);
    if (!item) continue;
    const forms = await api.send<OrderFormRow[]>('POST', `/api/v2/collection/${collection.uid}/`, {
      action: 'order_form_list',
    });
    const formTeeth = forms
      .flatMap((form) => form.json_data.implants ?? [])
      .map((implant) => implant.tooth)
      .filter((tooth): tooth is number => typeof tooth === 'number');
    if (formTeeth.length === 0) continue;
    const implantTeeth = [...new Set(item.implants.map((implant) => implant.tooth))].toSorted(
      (a, b) => a - b,
    );
    return { collection, implantTeeth, formTeeth };
  }
  throw new Error('no demo collection with an open approval, implants and an order form');
};

/** A waiting design, read-only: 'Waiting for approval', or 'Overdue' once the demo's due time passed. */
const waitingOrOverdue = /^(Waiting for approval|Overdue)$/;

/** Buttons a reader presses to look, not to act: the numbering and the files, by name (tabs are tabs). */
const isLookingOnly = (name: string) =>
  ['FDI', 'Pal.', 'Uni.'].includes(name) || name.startsWith('Open ') || /\.[a-z0-9]{2,4}$/i.test(name);

const callsToAction = async (portal: Page): Promise<string[]> => {
  const names = await portal
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? ''),
    );
  return names.filter((name) => !isLookingOnly(name));
};

test('Palmer names its quadrant on the portal, survives a reload, and readonly asks nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const { collection, implantTeeth, formTeeth } = await chooseCollection(await labApi(page));

  // The link as staff hand it out: the Portal Link card of the collection.
  await page.goto(`/static/v2/collection.html?uid=${collection.uid}`);
  const href = await page
    .getByRole('link', { name: /\/static\/v2\/portal\.html\?key=/ })
    .getAttribute('href');
  expect(href).toMatch(/\/static\/v2\/portal\.html\?key=[A-Za-z0-9_-]{22,}$/);
  const link = href ?? '';

  const context = await browser.newContext(phone);
  const portal = await context.newPage();
  await portal.goto(link);
  await expect(portal.getByRole('heading', { name: `Case ${collection.collection_id}` })).toBeVisible();
  await expect(portal.getByText('Action Required')).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Review', exact: true })).toBeVisible();

  // FDI by default; then Palmer, with its quadrant in the chips and the chart's name.
  await expect(portal.getByLabel(`Implants on teeth ${implantTeeth.join(', ')}`).first()).toBeAttached();
  await portal.getByRole('button', { name: 'Pal.' }).click();
  const palmer = implantTeeth.map(palmerText);
  await expect(portal.getByLabel(`Implants on teeth ${palmer.join(', ')}`).first()).toBeAttached();
  const firstTooth = palmer[0] ?? '';
  await expect(portal.getByText(new RegExp(`(^|, )${firstTooth}(,| ·)`)).first()).toBeVisible();
  await snap(portal, 'tooth-numbering-portal-palmer');

  // A reload: the browser kept the choice.
  await portal.reload();
  await expect(portal.getByRole('heading', { name: `Case ${collection.collection_id}` })).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Pal.' })).toHaveAttribute('aria-pressed', 'true');
  await expect(portal.getByLabel(`Implants on teeth ${palmer.join(', ')}`).first()).toBeAttached();

  // The order forms' implant tables read the same way: 'UR 06', never a bare '06'.
  await portal.getByRole('tab', { name: 'Order Forms' }).click();
  const forms = portal.getByTestId('order-form');
  await expect(forms.first()).toBeVisible();
  for (const tooth of new Set(formTeeth)) {
    await expect(forms.getByRole('cell', { name: palmerText(tooth), exact: true }).first()).toBeVisible();
  }
  await forms
    .getByRole('cell', { name: palmerText(formTeeth[0] ?? 0), exact: true })
    .first()
    .scrollIntoViewIfNeeded();
  await snap(portal, 'tooth-numbering-portal-order-forms');

  // The same link, read-only: the case and its waiting design, and no call to action anywhere.
  await portal.goto(`${link}&readonly=1`);
  await expect(portal.getByRole('heading', { name: `Case ${collection.collection_id}` })).toBeVisible();
  await expect(portal.getByText(waitingOrOverdue).first()).toBeVisible();
  await expect(portal.getByText('Action Required')).toHaveCount(0);
  for (const name of ['Review', 'Approve', 'Approve with changes', 'Request changes']) {
    await expect(portal.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  expect(await callsToAction(portal)).toEqual([]);
  await expect(portal.getByLabel(`Implants on teeth ${palmer.join(', ')}`).first()).toBeAttached();
  await snap(portal, 'tooth-numbering-portal-readonly-phone');

  await portal.getByRole('tab', { name: 'Messages' }).click();
  await expect(portal.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  await expect(portal.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(portal.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await expect(portal.getByLabel('Attach files')).toHaveCount(0);
  expect(await callsToAction(portal)).toEqual([]);

  await portal.getByRole('tab', { name: 'Overview' }).click();
  await portal.setViewportSize({ width: 1440, height: 900 });
  await expect(portal.getByText(waitingOrOverdue).first()).toBeVisible();
  await snap(portal, 'tooth-numbering-portal-readonly-desktop');
  await context.close();
});
