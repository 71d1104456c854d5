import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from './theme';

// A query's answer reaches its components in a microtask, not in a `setTimeout(0)`: while the page animates
// (the Loading message, a button's press) the browser ran that timer 20 to 60 ms late, after frames that
// still showed the old rows (bench: ui.click_to_paint). React batches what one microtask sets.
notifyManager.setScheduler(queueMicrotask);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
