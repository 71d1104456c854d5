import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AppConfig {
  version: string;
  links: { blog: string; instagram: string; youtube: string; extension: string; guide: string };
  providers: { marketplace: 'sandbox' | 'spapi'; payments: 'sandbox' | 'stripe' };
  dev_mailbox: boolean;
}

export function useAppConfig() {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: () => api<AppConfig>('/api/app-config'),
    staleTime: Infinity,
  });
}
