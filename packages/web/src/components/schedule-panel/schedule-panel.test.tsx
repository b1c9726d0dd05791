import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SchedulePanel } from './schedule-panel';
import { buildTestSchedule } from './test-schedule';

const schedule = buildTestSchedule;

const stageRow = (name: string) =>
  within(screen.getByRole('table', { name: 'Stage schedule' })).getByRole('row', {
    name: new RegExp(`^${name}`),
  });

describe('SchedulePanel', () => {
  afterEach(cleanup);

  it('shows one row per stage with whole hours rounded down', () => {
    render(<SchedulePanel schedule={schedule()} />);
    const metrology = within(stageRow('Check-in / Metrology')).getAllByRole('cell');
    // Ratio, minimum, allocated, due: 5399 s and 7199 s are 1 whole hour each.
    expect(metrology[1]?.textContent).toBe('1');
    expect(metrology[2]?.textContent).toBe('1');
    expect(stageRow('Design')).toBeTruthy();
    expect(stageRow('Production \\(Machining\\)')).toBeTruthy();
    expect(stageRow('Finishing / Dispatch')).toBeTruthy();
    expect(screen.getByText('1 business hours')).toBeTruthy();
  });

  it('rounds a late buffer down, so half an hour late is -1', () => {
    render(<SchedulePanel schedule={schedule({ buffer_time_seconds: -1800 })} />);
    expect(screen.getByText('-1 business hours')).toBeTruthy();
  });

  it('shows the customer delay row only when there is a delay', () => {
    const { rerender } = render(<SchedulePanel schedule={schedule()} />);
    expect(screen.queryByRole('rowheader', { name: 'Customer Delay' })).toBeNull();
    rerender(<SchedulePanel schedule={schedule({ customer_delay: 9000 })} />);
    const cells = within(stageRow('Customer Delay')).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toContain('2');
  });

  it('shows actual durations once a stage has one', () => {
    render(
      <SchedulePanel
        schedule={schedule({
          actual_durations: { metrology: 10_799, design: null, machining: null, dispatch: null },
        })}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actual Hours' })).toBeTruthy();
    expect(within(stageRow('Check-in / Metrology')).getAllByRole('cell')[3]?.textContent).toBe('2');
  });

  it('compares: green when the customer still gets it in time', () => {
    render(<SchedulePanel schedule={schedule({ buffer_time_seconds: 0 })} original={schedule()} />);
    expect(screen.getByRole('columnheader', { name: 'Original Due Time' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'New Due Time' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("Customer's due time has not changed.");
  });

  it('compares: red with the business hours the customer due time moves when the buffer is negative', () => {
    // Now due Tue 4 Feb 12:00 Melbourne: 4 business hours after the customer's Mon 17:00.
    const proposed = schedule({
      internal_due_time: '2025-02-04T01:00:00.000Z',
      buffer_time_seconds: -14_400,
    });
    render(<SchedulePanel schedule={proposed} original={schedule()} />);
    expect(screen.getByRole('alert').textContent).toBe(
      "Customer's due time has changed by 4 business hours - they will need to be contacted.",
    );
  });

  it('shows no alert outside comparison mode', () => {
    render(<SchedulePanel schedule={schedule({ buffer_time_seconds: -3600 })} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
