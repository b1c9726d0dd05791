import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkQueue, WorkQueueCase } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { WorkQueueView } from './work-queue-view';

// The department work queue (issue 14 §2): sorted rows, overdue and at-risk flags, the delegate, the
// delegate and status filters, a click opening the case.

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const hour = 3_600_000;

const aCase = (n: number, overrides: Partial<WorkQueueCase> = {}): WorkQueueCase => ({
  uid: uid(n),
  case_id: n,
  case_mkey: `1000${n}-01`,
  collection_uid: uid(100 + n),
  collection_id: 1000 + n,
  patient_reference: `Patient ${n}`,
  client_name: 'Bayside Dental',
  job_type: 'Screw-Retained Bridge',
  status: { id: 3, name: 'Design In Progress' },
  delegate: { id: 21, name: 'Dana Designer' },
  due_time: new Date(Date.now() + 5 * hour).toISOString(),
  immediacy_due: null,
  internal_due: null,
  customer_due: null,
  buffer_time_seconds: 3600,
  is_overdue: false,
  is_at_risk: false,
  redo: false,
  vip: false,
  machine_project: null,
  ...overrides,
});

const aQueue = (cases: WorkQueueCase[]): WorkQueue => ({
  department: 'DESIGN',
  branch: { id: 1, name: 'Melbourne' },
  cases,
  truncated: false,
  filters: {
    delegates: [
      { id: 21, name: 'Dana Designer', count: 2 },
      { id: 22, name: 'Dev Drafter', count: 1 },
    ],
    undelegated_count: 1,
    statuses: [
      { id: 3, name: 'Design In Progress', count: 3 },
      { id: 4, name: 'Awaiting Client Approval', count: 1 },
    ],
  },
  now: new Date().toISOString(),
});

const stubApi = (queue: WorkQueue) =>
  vi.spyOn(apiClient, 'get').mockImplementation(
    (path: string) =>
      Promise.resolve(
        path.startsWith('/api/v2/work_queue/')
          ? queue
          : [
              { id: 1, name: 'Melbourne' },
              { id: 2, name: 'Sydney' },
            ],
      ) as never,
  );

const renderQueue = (props: Partial<Parameters<typeof WorkQueueView>[0]> = {}) => {
  const handlers = { onFilterChange: vi.fn(), onOpenCase: vi.fn() };
  renderWithQueries(
    <WorkQueueView
      department="DESIGN"
      branch={null}
      delegate={null}
      status={null}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
};

const pick = (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('WorkQueueView', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the cases as the server sorts them, flagging overdue, at risk and rush, with the delegate', async () => {
    stubApi(
      aQueue([
        aCase(1, {
          is_overdue: true,
          is_at_risk: true,
          due_time: new Date(Date.now() - 2 * hour).toISOString(),
        }),
        aCase(2, { delegate: null, immediacy_due: new Date(Date.now() + hour).toISOString() }),
        aCase(3, { due_time: null }),
      ]),
    );
    renderQueue();
    const table = await screen.findByRole('table', { name: 'Design work queue' });
    expect(screen.getByText(/Melbourne · 3 cases/)).toBeTruthy();
    const [, overdue, rush, unscheduled] = within(table).getAllByRole('row');
    expect(within(overdue as HTMLElement).getByText('Overdue')).toBeTruthy();
    expect(within(overdue as HTMLElement).getByText('At risk')).toBeTruthy();
    expect(within(overdue as HTMLElement).getByText('2 h overdue')).toBeTruthy();
    expect(within(overdue as HTMLElement).getByText('Dana Designer')).toBeTruthy();
    expect(within(rush as HTMLElement).getByText('Awaiting Delegation')).toBeTruthy();
    expect(within(rush as HTMLElement).getByText('Rush')).toBeTruthy();
    expect(within(rush as HTMLElement).queryByText('Overdue')).toBeNull();
    expect(within(unscheduled as HTMLElement).getByText('Not scheduled')).toBeTruthy();
    expect(rush?.textContent).toContain('10002-01');
  });

  it('asks the server for the filters it is given and offers every choice with its count', async () => {
    const get = stubApi(aQueue([aCase(1)]));
    const { onFilterChange } = renderQueue({ delegate: 'none', status: 4 });
    await screen.findByRole('table', { name: 'Design work queue' });
    expect(get).toHaveBeenCalledWith(
      '/api/v2/work_queue/?department=DESIGN&delegate=none&status=4',
      expect.anything(),
      expect.anything(),
    );
    pick('Delegate', 'Dev Drafter (1)');
    expect(onFilterChange).toHaveBeenLastCalledWith({ delegate: 22 });
    pick('Delegate', 'Everyone');
    expect(onFilterChange).toHaveBeenLastCalledWith({ delegate: null });
    pick('Status', 'Design In Progress (3)');
    expect(onFilterChange).toHaveBeenLastCalledWith({ status: 3 });
    pick('Status', 'All statuses');
    expect(onFilterChange).toHaveBeenLastCalledWith({ status: null });
  });

  it('filters to the cases awaiting delegation and changes branch', async () => {
    stubApi(aQueue([aCase(1)]));
    const { onFilterChange } = renderQueue();
    await screen.findByRole('table', { name: 'Design work queue' });
    pick('Delegate', 'Awaiting Delegation (1)');
    expect(onFilterChange).toHaveBeenLastCalledWith({ delegate: 'none' });
    pick('Branch', 'Sydney');
    expect(onFilterChange).toHaveBeenLastCalledWith({ branch: 2 });
  });

  it('opens the case from its row or its key, which links to the case', async () => {
    stubApi(aQueue([aCase(7)]));
    const { onOpenCase } = renderQueue();
    const table = await screen.findByRole('table', { name: 'Design work queue' });
    const link = within(table).getByRole('link', { name: '10007-01' });
    expect(link.getAttribute('href')).toBe(`/static/v2/collection.html?uid=${uid(107)}&cuid=${uid(7)}`);
    fireEvent.click(link);
    expect(onOpenCase).toHaveBeenCalledTimes(1);
    fireEvent.click(within(table).getByText('Patient 7'));
    expect(onOpenCase).toHaveBeenCalledTimes(2);
    expect(onOpenCase).toHaveBeenLastCalledWith(expect.objectContaining({ case_mkey: '10007-01' }));
  });

  it('says so when the queue is empty', async () => {
    stubApi(aQueue([]));
    renderQueue();
    expect(await screen.findByText('No cases in this queue')).toBeTruthy();
  });
});
