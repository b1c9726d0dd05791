import { test as base, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

// Every spec imports `test` and `expect` from here. A test fails when any page of any of its browser
// contexts (the default one and those it opens itself: a partner, a client on a phone) throws an uncaught
// error or logs a console error, whatever its assertions saw. An error the test brings about on purpose
// (a refused request, a missing camera) is declared in that test with `allowConsoleErrors`, saying why.

type Allowed = { patterns: RegExp[] };

// One worker runs one test at a time: the current test's allowances.
let current: Allowed = { patterns: [] };

/**
 * Console errors matching `pattern` are expected in the running test (matched against the message and
 * where it came from, e.g. "Failed to load resource: … status of 409 (Conflict) (at http://…/api/…)").
 * Uncaught page errors are never allowed.
 */
export const allowConsoleErrors = (...patterns: RegExp[]): void => {
  current.patterns.push(...patterns);
};

const describeConsole = (page: Page, message: ConsoleMessage): string => {
  const source = message.location().url || page.url();
  return `${message.text()} (at ${source})`;
};

export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ browser }, use) => {
      const allowed: Allowed = { patterns: [] };
      current = allowed;
      const problems: string[] = [];
      const watchPage = (page: Page) => {
        page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const line = describeConsole(page, message);
          if (!allowed.patterns.some((pattern) => pattern.test(line)))
            problems.push(`console error: ${line}`);
        });
      };
      const watchContext = (context: BrowserContext) => {
        context.pages().forEach(watchPage);
        context.on('page', watchPage);
      };
      // The test's own `context` fixture is created after this one, so it comes through the event too.
      browser.contexts().forEach(watchContext);
      browser.on('context', watchContext);
      try {
        await use(undefined);
      } finally {
        browser.off('context', watchContext);
      }
      if (problems.length > 0) {
        throw new Error(
          `${problems.length} page/console error(s) during the test:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});
