import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChecklistTemplate, JobType } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { ChecklistTemplatesDialog } from './checklist-templates-dialog';

const jobTypes: JobType[] = [
  { id: 1, name: 'Implant Bar', virtual_product: false, requires_return_file: false, product_class: 'Other' },
  { id: 2, name: 'Nightguard', virtual_product: false, requires_return_file: false, product_class: 'Other' },
];
const template = (id: number, jobTypeId: number, name: string): ChecklistTemplate => ({
  id,
  job_type_id: jobTypeId,
  job_type: jobTypes.find((jobType) => jobType.id === jobTypeId)?.name ?? null,
  name,
  department: 'POLISHING',
  mandatory: false,
  sort: id,
  is_active: true,
});
const templates = [template(11, 1, 'Surface finish inspected'), template(12, 2, 'Edges smoothed')];

const answer = (call: ApiCall) => {
  if (call.path === '/api/v2/case/job_types/') return json(jobTypes);
  if (call.path === '/api/v2/checklist_templates/' && call.method === 'GET') return json(templates);
  if (call.path.startsWith('/api/v2/checklist_templates/'))
    return json({ ...templates[0], ...(call.body as object) });
  return undefined;
};

const writes = (calls: ApiCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.path, call.body]);

describe('ChecklistTemplatesDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the first job type's steps, saves an edit and deactivates a step", async () => {
    const calls = stubFetch(answer);
    renderWithQueries(<ChecklistTemplatesDialog isOpen onClose={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Checklist templates' });
    const row = await within(table).findByRole('row', { name: 'Surface finish inspected' });
    expect(within(table).queryByRole('row', { name: 'Edges smoothed' })).toBeNull();

    const name = within(row).getByRole('textbox', { name: 'Name of Surface finish inspected' });
    fireEvent.change(name, { target: { value: 'Surface finish and polish inspected' } });
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Mandatory: Surface finish inspected' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)).toEqual([
      [
        'PATCH',
        '/api/v2/checklist_templates/11/',
        { name: 'Surface finish and polish inspected', department: 'POLISHING', mandatory: true },
      ],
      ['DELETE', '/api/v2/checklist_templates/11/', undefined],
    ]);
  });

  it('adds a step to the chosen job type, checking the form first', async () => {
    const calls = stubFetch(answer);
    renderWithQueries(<ChecklistTemplatesDialog isOpen onClose={() => undefined} />);
    await screen.findByRole('row', { name: 'Surface finish inspected' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Job type' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Nightguard' }));
    expect(await screen.findByRole('row', { name: 'Edges smoothed' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Cannot be blank')).toBeTruthy();
    expect(screen.getByText('Must be selected')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'New item' }), { target: { value: 'Box sealed' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Department' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'WAREHOUSE' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mandatory' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        [
          'POST',
          '/api/v2/checklist_templates/',
          { job_type_id: 2, name: 'Box sealed', department: 'WAREHOUSE', mandatory: true },
        ],
      ]),
    );
  });
});
