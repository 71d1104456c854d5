import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface AppConfig {
  version: string;
  links: { blog: string; instagram: string; youtube: string; extension: string; guide: string };
  providers: { marketplace: 'sandbox' | 'spapi'; payments: 'sandbox' | 'stripe' };
  dev_mailbox: boolean;
  stripe_publishable_key: string | null;
}

/** The server's public settings (providers, links), shared by the shell and the features; fetched once. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: () => api<AppConfig>('/api/app-config'),
    staleTime: Infinity,
  });
}
