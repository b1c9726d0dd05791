import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { pageApi, type PageApi } from './page-api';

// What the case-workspace flows share: signing in as a person does, reading the demo data through the
// page's own API calls (to pick records by their properties, never by position or date), and the few
// locators every flow needs.

export type DemoUser = 'designer' | 'polisher' | 'machinist' | 'admin' | 'warehouse';

export type Implant = { id: number; tooth: number; platform_id: number | null };

export type CaseRow = {
  uid: string;
  case_id: number;
  case_mkey: string;
  job_type: string;
  status: string;
  status_id: number;
  dentate: 'UPPER' | 'LOWER' | 'BOTH' | 'NONE' | null;
  group_number: number | null;
  active: boolean;
  redo: string | null;
  virtual_product: boolean;
  in_design: boolean;
  in_production: boolean;
  in_lab: boolean;
  dispatched: boolean;
  cancelled: boolean;
  immediacy_due: string | null;
  date_received: string | null;
  material_batch_number: string | null;
  attachments: { component_id: number; quantity: number; code: string; name: string }[];
  implants: Implant[];
};

export type CollectionRow = {
  uid: string;
  collection_id: number;
  fulfillment_branch_id: number | null;
  approvals: { case_uid: string }[];
  cases: CaseRow[];
};

export type ActiveRow = { uid: string; collection_id: number };

export type ScheduleRow = { start_time: string; customer_due_time: string; buffer_time_seconds: number };

export const screenshotPath = (name: string) => `test-results/screens/${name}.png`;

/** A screenshot to look at: what moves (a dialog fading in, a menu fading out) is let finish first. */
export const snap = async (page: Page, name: string) => {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  await page.screenshot({ path: screenshotPath(name), animations: 'disabled' });
};

/** Signs in through the form, at the baseURL (the lab host name). */
export const signIn = async (page: Page, username: DemoUser) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/oauth2\/authorize\/\?next=/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/static\/v2\/collection\.html/);
};

export const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Systems' }).hover();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize\/$/);
};

export type LabApi = PageApi & {
  collection: (uid: string) => Promise<CollectionRow>;
  caseOf: (collectionUid: string, caseUid: string) => Promise<CaseRow>;
};

/** The API as the signed-in page calls it (page-api.ts), with the reads the flows share. */
export const labApi = async (page: Page): Promise<LabApi> => {
  const api = await pageApi(page);
  const collection = (uid: string) => api.get<CollectionRow>(`/api/v2/collection/${uid}/`);
  const caseOf = async (collectionUid: string, caseUid: string) => {
    const found = (await collection(collectionUid)).cases.find((item) => item.uid === caseUid);
    if (!found) throw new Error(`case ${caseUid} is not in collection ${collectionUid}`);
    return found;
  };
  return { ...api, collection, caseOf };
};

/**
 * The first active demo collection (by collection id) that `choose` accepts. Each flow reads its own
 * share of the collections (`slot` of `slots`), so flows never work on the same records whatever order
 * they run in; what `choose` answers is kept with the collection.
 */
export const findCollection = async <T>(
  api: LabApi,
  slot: { index: number; of: number },
  choose: (collection: CollectionRow) => T | null,
): Promise<{ collection: CollectionRow; chosen: T }> => {
  const active = (await api.get<ActiveRow[]>('/api/v2/collections/active/')).toSorted(
    (a, b) => a.collection_id - b.collection_id,
  );
  for (const row of active.filter((_, at) => at % slot.of === slot.index)) {
    const collection = await api.collection(row.uid);
    const chosen = choose(collection);
    if (chosen !== null) return { collection, chosen };
  }
  throw new Error(`no demo collection fits (slot ${slot.index} of ${slot.of})`);
};

const isUpperTooth = (tooth: number) => tooth > 10 && tooth < 30;
const isLowerTooth = (tooth: number) => tooth > 30 && tooth < 50;

/** The dentate tab a component is listed under (collection-views §4 'Component grouping'): the oracle. */
export const dentateTabOf = (item: Pick<CaseRow, 'dentate' | 'implants'>): string => {
  if (item.dentate === 'BOTH') return 'Both';
  if (item.dentate === 'NONE') return 'None';
  const hasUpper = item.implants.some((implant) => isUpperTooth(implant.tooth)) || item.dentate === 'UPPER';
  const hasLower = item.implants.some((implant) => isLowerTooth(implant.tooth)) || item.dentate === 'LOWER';
  if (hasUpper && hasLower) return 'Both';
  if (hasUpper) return 'Upper';
  return hasLower ? 'Lower' : 'None';
};

/** A plain case to work on: active, not virtual, not a redo, no countdown running. */
export const isPlainActiveCase = (item: CaseRow) =>
  item.active && !item.virtual_product && item.redo === null && item.immediacy_due === null;

export const openCollection = async (page: Page, collectionUid: string, caseUid?: string) => {
  const query = caseUid ? `uid=${collectionUid}&cuid=${caseUid}` : `uid=${collectionUid}`;
  await page.goto(`/static/v2/collection.html?${query}`);
  // With a case the drawer opens at once and hides the view behind it.
  if (caseUid) await expect(page.locator('header[data-tone]')).toBeVisible();
  else await expect(page.getByRole('heading', { name: 'Case Components' })).toBeVisible();
};

export const componentCard = (page: Page, caseMkey: string): Locator =>
  page.getByTestId('component-card').filter({ has: page.getByRole('heading', { name: caseMkey }) });

/** The open case drawer's header (case key, chips, toolbar). */
export const drawerHeader = (page: Page): Locator => page.locator('header[data-tone]');

export const drawerTab = (page: Page, name: string): Locator => page.getByRole('tabpanel', { name });

/** The component's card, going through the dentate tabs until the one that lists it. */
export const showCard = async (page: Page, caseMkey: string): Promise<Locator> => {
  const card = componentCard(page, caseMkey);
  const tabs = page.getByRole('tablist', { name: 'Dentate' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  if (await card.isVisible()) return card;
  for (const tab of await tabs.all()) {
    await tab.click();
    if (await card.isVisible()) return card;
  }
  throw new Error(`no card ${caseMkey} under any dentate tab`);
};

/** Clicks the card as a person would and waits for the drawer's Overview. */
export const openCaseFromCard = async (page: Page, caseMkey: string) => {
  const card = await showCard(page, caseMkey);
  await card.click();
  await expect(drawerHeader(page).getByRole('heading', { name: caseMkey })).toBeVisible();
  await expect(drawerTab(page, 'Overview')).toBeVisible();
};

export const closeDrawer = async (page: Page) => {
  await page.getByRole('button', { name: 'Close case' }).click();
  await expect(drawerHeader(page)).toBeHidden();
  // The close button sits over the app bar's Systems button, whose menu opens on hover: move away.
  await page.mouse.move(600, 600);
};

/**
 * Ticks every open item of the cases' QC checklists, as a person in the know does: in the Checklists view
 * with every department shown, five rapid clicks on each component's checklist title mark its open
 * items done. A case goes Ready for Dispatch or dispatched only with its mandatory items ticked.
 */
export const tickChecklists = async (
  page: Page,
  collectionUid: string,
  cases: readonly Pick<CaseRow, 'case_mkey' | 'job_type'>[],
) => {
  await page.goto(`/static/v2/collection.html?uid=${collectionUid}&view=checklists&department=ALL`);
  for (const item of cases) {
    const title = `${item.case_mkey} ${item.job_type}`;
    const card = page.getByRole('region', { name: title });
    const doneBoxes = card.getByRole('checkbox', { name: /^Done: / });
    await expect(doneBoxes.first()).toBeVisible();
    const open = await card
      .getByRole('checkbox', { name: /^Done: /, checked: false, disabled: false })
      .count();
    if (open === 0) continue;
    const ticked = await card.getByRole('checkbox', { name: /^Done: /, checked: true }).count();
    // Dispatched straight away: the clicks must fall within one second whatever the machine's load.
    const heading = card.getByRole('heading', { name: title });
    for (let click = 0; click < 5; click += 1) await heading.dispatchEvent('click');
    await expect(card.getByRole('checkbox', { name: /^Done: /, checked: true })).toHaveCount(ticked + open);
    await expect(card.getByRole('progressbar', { name: 'Saving checklist' })).toBeHidden();
  }
};

/** Picks an option of an MUI select field by the field's label. */
export const chooseOption = async (
  scope: Page | Locator,
  page: Page,
  label: string,
  option: string | RegExp,
) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
};

/** 'YYYY-MM-DDTHH:mm' in Melbourne: what the Modify Case Times form takes (spec §9 input zone). */
export const toMelbourneInput = (instant: Date): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Australia/Melbourne',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}`;
};

export const daysFrom = (iso: string, days: number): Date => new Date(Date.parse(iso) + days * 86_400_000);
