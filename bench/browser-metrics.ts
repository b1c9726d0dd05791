// Issue 15, target 4: what a person sees in Chromium with the CPU throttled 4× — the largest contentful
// paint and the time from the last keystroke to the results, for the search page, a collection of 20
// cases and the Notes & Messages view of a collection with 2,000 messages. Each visit is repeated cold
// (a new browser context: empty HTTP cache) and warm (one context that has loaded the page before); the
// tables show the median. Run alone with
//   node --import tsx bench/browser-metrics.ts --base-url http://127.0.0.1:8080 \
//     --collection20 <uid> --collection2000 <uid> [--repeats 5] [--username designer --password demo]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { probeScript, type ProbeKind } from './browser-probes';
import { formatSection, ms, type BenchRow, type BenchSection } from './report';

export type BrowserMetricsOptions = {
  baseUrl: string;
  username: string;
  password: string;
  collection20Uid: string;
  collection2000Uid: string;
  /** Visits per figure and cache state (default 5). */
  repeats?: number;
  /** A keyword with several results (one result would open its collection by itself). */
  searchKeyword?: string;
  /** More Chromium flags (e.g. --host-resolver-rules to reach the server by another name). */
  extraArgs?: string[];
};

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// architecture.md §1: Debian's Chromium, never a downloaded one, kept off the closed network's hosts.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const cpuThrottle = 4;
const viewport = { width: 1440, height: 900 };
const waitMs = 60_000;
// LCP candidates keep coming while late content paints; read it once the page has been still a while.
const lcpSettleMs = 1_000;
const lcpTarget = 2_500;
const typingTarget = 500;
const messagesRenderTarget = 300;

type Timings = Record<string, number>;
type Visit = (context: BrowserContext) => Promise<Timings>;
type Bench = { lcp: number | null; done: number | null; input: number | null };

const collectionUrl = (base: string, uid: string, view?: string) =>
  `${base}/static/v2/collection.html?uid=${encodeURIComponent(uid)}${view ? `&view=${view}` : ''}`;

const readBench = (page: Page) => page.evaluate('window.__bench') as Promise<Bench>;

/** Waits for the armed watcher and answers its time (from navigation start, or from the input). */
const waitForDone = async (page: Page, fromInput: boolean): Promise<number> => {
  // A function, not a string: the page's Content-Security-Policy forbids evaluating strings.
  await page.waitForFunction(
    () => (globalThis as { __bench?: { done: number | null } }).__bench?.done != null,
    undefined,
    { timeout: waitMs },
  );
  const bench = await readBench(page);
  if (bench.done === null) throw new Error('the watcher did not finish');
  if (!fromInput) return bench.done;
  if (bench.input === null) throw new Error('no input was seen');
  return bench.done - bench.input;
};

const arm = (page: Page, kind: ProbeKind, arg = '') =>
  page.evaluate(`window.__bench.watch(${JSON.stringify(kind)}, ${JSON.stringify(arg)}, true)`);

/** A throttled page whose navigation to `url` is timed until `kind`'s last element, with its LCP. */
const openPage = async (context: BrowserContext, url: string) => {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  await page.goto(url, { waitUntil: 'commit', timeout: waitMs });
  const render = await waitForDone(page, false);
  await page.waitForTimeout(lcpSettleMs);
  const { lcp } = await readBench(page);
  if (lcp === null) throw new Error(`no largest-contentful-paint entry for ${url}`);
  return { page, render, lcp };
};

const signIn = async (browser: Browser, options: BrowserMetricsOptions) => {
  const context = await browser.newContext({ viewport, baseURL: options.baseUrl });
  const page = await context.newPage();
  await page.goto('/static/v2/collection.html');
  await page.waitForURL(/\/oauth2\/authorize\//);
  await page.getByLabel('Username').fill(options.username);
  await page.getByLabel('Password').fill(options.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/static\/v2\/collection\.html/);
  const token = (await (await context.request.get('/oauth2/token/')).json()) as { access_token: string };
  const get = async <T>(path: string): Promise<T> => {
    const answer = await context.request.get(path, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    if (!answer.ok()) throw new Error(`GET ${path}: ${answer.status()}`);
    return (await answer.json()) as T;
  };
  return { state: await context.storageState(), get, close: () => context.close() };
};

type Note = { note: string; author_reference: string; recipient_reference: string | null };

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

const median = (values: readonly number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

type Subjects = { keyword: string; collectionId: string; filterText: string };

/** The search page: its load, then a keyword typed and submitted, then the 20-case collection's id. */
const visitSearch =
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
    await page.close();
    return { 'search.lcp': lcp, 'search.render': render, 'search.typing': typing, 'collection20.byId': byId };
  };

const visitCollection20 =
  (options: BrowserMetricsOptions): Visit =>
  async (context) => {
    const url = collectionUrl(options.baseUrl, options.collection20Uid);
    const { page, render, lcp } = await openPage(context, url);
    await page.close();
    return { 'collection20.lcp': lcp, 'collection20.render': render };
  };

/** Notes & Messages opened by its URL, then filtered by typing in its Search box. */
const visitMessages =
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
    await page.close();
    return { 'messages.lcp': lcp, 'messages.render': render, 'messages.filter': filter };
  };

/** The 2,000-message collection opened on its components, then Notes & Messages clicked. */
const visitMessagesByClick =
  (options: BrowserMetricsOptions): Visit =>
  async (context) => {
    const { page } = await openPage(context, collectionUrl(options.baseUrl, options.collection2000Uid));
    await arm(page, 'messages');
    await page
      .getByRole('navigation', { name: 'Collection' })
      .getByRole('button', { name: 'Notes & Messages' })
      .click();
    const click = await waitForDone(page, true);
    await page.close();
    return { 'messages.click': click };
  };

type Figure = { key: string; page: string; figure: string; target: string; limit: number | null };

const figuresFor = (subjects: Subjects): Figure[] => {
  const lcp = { figure: 'LCP', target: 'LCP ≤ 2.5 s', limit: lcpTarget };
  const typing = { target: `≤ ${typingTarget} ms`, limit: typingTarget };
  const info = { target: '', limit: null };
  return [
    { key: 'search.lcp', page: 'search', ...lcp },
    { key: 'search.render', page: 'search', figure: 'load → search box', ...info },
    {
      key: 'search.typing',
      page: 'search',
      figure: `Enter on “${subjects.keyword}” → result rows`,
      ...typing,
    },
    { key: 'collection20.lcp', page: '20 cases', ...lcp },
    { key: 'collection20.render', page: '20 cases', figure: 'load → last case card', ...info },
    {
      key: 'collection20.byId',
      page: '20 cases',
      figure: 'Enter on its id → last case card',
      target: '≤ 1,000 ms',
      limit: 1_000,
    },
    { key: 'messages.lcp', page: '2,000 messages', ...lcp },
    { key: 'messages.render', page: '2,000 messages', figure: 'load → newest message', ...info },
    {
      key: 'messages.click',
      page: '2,000 messages',
      figure: 'click Notes & Messages → newest message',
      target: `render ≤ ${messagesRenderTarget} ms`,
      limit: messagesRenderTarget,
    },
    {
      key: 'messages.filter',
      page: '2,000 messages',
      figure: 'last key in its Search → matching rows',
      ...typing,
    },
  ];
};

type Samples = Map<string, number[]>;

const record = (samples: Samples, timings: Timings) => {
  for (const [key, value] of Object.entries(timings)) samples.set(key, [...(samples.get(key) ?? []), value]);
};

const rowsFor = (figures: Figure[], cold: Samples, warm: Samples): BenchRow[] =>
  figures.flatMap((figure) =>
    (
      [
        ['cold', cold],
        ['warm', warm],
      ] as const
    ).map(([cache, samples]) => {
      const values = samples.get(figure.key) ?? [];
      const middle = values.length > 0 ? median(values) : null;
      return {
        cells: [
          figure.page,
          figure.figure,
          cache,
          middle === null ? 'failed' : ms(middle),
          values.map((v) => v.toFixed(0)).join(' '),
        ],
        target: figure.target,
        isMet: middle === null || figure.limit === null ? null : middle <= figure.limit,
      };
    }),
  );

export const runBrowserMetrics = async (options: BrowserMetricsOptions): Promise<BenchSection[]> => {
  const repeats = options.repeats ?? 5;
  const started = new Date();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, ...(options.extraArgs ?? [])],
  });
  const chromiumVersion = browser.version();
  const failures: string[] = [];
  const cold: Samples = new Map();
  const warm: Samples = new Map();
  let subjects: Subjects | null = null;
  try {
    const { state, get, close } = await signIn(browser, options);
    const collection = await get<{ collection_id: number }>(`/api/v2/collection/${options.collection20Uid}/`);
    const notes = await get<Note[]>(`/api/v2/collection/${options.collection2000Uid}/messages/`);
    await close();
    subjects = {
      keyword: options.searchKeyword ?? 'dental',
      collectionId: String(collection.collection_id),
      filterText: chooseFilterText(notes),
    };
    const newContext = async () => {
      const context = await browser.newContext({ viewport, baseURL: options.baseUrl, storageState: state });
      await context.addInitScript({ content: probeScript });
      return context;
    };
    const attempt = async (name: string, visit: Visit, context: BrowserContext, samples: Samples | null) => {
      try {
        const timings = await visit(context);
        if (samples) record(samples, timings);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message.split('\n')[0]}`);
      }
    };
    const visits: [string, Visit][] = [
      ['search', visitSearch(options, subjects)],
      ['collection20', visitCollection20(options)],
      ['messages', visitMessages(options, subjects)],
      ['messages by click', visitMessagesByClick(options)],
    ];
    for (const [name, visit] of visits) {
      for (let i = 0; i < repeats; i += 1) {
        const context = await newContext();
        await attempt(`${name} (cold)`, visit, context, cold);
        await context.close();
      }
      const context = await newContext();
      // The first visit fills the cache and is not counted.
      await attempt(`${name} (warm-up)`, visit, context, null);
      for (let i = 0; i < repeats; i += 1) await attempt(`${name} (warm)`, visit, context, warm);
      await context.close();
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
  const version = await fetch(`${options.baseUrl}/api/version/`)
    .then(async (answer) => ((await answer.json()) as { version: string }).version)
    .catch(() => 'unknown');
  const cpu = os.cpus();
  return [
    {
      title: `Browser: LCP and typing-to-results in Chromium, CPU throttled ${cpuThrottle}×`,
      columns: ['page', 'figure', 'cache', 'median', 'runs (ms)'],
      rows: subjects ? rowsFor(figuresFor(subjects), cold, warm) : [],
      notes: [
        `Chromium ${chromiumVersion} headless, ${viewport.width}×${viewport.height}, Emulation.setCPUThrottlingRate ${cpuThrottle}, signed in as ${options.username}; ${repeats} visits per row, median.`,
        'cold: a new browser context (empty HTTP cache) per visit; warm: one context, after one uncounted visit.',
        'Times are the page clock: from navigation start (load, LCP) or the input event (Enter, click, key) to the',
        'DOM mutation that puts the last row in place (before its paint). LCP is read 1 s after that.',
        `Server ${version} at ${options.baseUrl}, measured ${started.toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}.`,
        ...failures.map((failure) => `failed: ${failure}`),
      ],
    },
  ];
};

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string', default: 'http://127.0.0.1:8080' },
      username: { type: 'string', default: 'designer' },
      password: { type: 'string', default: 'demo' },
      collection20: { type: 'string' },
      collection2000: { type: 'string' },
      repeats: { type: 'string', default: '5' },
      keyword: { type: 'string' },
      'chromium-arg': { type: 'string', multiple: true, default: [] },
    },
  });
  if (!values.collection20 || !values.collection2000) {
    console.error(
      'usage: browser-metrics.ts --base-url URL --collection20 UID --collection2000 UID [--repeats N]',
    );
    process.exit(2);
  }
  const sections = await runBrowserMetrics({
    baseUrl: values['base-url'],
    username: values.username,
    password: values.password,
    collection20Uid: values.collection20,
    collection2000Uid: values.collection2000,
    repeats: Number(values.repeats),
    searchKeyword: values.keyword,
    extraArgs: values['chromium-arg'],
  });
  for (const section of sections) console.log(formatSection(section));
}
