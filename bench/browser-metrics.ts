// Issue 15, target 4: what a person sees in Chromium with the CPU throttled 4× — the largest contentful
// paint and the time from the last keystroke to the results, for the search page, a collection of 20
// cases and the Notes & Messages view of a collection with 2,000 messages; and (issue 30) the portal page
// of a collection opened on a phone over slow 4G. Each visit is repeated cold
// (a new browser context: empty HTTP cache) and warm (one context that has loaded the page before); the
// tables show the median. Run alone with
//   node --import tsx bench/browser-metrics.ts --base-url http://127.0.0.1:8080 \
//     --collection20 <uid> --collection2000 <uid> [--portal-key <key>] [--visits portal] [--repeats 5]
//     [--username designer --password demo]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
// architecture.md §1: Debian's Chromium with the flags the e2e tests use, never a downloaded browser.
import { chromiumArgs, chromiumPath } from '../e2e/tests/support/chromium';
import { probeScript } from './browser-probes';
import {
  chooseFilterText,
  cpuThrottle,
  signIn,
  phoneViewport,
  slow4g,
  viewport,
  visitNames,
  visitPortal,
  visitCollection20,
  visitMessages,
  visitMessagesByClick,
  visitSearch,
  type BrowserMetricsOptions,
  type Note,
  type Subjects,
  type Timings,
  type Visit,
  type VisitName,
} from './browser-visits';
import { formatSection, ms, type BenchRow, type BenchSection } from './report';

export type { BrowserMetricsOptions } from './browser-visits';

const lcpTarget = 2_500;
const typingTarget = 500;
const messagesRenderTarget = 300;

const median = (values: readonly number[]): number => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
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
    { key: 'portal.lcp', page: 'portal, phone on slow 4G', ...lcp },
    { key: 'portal.render', page: 'portal, phone on slow 4G', figure: 'load → first case card', ...info },
  ];
};

// The figures each visit gives (the search visit also times opening the 20 cases by their id).
const figurePrefixes: Record<VisitName, string[]> = {
  search: ['search.', 'collection20.byId'],
  collection20: ['collection20.lcp', 'collection20.render'],
  messages: ['messages.lcp', 'messages.render', 'messages.filter'],
  'messages by click': ['messages.click'],
  portal: ['portal.'],
};

const figuresOf = (subjects: Subjects, chosen: readonly VisitName[]): Figure[] =>
  figuresFor(subjects).filter((figure) =>
    chosen.some((name) => figurePrefixes[name].some((prefix) => figure.key.startsWith(prefix))),
  );

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
  const chosen = (options.visits ?? visitNames).filter((name) => name !== 'portal' || options.portalKey);
  const started = new Date();
  // The figures move with whatever else the machine is doing: the notes give the load they ran under.
  const loadBefore = os.loadavg()[0] ?? 0;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, ...(options.extraArgs ?? [])],
  });
  const chromiumVersion = browser.version();
  const failures: string[] = [];
  const cold: Samples = new Map();
  const warm: Samples = new Map();
  let subjects: Subjects | null = null;
  let version = 'unknown';
  try {
    const { state, get, close } = await signIn(browser, options);
    const collection = await get<{ collection_id: number }>(`/api/v2/collection/${options.collection20Uid}/`);
    const notes = await get<Note[]>(`/api/v2/collection/${options.collection2000Uid}/messages/`);
    version = (await get<{ version: string }>('/api/version/')).version;
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
    const allVisits: [VisitName, Visit][] = [
      ['search', visitSearch(options, subjects)],
      ['collection20', visitCollection20(options)],
      ['messages', visitMessages(options, subjects)],
      ['messages by click', visitMessagesByClick(options)],
      ['portal', visitPortal(options)],
    ];
    const visits = allVisits.filter(([name]) => chosen.includes(name));
    for (const [name, visit] of visits) {
      options.log?.(`Chromium: ${name}, ${repeats} cold and ${repeats} warm visits…`);
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
  const cpu = os.cpus();
  return [
    {
      title: `4b. First paint and typing-to-results in Chromium, CPU throttled ${cpuThrottle}×`,
      columns: ['page', 'figure', 'cache', 'median', 'runs (ms)'],
      rows: subjects ? rowsFor(figuresOf(subjects, chosen), cold, warm) : [],
      notes: [
        `Chromium ${chromiumVersion} headless, ${viewport.width}×${viewport.height}, Emulation.setCPUThrottlingRate ${cpuThrottle}, signed in as ${options.username}; ${repeats} visits per row, median.`,
        'cold: a new browser context (empty HTTP cache) per visit; warm: one context, after one uncounted visit.',
        ...(chosen.includes('portal')
          ? [
              `portal: ${phoneViewport.width}×${phoneViewport.height}, Network.emulateNetworkConditions slow 4G: latency ${slow4g.latencyMs} ms, ${slow4g.downloadKbps} kbit/s down, ${slow4g.uploadKbps} kbit/s up; its overview done at its first case card.`,
            ]
          : []),
        'Times are the page clock: from navigation start (load, LCP) or the input event (Enter, click, key) to the',
        'DOM mutation that puts the last row in place (before its paint). LCP is read 1 s after that.',
        `Server ${version} at ${options.baseUrl}, measured ${started.toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, load average ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)}.`,
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
      'portal-key': { type: 'string' },
      visits: { type: 'string' },
      repeats: { type: 'string', default: '5' },
      keyword: { type: 'string' },
      'chromium-arg': { type: 'string', multiple: true, default: [] },
      screenshots: { type: 'string' },
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
    portalKey: values['portal-key'],
    visits: values.visits
      ?.split(',')
      .filter((name): name is VisitName => (visitNames as readonly string[]).includes(name)),
    repeats: Number(values.repeats),
    searchKeyword: values.keyword,
    extraArgs: values['chromium-arg'],
    screenshotDir: values.screenshots,
  });
  for (const section of sections) console.log(formatSection(section));
}
