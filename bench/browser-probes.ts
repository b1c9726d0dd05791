// What the Chromium measurements run inside the page, as plain JavaScript text: a script Playwright adds
// before every document (tsx would wrap functions passed to page.evaluate in helpers the page lacks).
// Every time is the page's own clock (performance.now(), 0 = the start of the navigation), so the
// figures do not include Playwright's round trips.
//
// window.__bench:
//   lcp        the latest largest-contentful-paint candidate (ms from navigation start)
//   input      event.timeStamp of the latest keydown or click (the hardware event's time)
//   done       when the armed view first showed its last row (null until then)
//   watch(kind, arg)  arms a watcher that waits for an input after it, then for the view `kind`
// At document start a watcher is armed by the URL itself (search, components or messages view, or the
// portal's overview), from the navigation's start, so a page load's render time needs no round trip.

/** The views a watcher waits for; `arg` is the keyword (results) or the filter text (filtered). */
export type ProbeKind = 'search' | 'results' | 'components' | 'messages' | 'filtered' | 'portal';

export const probeScript = String.raw`
(() => {
  const bench = { lcp: null, input: null, done: null, kind: null };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (error) {
    bench.lcpError = String(error);
  }
  const noteInput = (event) => {
    bench.input = event.timeStamp;
  };
  document.addEventListener('keydown', noteInput, true);
  document.addEventListener('click', noteInput, true);

  const messagesLog = () => document.querySelector('[role="log"][aria-label="Messages"]');
  const loadedRows = () => {
    const log = messagesLog();
    if (!log || log.getAttribute('aria-busy') !== 'false') return null;
    const rows = Array.from(log.querySelectorAll('[data-index]'));
    return rows.length > 0 ? { log, rows } : null;
  };
  const predicates = {
    search: () => document.querySelector('input[aria-label="Search cases"]') !== null,
    // Every result row is committed at once; the caption names the keyword they answer.
    results: (keyword) => {
      const table = document.querySelector('table[aria-label="Search results"]');
      if (!table || document.querySelector('[aria-label="Searching"]')) return false;
      if (table.querySelectorAll('tbody tr').length === 0) return false;
      return (document.body.textContent || '').includes('for \u201c' + keyword + '\u201d');
    },
    // The selected dentate tab says how many cards it has ("Upper (14)"): all of them are in the DOM.
    components: () => {
      const tab = document.querySelector('[role="tab"][aria-selected="true"][aria-label]');
      const count = Number((/\((\d+)\)$/.exec(tab ? tab.getAttribute('aria-label') : '') || [])[1]);
      if (!count) return false;
      return document.querySelectorAll('[role="tabpanel"] [data-testid="component-card"]').length === count;
    },
    // The timeline opens scrolled to its newest entry: the pane is at its bottom and the row with the
    // highest index is inside it.
    messages: () => {
      const loaded = loadedRows();
      if (!loaded) return false;
      const { log, rows } = loaded;
      if (log.scrollHeight - log.scrollTop - log.clientHeight > 2) return false;
      const last = rows.reduce((a, b) => (Number(b.dataset.index) > Number(a.dataset.index) ? b : a));
      return last.getBoundingClientRect().bottom <= log.getBoundingClientRect().bottom + 2;
    },
    // The portal's overview shows its first case card (the case header and the tabs render with it).
    portal: () => document.querySelector('#portal-panel-overview [data-case-uid]') !== null,
    // Every row shown matches the filter text, and the timeline changed since the keystroke.
    filtered: (text) => {
      const loaded = loadedRows();
      if (!loaded || !bench.logChanged) return false;
      const needle = text.trim().toLowerCase();
      return loaded.rows.every((row) => (row.textContent || '').toLowerCase().includes(needle));
    },
  };

  // What a watcher that never finished was waiting for (for the failure note).
  bench.describe = () => {
    const log = messagesLog();
    const rows = log ? log.querySelectorAll('[data-index]') : [];
    const tab = document.querySelector('[role="tab"][aria-selected="true"]');
    return [
      'kind=' + bench.kind,
      'input=' + bench.input,
      'tab=' + (tab ? tab.getAttribute('aria-label') : '-'),
      'cards=' + document.querySelectorAll('[data-testid="component-card"]').length,
      'log=' + (log ? 'busy:' + log.getAttribute('aria-busy') + ' rows:' + rows.length : '-'),
      'gap=' + (log ? log.scrollHeight - log.scrollTop - log.clientHeight : '-'),
      'logChanged=' + bench.logChanged,
    ].join(' ');
  };

  let stop = () => undefined;
  bench.watch = (kind, arg, afterInput) => {
    stop();
    bench.done = null;
    bench.kind = kind;
    bench.logChanged = false;
    const armedAt = performance.now();
    const check = (records) => {
      if (bench.done !== null) return;
      const isInputSeen = !afterInput || (bench.input !== null && bench.input >= armedAt);
      if (!isInputSeen) return;
      const log = messagesLog();
      if (records && log && records.some((record) => log.contains(record.target))) bench.logChanged = true;
      if (!predicates[kind](arg)) return;
      bench.done = performance.now();
      stop();
    };
    const observer = new MutationObserver((records) => check(records));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const onScroll = () => check(null);
    document.addEventListener('scroll', onScroll, true);
    // A safety net for a state reached without a mutation or a scroll event (at most a frame late).
    let frame = requestAnimationFrame(function poll() {
      check(null);
      frame = requestAnimationFrame(poll);
    });
    stop = () => {
      observer.disconnect();
      document.removeEventListener('scroll', onScroll, true);
      cancelAnimationFrame(frame);
    };
    check(null);
  };

  const params = new URLSearchParams(location.search);
  const kind = location.pathname.endsWith('/portal.html')
    ? 'portal'
    : !params.get('uid')
      ? 'search'
      : params.get('view') === 'messages'
        ? 'messages'
        : 'components';
  bench.watch(kind, '', false);
})();
`;
