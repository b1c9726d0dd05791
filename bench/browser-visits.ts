// The visits the Chromium measurements make (see browser-metrics.ts): each opens a throttled page in a
// browser context, times what it is for with the probes of browser-probes.ts, and answers its timings.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ProbeKind } from './browser-probes';

export type BrowserMetricsOptions = {
  baseUrl: string;
  username: string;
  password: string;
  collection20Uid: string;
  collection2000Uid: string;
  /** The portal key of a collection: its portal page is opened as a phone on slow 4G (issue 30). */
  portalKey?: string;
  /** Only these visits (default: every one whose subject is given). */
  visits?: readonly VisitName[];
  /** Visits per figure and cache state (default 5). */
  repeats?: number;
  /** A keyword with several results (one result would open its collection by itself). */
  searchKeyword?: string;
  /** More Chromium flags (e.g. --host-resolver-rules to reach the server by another name). */
  extraArgs?: string[];
  /** A folder for a screenshot of each page as its visit ends (to see what was measured). */
  screenshotDir?: string;
  /** Progress lines (the visits take minutes). */
  log?: (line: string) => void;
};

export const cpuThrottle = 4;
export const viewport = { width: 1440, height: 900 };

export const visitNames = ['search', 'collection20', 'messages', 'messages by click', 'portal'] as const;
export type VisitName = (typeof visitNames)[number];

// Issue 30: clients open the portal on phones over mobile networks. Slow 4G as Lighthouse names it:
// 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (CDP takes bytes per second), on a phone's screen.
export const slow4g = { latencyMs: 150, downloadKbps: 1_600, uploadKbps: 750 } as const;
export const phoneViewport = { width: 390, height: 844 };
const waitMs = 60_000;
// LCP candidates keep coming while late content paints; read it once the page has been still a while.
const lcpSettleMs = 1_000;

export type Timings = Record<string, number>;
export type Visit = (context: BrowserContext) => Promise<Timings>;
type Bench = { lcp: number | null; done: number | null; input: number | null };

const collectionUrl = (base: string, uid: string, view?: string) =>
  `${base}/static/v2/collection.html?uid=${encodeURIComponent(uid)}${view ? `&view=${view}` : ''}`;

const readBench = (page: Page) => page.evaluate('window.__bench') as Promise<Bench>;

/** Ends a visit: its screenshot when asked for (after every figure is taken), then the page closes. */
const endVisit = async (page: Page, options: BrowserMetricsOptions, name: string) => {
  if (options.screenshotDir) await page.screenshot({ path: path.join(options.screenshotDir, `${name}.png`) });
  await page.close();
};

/** Waits for the armed watcher and answers its time (from navigation start, or from the input). */
const waitForDone = async (page: Page, fromInput: boolean): Promise<number> => {
  // A function, not a string: the page's Content-Security-Policy forbids evaluating strings.
  try {
    await page.waitForFunction(
      () => (globalThis as { __bench?: { done: number | null } }).__bench?.done != null,
      undefined,
      { timeout: waitMs },
    );
  } catch (error) {
    const state = await page.evaluate('window.__bench.describe()').catch(() => 'no page state');
    throw new Error(`${(error as Error).message.split('\n')[0]} (${String(state)})`, { cause: error });
  }
  const bench = await readBench(page);
  if (bench.done === null) throw new Error('the watcher did not finish');
  if (!fromInput) return bench.done;
  if (bench.input === null) throw new Error('no input was seen');
  return bench.done - bench.input;
};

const arm = (page: Page, kind: ProbeKind, arg = '') =>
  page.evaluate(`window.__bench.watch(${JSON.stringify(kind)}, ${JSON.stringify(arg)}, true)`);

/**
 * A throttled page loading `url`, timed until the view the URL names (search, components, messages or
 * the portal's overview) shows its last element, and its LCP. `isPhoneOnSlow4g`: a phone's screen, and
 * the network throttled to slow 4G too.
 */
const openPage = async (context: BrowserContext, url: string, isPhoneOnSlow4g = false) => {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  if (isPhoneOnSlow4g) {
    await page.setViewportSize(phoneViewport);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slow4g.latencyMs,
      downloadThroughput: (slow4g.downloadKbps * 1000) / 8,
      uploadThroughput: (slow4g.uploadKbps * 1000) / 8,
    });
  }
  await page.goto(url, { waitUntil: 'commit', timeout: waitMs });
  const render = await waitForDone(page, false);
  await page.waitForTimeout(lcpSettleMs);
  const { lcp } = await readBench(page);
  if (lcp === null) throw new Error(`no largest-contentful-paint entry for ${url}`);
  return { page, render, lcp };
};

export const signIn = async (browser: Browser, options: BrowserMetricsOptions) => {
  const context = await browser.newContext({ viewport, baseURL: options.baseUrl });
  const page = await context.newPage();
  await page.goto('/static/v2/collection.html');
  await page.waitForURL(/\/oauth2\/authorize\//);
  await page.getByLabel('Username').fill(options.username);
  await page.getByLabel('Password').fill(options.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/static\/v2\/collection\.html/);
  // Read through the page, so a server reached by a name only Chromium resolves answers too.
  const get = async <T>(apiPath: string): Promise<T> =>
    (await page.evaluate(async (target) => {
      const token = (await (await fetch('/oauth2/token/')).json()) as { access_token: string };
      const answer = await fetch(target, { headers: { authorization: `Bearer ${token.access_token}` } });
      if (!answer.ok) throw new Error(`GET ${target}: ${answer.status}`);
      return (await answer.json()) as unknown;
    }, apiPath)) as T;
  return { state: await context.storageState(), get, close: () => context.close() };
};

export type Note = { note: string; author_reference: string; recipient_reference: string | null };

/**
 * Filter text whose last keystroke changes the timeline: a prefix of one message's note that matches
 * fewer messages than the prefix one character shorter (what the filter does: a case-blind substring).
 */
export const chooseFilterText = (notes: readonly Note[]): string => {
  const texts = notes.map((n) => [n.note, n.author_reference, n.recipient_reference ?? ''].join('\n'));
  const lower = texts.map((text) => text.toLowerCase());
  const count = (needle: string) => lower.filter((text) => text.includes(needle.trim().toLowerCase())).length;
  for (const note of notes.slice(Math.floor(notes.length / 2))) {
    for (let length = 8; length <= Math.min(note.note.length, 40); length += 1) {
      const text = note.note.slice(0, length);
      if (text.trim() !== text) continue;
      const matches = count(text);
      if (matches <= 50 && matches < count(text.slice(0, -1))) return text;
    }
  }
  throw new Error('no filter text narrows the timeline');
};

export type Subjects = { keyword: string; collectionId: string; filterText: string };

/** The search page: its load, then a keyword typed and submitted, then the 20-case collection's id. */
export const visitSearch =
  (options: BrowserMetricsOptions, subjects: Subjects): Visit =>
  async (context) => {
    const { page, render, lcp } = await openPage(context, `${options.baseUrl}/static/v2/collection.html`);
    const box = page.getByRole('textbox', { name: 'Search cases' });
    await box.pressSequentially(subjects.keyword);
    await arm(page, 'results', subjects.keyword);
    await box.press('Enter');
    const typing = await waitForDone(page, true);
    await box.fill('');
    await box.pressSequentially(subjects.collectionId);
    // A single result opens its collection by itself.
    await arm(page, 'components');
    await box.press('Enter');
    const byId = await waitForDone(page, true);
    await endVisit(page, options, 'search');
    return { 'search.lcp': lcp, 'search.render': render, 'search.typing': typing, 'collection20.byId': byId };
  };

export const visitCollection20 =
  (options: BrowserMetricsOptions): Visit =>
  async (context) => {
    const url = collectionUrl(options.baseUrl, options.collection20Uid);
    const { page, render, lcp } = await openPage(context, url);
    await endVisit(page, options, 'collection20');
    return { 'collection20.lcp': lcp, 'collection20.render': render };
  };

/** Notes & Messages opened by its URL, then filtered by typing in its Search box. */
export const visitMessages =
  (options: BrowserMetricsOptions, subjects: Subjects): Visit =>
  async (context) => {
    const url = collectionUrl(options.baseUrl, options.collection2000Uid, 'messages');
    const { page, render, lcp } = await openPage(context, url);
    const box = page
      .locator('section[aria-label="Message filters"]')
      .getByRole('textbox', { name: 'Search' });
    await box.pressSequentially(subjects.filterText.slice(0, -1));
    // Let the keystrokes before the last one filter and settle (each one re-filters 2,000 entries).
    await page.waitForTimeout(1_500);
    await arm(page, 'filtered', subjects.filterText);
    await box.press(subjects.filterText.slice(-1));
    const filter = await waitForDone(page, true);
    await endVisit(page, options, 'messages');
    return { 'messages.lcp': lcp, 'messages.render': render, 'messages.filter': filter };
  };

/** The 2,000-message collection opened on its components, then Notes & Messages clicked. */
export const visitMessagesByClick =
  (options: BrowserMetricsOptions): Visit =>
  async (context) => {
    const { page } = await openPage(context, collectionUrl(options.baseUrl, options.collection2000Uid));
    await arm(page, 'messages');
    await page
      .getByRole('navigation', { name: 'Collection' })
      .getByRole('button', { name: 'Notes & Messages' })
      .click();
    const click = await waitForDone(page, true);
    await endVisit(page, options, 'messages-by-click');
    return { 'messages.click': click };
  };

/** The portal page as a client opens it from the lab's e-mail: a phone on slow 4G, the overview. */
export const visitPortal =
  (options: BrowserMetricsOptions): Visit =>
  async (context) => {
    const url = `${options.baseUrl}/static/v2/portal.html?key=${encodeURIComponent(options.portalKey ?? '')}`;
    const { page, render, lcp } = await openPage(context, url, true);
    await endVisit(page, options, 'portal');
    return { 'portal.lcp': lcp, 'portal.render': render };
  };
