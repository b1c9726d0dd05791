import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@lab/domain';
import { buildTestSchedule } from '../../../components/schedule-panel/test-schedule';
import { apiClient } from '../../../lib/api-client';
import { aCase } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { ModifyCaseTimesDialog } from './modify-case-times-dialog';

const original = buildTestSchedule();

// The dialog reads only these fields of the case.
const caseItem = aCase({ case_id: 4711, date_promised: null });

const renderDialog = () => {
  const onClose = vi.fn();
  renderWithQueries(
    <ModifyCaseTimesDialog collectionUid="c-1" caseItem={caseItem} original={original} onClose={onClose} />,
  );
  return { onClose };
};

const startInput = () => screen.getByLabelText(/New Start Time/);

describe('ModifyCaseTimesDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('starts from the current start time in Melbourne time and a blank, optional promise date', () => {
    renderDialog();
    expect((startInput() as HTMLInputElement).value).toBe('2025-02-03T08:00');
    expect((screen.getByLabelText('Promise Date') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Optional: blank keeps the current promise')).toBeTruthy();
  });

  it("asks for a start time: 'Must be selected', and nothing is sent", () => {
    const post = vi.spyOn(apiClient, 'post');
    const save = vi.spyOn(apiClient, 'postOnce');
    renderDialog();
    fireEvent.change(startInput(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Must be selected')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('previews the new times against the current schedule, then saves them', async () => {
    const proposed: Schedule = {
      ...original,
      start_time: '2025-02-03T21:00:00.000Z',
      buffer_time_seconds: 0,
    };
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue(proposed);
    const save = vi.spyOn(apiClient, 'postOnce').mockResolvedValue(proposed);
    const { onClose } = renderDialog();
    fireEvent.change(startInput(), { target: { value: '2025-02-04T08:00' } });
    fireEvent.change(screen.getByLabelText('Promise Date'), { target: { value: '2025-02-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    await screen.findByText("Customer's due time has not changed.");
    expect(post).toHaveBeenCalledWith(
      '/api/v2/case/schedule/',
      { case_id: 4711, start_time: '2025-02-04T08:00', date_promised: '2025-02-07' },
      expect.anything(),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenLastCalledWith(
      '/api/v2/case/4711/',
      { action: 'update_times', new_start_time: '2025-02-04T08:00', new_promise_date: '2025-02-07' },
      expect.anything(),
    );
  });
});
