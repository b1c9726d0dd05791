import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checklistMessages } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { collectionUid } from '../../../testing/records';
import { entriesOf } from '../checklist-rules';
import { aChecklist, anItem, renderWithConf } from '../testing/checklist-fixture';
import { ChecklistCard } from './checklist-card';

const caseUid = '00000000-0000-4000-8000-00000000c001';
const checklistPath = `/api/v2/checklists/${caseUid}/`;

const renderCard = (items = [anItem()]) => {
  const checklist = aChecklist(items);
  renderWithConf(
    <ChecklistCard
      collectionUid={collectionUid}
      title="120034-01 Implant Bar"
      entries={entriesOf(caseUid, checklist)}
    />,
  );
  return checklist;
};

/** The server: every write answers the list unchanged (the test reads the calls). */
const answerChecklist =
  (items = [anItem()]) =>
  (call: ApiCall) =>
    call.path.startsWith(checklistPath) ? json(aChecklist(items)) : undefined;

const writes = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path.startsWith(checklistPath))
    .map((call) => [call.method, call.path, call.body]);

const row = (name: string) => screen.getByRole('row', { name });

describe('ChecklistCard', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows each item with its department, mandatory marker and who ticked it when', () => {
    stubFetch();
    renderCard([
      anItem({ name: 'Surface finish inspected', mandatory: true }),
      anItem({
        name: 'Shade matched',
        department: 'DESIGN',
        done: true,
        checked_by_name: 'Pat Polisher',
        checked_at: '2025-02-03T02:00:00.000Z',
      }),
    ]);
    expect(within(row('Surface finish inspected')).getByText('Mandatory')).toBeTruthy();
    expect(within(row('Shade matched')).queryByText('Mandatory')).toBeNull();
    expect(within(row('Shade matched')).getByText('DESIGN')).toBeTruthy();
    expect(within(row('Shade matched')).getByText(/Pat Polisher/)).toBeTruthy();
    expect(within(row('Shade matched')).getByRole('time').getAttribute('dateTime')).toBe(
      '2025-02-03T02:00:00.000Z',
    );
  });

  it('disables the other checkbox while one is ticked', () => {
    stubFetch();
    renderCard([
      anItem({ name: 'Open one' }),
      anItem({ name: 'Done one', done: true }),
      anItem({ name: 'Skipped one', not_required: true }),
    ]);
    const box = (label: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: label });
    expect(box('Done: Open one').disabled).toBe(false);
    expect(box('Not Required: Open one').disabled).toBe(false);
    expect(box('Done: Done one').checked).toBe(true);
    expect(box('Not Required: Done one').disabled).toBe(true);
    expect(box('Not Required: Skipped one').checked).toBe(true);
    expect(box('Done: Skipped one').disabled).toBe(true);
  });

  it('ticks Done or Not Required with one POST each', async () => {
    const [first, second] = [anItem({ name: 'First' }), anItem({ name: 'Second' })];
    const calls = stubFetch(answerChecklist([first, second].filter((item) => item !== undefined)));
    renderCard([first, second]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Done: First' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not Required: Second' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)).toEqual([
      ['POST', checklistPath, { item_id: first.id, done: true, not_required: false }],
      ['POST', checklistPath, { item_id: second.id, done: false, not_required: true }],
    ]);
  });

  it("asks 'Are you sure you wish to uncheck?' before unticking, and DELETEs only on Confirm", async () => {
    const item = anItem({ name: 'Surface finish inspected', done: true, checked_by_name: 'Pat' });
    const calls = stubFetch(answerChecklist([item]));
    renderCard([item]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Done: Surface finish inspected' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(checklistMessages.uncheckConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Done: Surface finish inspected' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([['DELETE', `${checklistPath}${item.id}/`, undefined]]),
    );
  });

  describe('five rapid clicks on the title', () => {
    const items = () => [
      anItem({ name: 'Open A' }),
      anItem({ name: 'Ticked', done: true }),
      anItem({ name: 'Skipped', not_required: true }),
      anItem({ name: 'Open B', mandatory: true }),
    ];
    const clickTitle = (times: number, gapMs: number) => {
      for (let click = 0; click < times; click += 1) {
        act(() => {
          fireEvent.click(screen.getByRole('heading', { name: '120034-01 Implant Bar' }));
        });
        act(() => {
          vi.advanceTimersByTime(gapMs);
        });
      }
    };

    it('within 1 s mark every unchecked visible item done, one call after the other', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const list = items();
      const calls = stubFetch(answerChecklist(list));
      renderCard(list);
      clickTitle(5, 150);
      await waitFor(() => expect(writes(calls)).toHaveLength(2));
      expect(writes(calls)).toEqual([
        ['POST', checklistPath, { item_id: list[0]?.id, done: true, not_required: false }],
        ['POST', checklistPath, { item_id: list[3]?.id, done: true, not_required: false }],
      ]);
    });

    it('do nothing when only four, or when spread over more than 1 s', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const list = items();
      const calls = stubFetch(answerChecklist(list));
      renderCard(list);
      clickTitle(4, 100);
      vi.advanceTimersByTime(2000);
      clickTitle(5, 300);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(writes(calls)).toEqual([]);
    });
  });
});
