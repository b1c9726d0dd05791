import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checklistMessages, type CaseChecklist, type ChecklistItem, type Status } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { aCase, aCollection } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { FinishingStatusSelector } from './finishing-status-selector';

// The Ready for Dispatch confirmation with the checklist gate: it lists the mandatory items still open
// and keeps the server's refusal on screen.

const status = (id: number, name: string, dispatchReady: boolean): Status => ({
  id,
  name,
  parent_name: 'IN LAB',
  description: '',
  in_finishing: !dispatchReady,
  in_production: false,
  in_design: false,
  dispatch_ready: dispatchReady,
  client_name: null,
});
const statuses = [status(20, 'Polishing', false), status(22, 'Ready for Dispatch', true)];

const item = (id: number, name: string, overrides: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  name,
  department: 'POLISHING',
  checked_at: null,
  checked_by_name: null,
  done: false,
  not_required: false,
  mandatory: true,
  ...overrides,
});

const caseItem = aCase({
  case_mkey: '120034-01',
  status: 'Polishing',
  status_id: 20,
  in_lab: true,
  in_design: false,
  checklist_items: [
    { id: 1, department: 'POLISHING' },
    { id: 2, department: 'POLISHING' },
    { id: 3, department: 'WAREHOUSE' },
  ],
});
const checklist: CaseChecklist = {
  case_mkey: '120034-01',
  job_type: 'Implant Bar',
  checklist: [
    item(1, 'Surface finish inspected'),
    item(2, 'Shade matched', { mandatory: false }),
    item(3, 'Screws and components picked', { done: true }),
  ],
};
const refusal = 'Complete the mandatory checklist items first: Surface finish inspected';

const answer = (call: ApiCall) => {
  if (call.path === '/api/v2/case/statuses/') return json(statuses);
  if (call.path === `/api/v2/checklists/${caseItem.uid}/`) return json(checklist);
  if (call.path === `/api/v2/finishing/${caseItem.case_id}/`) {
    return json({ error: { code: 'conflict', message: refusal } }, 409);
  }
  return undefined;
};

describe('FinishingStatusSelector: Ready for Dispatch', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the case's open mandatory items and shows the server's refusal in the dialog", async () => {
    const calls = stubFetch(answer);
    renderWithQueries(
      <FinishingStatusSelector collection={aCollection({ cases: [caseItem] })} caseItem={caseItem} />,
    );
    const select = await screen.findByRole('combobox', { name: 'Finishing status' });
    await waitFor(() => expect(select.textContent).toBe('Polishing'));
    fireEvent.mouseDown(select);
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Ready for Dispatch' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Ready for Dispatch' });
    const open = await within(dialog).findByRole('alert', { name: 'Open mandatory checklist items' });
    expect(open.textContent).toContain(checklistMessages.openMandatoryHeading);
    expect(
      within(open)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Surface finish inspected']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ready for Dispatch' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { action: 'change_status', status_id: 22, grouped: false },
    ]);
  });
});
