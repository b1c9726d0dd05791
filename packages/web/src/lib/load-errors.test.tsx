import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { aTestQueryClient } from '../testing/render-with-queries';
import { useLoadErrors } from './load-errors';
import { loadErrorMeta } from './query-meta';

describe('useLoadErrors', () => {
  it('lists the load-error text of failed queries only, and drops it once a refetch succeeds', async () => {
    const queryClient = aTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    let isStatusesDown = true;
    const { result } = renderHook(
      () => {
        useQuery({
          queryKey: ['statuses'],
          queryFn: () => (isStatusesDown ? Promise.reject(new Error('down')) : Promise.resolve([])),
          meta: loadErrorMeta('Statuses failed to load'),
        });
        // A failure without a text (the branches list) stays out of the list.
        useQuery({ queryKey: ['branches'], queryFn: () => Promise.reject(new Error('down')) });
        useQuery({
          queryKey: ['kits'],
          queryFn: () => Promise.resolve([]),
          meta: loadErrorMeta('Kits failed to load'),
        });
        return useLoadErrors();
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current).toEqual(['Statuses failed to load']));

    isStatusesDown = false;
    await act(() => queryClient.refetchQueries({ type: 'active' }));
    await waitFor(() => expect(result.current).toEqual([]));
  });
});
