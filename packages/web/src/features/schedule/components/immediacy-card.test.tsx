import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { aCase } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { ImmediacyCard, readImmediacyHours } from './immediacy-card';

const renderCard = (immediacyDue: string | null) => {
  renderWithQueries(
    <ImmediacyCard collectionUid="c-1" caseItem={aCase({ case_id: 4711, immediacy_due: immediacyDue })} />,
  );
};

describe('ImmediacyCard', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('reads only positive hours', () => {
    expect(readImmediacyHours('')).toBeNull();
    expect(readImmediacyHours('0')).toBeNull();
    expect(readImmediacyHours('-2')).toBeNull();
    expect(readImmediacyHours('2.5')).toBe(2.5);
  });

  it('starts after confirmation with immediacy_due now plus the hours', async () => {
    const post = vi.spyOn(apiClient, 'postOnce').mockResolvedValue({});
    renderCard(null);
    const start = screen.getByRole('button', { name: 'Start' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Hours'), { target: { value: '3' } });
    fireEvent.click(start);
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [path, body] = post.mock.calls[0] ?? [];
    expect(path).toBe('/api/v2/case/4711/');
    const { action, immediacy_due } = body as { action: string; immediacy_due: string };
    expect(action).toBe('start_immediacy');
    expect(Date.parse(immediacy_due) - before).toBeGreaterThanOrEqual(3 * 3_600_000 - 1000);
    expect(Date.parse(immediacy_due) - before).toBeLessThanOrEqual(3 * 3_600_000 + 1000);
  });

  it('counts down while on and ends after confirmation', async () => {
    const post = vi.spyOn(apiClient, 'postOnce').mockResolvedValue({});
    renderCard(new Date(Date.now() + 2 * 3_600_000 + 5000).toISOString());
    expect(screen.getByLabelText('Immediacy countdown').textContent).toMatch(/^02:00:0\d$/);
    fireEvent.click(screen.getByRole('button', { name: 'End' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v2/case/4711/', { action: 'end_immediacy' }, expect.anything()),
    );
  });
});
