import type {
  AppNotification,
  InventoryWatchCreate,
  Watch,
  WatchCreate,
  WatchSettings,
} from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { AppNotification, Watch, WatchCreate } from '@crossmarket/domain';
export type WatchList = { watches: Watch[]; limit: number };
export type NotificationList = { unread: number; notifications: AppNotification[] };

export const watchKeys = {
  all: ['watches'] as const,
  list: () => [...watchKeys.all, 'list'] as const,
  notifications: () => [...watchKeys.all, 'notifications'] as const,
  settings: () => [...watchKeys.all, 'settings'] as const,
};

/**
 * How often the header asks for new notifications. Watches fire when a product is looked up (at most once
 * a day each), so a few minutes late is on time; focusing the tab asks at once.
 */
export const NOTIFICATIONS_POLL_MS = 3 * 60_000;

/** The seller's watches (every product; the server caps them at `limit`). */
export function useWatches() {
  return useQuery({ queryKey: watchKeys.list(), queryFn: () => api<WatchList>('/api/watches') });
}

export function useCreateWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WatchCreate) => api<Watch>('/api/watches', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: watchKeys.list() }),
  });
}

/** A whole inventory watched for products sold out at its source. */
export function useCreateInventoryWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryWatchCreate) => api<Watch>('/api/watches/inventory', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: watchKeys.list() }),
  });
}

/** How alerts arrive by e-mail. */
export function useWatchSettings() {
  return useQuery({
    queryKey: watchKeys.settings(),
    queryFn: () => api<WatchSettings>('/api/watches/settings'),
  });
}

export function useSaveWatchSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WatchSettings) => api<WatchSettings>('/api/watches/settings', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(watchKeys.settings(), saved),
  });
}

export function useDeleteWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/watches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    // A removed watch's notifications go with it (the server's foreign key): both lists are read again.
    onSuccess: () => void client.invalidateQueries({ queryKey: watchKeys.all }),
  });
}

/** The newest notifications and the unread count: polled for the header's bell, asked again on focus. */
export function useNotifications() {
  return useQuery({
    queryKey: watchKeys.notifications(),
    queryFn: () => api<NotificationList>('/api/notifications'),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    // The bell and the list change at once; the next poll brings the server's own count.
    onSuccess: (_, id) =>
      client.setQueryData<NotificationList>(watchKeys.notifications(), (list) => {
        const hit = list?.notifications.find((n) => n.id === id);
        if (!list || !hit || hit.read) return list;
        return {
          unread: Math.max(0, list.unread - 1),
          notifications: list.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
        };
      }),
  });
}
