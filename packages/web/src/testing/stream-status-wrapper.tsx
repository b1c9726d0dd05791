import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StreamStatusContext, type StreamStatusStore } from '../lib/stream-status';

/** A `renderHook` wrapper: the test's query client and a stream status the test drives. */
export const withQueriesAndStream = (queryClient: QueryClient, store: StreamStatusStore) =>
  function QueriesAndStream({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <StreamStatusContext.Provider value={store}>{children}</StreamStatusContext.Provider>
      </QueryClientProvider>
    );
  };
