import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { aCase, aCollection } from '../../../testing/records';
import { aChecklist, anItem, renderWithConf } from '../testing/checklist-fixture';
import { ChecklistsView } from './checklists-view';

const bar = aCase({ case_mkey: '120034-01', job_type: 'Implant Bar' });
const guide = aCase({ case_mkey: '120034-02', job_type: 'Surgical Guide' });
const plain = aCase({ case_mkey: '120034-03', job_type: 'Nightguard' });
const barItems = [
  anItem({ name: 'Surface finish inspected', department: 'POLISHING', mandatory: true }),
  anItem({ name: 'Material batch recorded', department: 'MACHINING' }),
];
const guideItems = [anItem({ name: 'Sleeve positions checked', department: 'DESIGN' })];
const collection = aCollection({
  cases: [
    { ...bar, checklist_items: barItems.map(({ id, department }) => ({ id, department })) },
    { ...guide, checklist_items: guideItems.map(({ id, department }) => ({ id, department })) },
    plain,
  ],
});

const answer = (call: ApiCall) => {
  if (call.path === `/api/v2/checklists/${bar.uid}/`)
    return json(aChecklist(barItems, { case_mkey: '120034-01' }));
  if (call.path === `/api/v2/checklists/${guide.uid}/`) {
    return json(aChecklist(guideItems, { case_mkey: '120034-02', job_type: 'Surgical Guide' }));
  }
  return undefined;
};

const card = (title: string) => screen.getByRole('region', { name: title });

describe('ChecklistsView', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it("starts at the user's department: only the components with its items, only those items", async () => {
    stubFetch(answer);
    renderWithConf(<ChecklistsView collection={collection} userDepartment="POLISHING" isAdmin={false} />);
    expect(await within(card('120034-01 Implant Bar')).findByText('Surface finish inspected')).toBeTruthy();
    expect(screen.queryByText('Material batch recorded')).toBeNull();
    expect(screen.queryByRole('region', { name: '120034-02 Surgical Guide' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Checklist Templates' })).toBeNull();
    expect(
      within(card('120034-01 Implant Bar'))
        .getByRole('link', { name: 'Legacy QC checklist of 120034-01' })
        .getAttribute('href'),
    ).toBe(`https://order.example.com/case/${bar.uid}/qc-checklist/`);
  });

  it('shows every item of every component with items under ALL, also in one aggregated list', async () => {
    window.history.replaceState(null, '', '/?department=ALL');
    stubFetch(answer);
    renderWithConf(<ChecklistsView collection={collection} userDepartment="POLISHING" isAdmin />);
    expect(await within(card('120034-01 Implant Bar')).findByText('Material batch recorded')).toBeTruthy();
    expect(
      await within(card('120034-02 Surgical Guide')).findByText('Sleeve positions checked'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Nightguard/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Checklist Templates' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'All Components' }));
    const all = card('All Components');
    expect(within(all).getByRole('row', { name: 'Sleeve positions checked' })).toBeTruthy();
    expect(
      within(within(all).getByRole('row', { name: 'Sleeve positions checked' })).getByText('120034-02'),
    ).toBeTruthy();
    expect(within(all).getAllByRole('row')).toHaveLength(4);
  });
});
