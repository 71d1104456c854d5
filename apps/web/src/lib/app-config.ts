import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@crossmarket/domain';
import { api } from './api-client';

export type { AppConfig } from '@crossmarket/domain';

export const appConfigKeys = {
  all: ['app-config'] as const,
};

/** The server's public settings (providers, links), shared by the shell and the features; fetched once. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKeys.all,
    queryFn: () => api<AppConfig>('/api/app-config'),
    staleTime: Infinity,
  });
}
