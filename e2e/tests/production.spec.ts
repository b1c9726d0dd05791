import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { chooseOption, drawerHeader, signIn, snap } from './support/lab';

// The Production system and the benches (issue 14 §2): the machinist picks a project up on the machine
// calendar, hovers it to a new start (rounded to 5 minutes) and clicks to place it, then drags it; both
// survive a reload. The designer opens the Design work queue from the systems menu, filters it by
// delegate and opens a case from it.

test.use({ timezoneId: 'Australia/Melbourne' });

type Project = {
  id: number;
  name: string;
  machine_id: number | null;
  start_time: string | null;
  end_time: string | null;
  status: 'Pending' | 'Ready' | 'Complete';
};
type Calendar = { machines: { id: number; name: string }[]; projects: Project[] };

const minutesOfDay = (hours: number, minutes: number) => (hours * 60 + minutes) / (24 * 60);

/** A fresh load of the page (what was saved, not what the page remembers). */
const reloadProduction = async (page: Page, section: Locator) => {
  await page.reload();
  await expect(section.locator('[role="cell"][data-date]')).toHaveCount(7);
};

/** Local start and end (the page's zone) of 09:00 on each date, for choosing a free morning. */
const morningsOf = (page: Page, dates: string[], lengthMs: number) =>
  page.evaluate(
    ([days, length]) =>
      days.map((day) => {
        const [y, m, d] = day.split('-').map(Number);
        const start = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, 9, 0).getTime();
        return { day, start, end: start + length };
      }),
    [dates, lengthMs] as const,
  );

/** Puts the pointer `fraction` of the day down the date's column (the column spans the whole day). */
const pointAt = async (page: Page, column: Locator, fraction: number) => {
  const box = await column.boundingBox();
  if (!box) throw new Error('the day column is not drawn');
  const x = box.x + box.width / 2;
  const y = box.y + box.height * fraction;
  return { x, y };
};

test('the machinist moves a project by hover and click, then drags it, each snapped to 5 minutes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'machinist');
  const firstLoad = page.waitForResponse(
    (response) => response.url().includes('/api/v2/machines/calendar/') && response.ok(),
  );
  await page.getByRole('button', { name: 'Systems' }).hover();
  await page.getByRole('menuitem', { name: 'Production' }).click();
  await expect(page).toHaveURL(/\/static\/v2\/production\.html/);
  const calendar = (await (await firstLoad).json()) as Calendar;
  await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();

  // A Programming or Make Ready project of this week, and a morning its machine is free for it (with
  // room for the drag after).
  const movable = calendar.projects.filter(
    (p) => p.status !== 'Complete' && p.machine_id !== null && p.start_time && p.end_time,
  );
  let choice: { project: Project; machine: string; day: string; start: number } | null = null;
  for (const project of movable) {
    const machine = calendar.machines.find((m) => m.id === project.machine_id);
    if (!machine) continue;
    const section = page.getByRole('region', { name: machine.name });
    await expect(section.locator('[role="cell"][data-date]')).toHaveCount(7);
    const dates = await section
      .locator('[role="cell"][data-date]')
      .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset['date'] ?? ''));
    const length = Date.parse(project.end_time ?? '') - Date.parse(project.start_time ?? '');
    const mornings = await morningsOf(page, dates, length + 2 * 3_600_000);
    const others = calendar.projects.filter(
      (p) => p.machine_id === project.machine_id && p.id !== project.id,
    );
    const free = mornings.find(
      (morning) =>
        !others.some(
          (other) =>
            Date.parse(other.start_time ?? '') < morning.end &&
            Date.parse(other.end_time ?? '') > morning.start,
        ),
    );
    if (free) {
      choice = { project, machine: machine.name, day: free.day, start: free.start };
      break;
    }
  }
  if (!choice) throw new Error('no movable demo project with a free morning this week');
  const { project, machine, day } = choice;
  const section = page.getByRole('region', { name: machine });
  const event = section.locator('.machine-event--movable').filter({ hasText: project.name });
  await expect(event).toBeVisible();
  await snap(page, 'production-calendar');

  // Pick it up, hover to 9:02 on the free day: the preview shows 9:00 (rounded to 5 minutes); click.
  await event.click();
  await expect(page.getByText(`Moving ${project.name}: point at the machine and start time`)).toBeVisible();
  await section.locator('[data-time="09:00:00"]').first().scrollIntoViewIfNeeded();
  const column = section.locator(`[role="cell"][data-date="${day}"]`);
  const target = await pointAt(page, column, minutesOfDay(9, 2));
  await page.mouse.move(target.x, target.y - 30);
  await page.mouse.move(target.x, target.y, { steps: 6 });
  const preview = section.locator('.machine-event--moving');
  await expect(preview).toContainText('9:00 –');
  await snap(page, 'production-calendar-moving');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v2/machine_project/${project.id}/`) &&
      response.request().method() === 'PATCH',
  );
  await page.mouse.click(target.x, target.y);
  const moved = (await (await saved).json()) as Project;
  expect(Date.parse(moved.start_time ?? '')).toBe(choice.start);
  await expect(page.getByText(/^Moving /)).toBeHidden();

  // Saved: after a reload the project sits at 9:00 on that day.
  await reloadProduction(page, section);
  const placed = section.locator(`[role="cell"][data-date="${day}"] .machine-event--movable`).filter({
    hasText: project.name,
  });
  await expect(placed).toContainText('9:00 –');

  // Drag it about 47 minutes later on the same day: FullCalendar snaps to 5 minutes, the server keeps it.
  await placed.scrollIntoViewIfNeeded();
  const from = await placed.boundingBox();
  const columnBox = await column.boundingBox();
  if (!from || !columnBox) throw new Error('the moved project is not drawn');
  const dy = columnBox.height * minutesOfDay(0, 47);
  const dragged = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v2/machine_project/${project.id}/`) &&
      response.request().method() === 'PATCH',
  );
  await page.mouse.move(from.x + from.width / 2, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 16, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, from.y + 8 + dy, { steps: 12 });
  await page.mouse.up();
  const draggedAnswer = await dragged;
  expect(draggedAnswer.status()).toBe(200);
  const afterDrag = (await draggedAnswer.json()) as Project;
  const start = new Date(afterDrag.start_time ?? '');
  expect(start.getTime()).toBeGreaterThan(choice.start);
  expect(start.getUTCMinutes() % 5).toBe(0);
  expect(start.getUTCSeconds()).toBe(0);
  const label = await page.evaluate(
    (iso) =>
      new Date(iso)
        .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
        .replace(/\s?[AP]M$/, ''),
    afterDrag.start_time ?? '',
  );
  await reloadProduction(page, section);
  await expect(
    section
      .locator(`[role="cell"][data-date="${day}"] .machine-event--movable`)
      .filter({ hasText: project.name }),
  ).toContainText(`${label} –`);
  await snap(page, 'production-calendar-moved');
});

test('the designer works from the Design work queue: sorted by due time, filtered by delegate, a click opens the case', async ({
  page,
  context,
}) => {
  await signIn(page, 'designer');
  await page.getByRole('button', { name: 'Systems' }).hover();
  await page.getByRole('menuitem', { name: 'Design' }).click();
  await expect(page).toHaveURL(/\/static\/v2\/design\.html/);
  const table = page.getByRole('table', { name: 'Design work queue' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  // Soonest due first; every row past its due time says Overdue.
  const dues = await rows
    .locator('time')
    .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')));
  expect(dues.length).toBeGreaterThan(1);
  expect(dues).toEqual([...dues].sort((a, b) => a - b));
  const now = Date.now();
  const firstRows = Math.min(dues.length, 8);
  for (let i = 0; i < firstRows; i += 1) {
    const overdue = rows.nth(i).getByText('Overdue', { exact: true });
    if ((dues[i] ?? 0) < now - 60_000) await expect(overdue).toBeVisible();
    else if ((dues[i] ?? 0) > now + 60_000) await expect(overdue).toHaveCount(0);
  }
  await snap(page, 'design-work-queue');

  // Filter by the first delegate offered: only that delegate's cases stay.
  await page.getByRole('combobox', { name: 'Delegate' }).click();
  const option = page.getByRole('option').nth(2);
  const optionText = (await option.textContent()) ?? '';
  const delegate = optionText.replace(/\s*\(\d+\)$/, '');
  const count = Number(/\((\d+)\)$/.exec(optionText)?.[1]);
  await page.keyboard.press('Escape');
  await chooseOption(page, page, 'Delegate', optionText);
  await expect(page).toHaveURL(/delegate=\d+/);
  // The list shows the filtered answer once it arrives (the previous one stays until then).
  await expect(rows).toHaveCount(count);
  const delegates = await rows.locator('td:nth-child(7)').allTextContents();
  expect(new Set(delegates)).toEqual(new Set([delegate]));

  // A click opens the case in the collection page, in a new window as every case link does.
  const caseKey = ((await rows.first().locator('td').nth(1).textContent()) ?? '').trim();
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    rows.first().getByRole('link', { name: caseKey }).click(),
  ]);
  await opened.waitForLoadState();
  await expect(opened).toHaveURL(/\/static\/v2\/collection\.html\?uid=[0-9a-f-]+&cuid=[0-9a-f-]+/);
  await expect(drawerHeader(opened)).toContainText(caseKey);
});

test('the designer sees the machine calendar read-only: no Move, no status steps, the reason said', async ({
  page,
}) => {
  await signIn(page, 'designer');
  const firstLoad = page.waitForResponse(
    (response) => response.url().includes('/api/v2/machines/calendar/') && response.ok(),
  );
  await page.goto('/static/v2/production.html');
  const calendar = (await (await firstLoad).json()) as Calendar;
  expect(
    calendar.projects.some((p) => p.status !== 'Complete'),
    'the demo week has open projects',
  ).toBe(true);
  const projects = page.getByRole('list', { name: 'Projects this week' });
  await expect(projects.locator('[data-project]').first()).toBeVisible();
  await expect(
    page.getByText('Only Machining staff may program, move or advance machine projects'),
  ).toBeVisible();
  await expect(projects.getByRole('button', { name: /^(Move|Place)$/ })).toHaveCount(0);
  await expect(projects.getByRole('button', { name: /Make Ready|Complete|Programming/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^New Project/ })).toBeDisabled();
  await snap(page, 'production-designer-read-only');
});
