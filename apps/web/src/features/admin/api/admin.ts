import type {
  AdminActionResult,
  AdminAuditPage,
  AdminAuditQuery,
  AdminTicket,
  AdminTicketsPage,
  AdminTicketsQuery,
  AdminUserDetail,
  AdminUsersPage,
  AdminUsersQuery,
  AdminSystem,
  AdminWork,
} from '@crossmarket/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type {
  AdminAuditPage,
  AdminSystem,
  AdminUserDetail,
  AdminUsersPage,
  AdminWork,
} from '@crossmarket/domain';

/** Every action invalidates `all`: the lists and the user's page all show what it changed. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (query: AdminUsersQuery) => [...adminKeys.all, 'users', query] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  audit: (query: AdminAuditQuery) => [...adminKeys.all, 'audit', query] as const,
  tickets: (query: AdminTicketsQuery) => [...adminKeys.all, 'tickets', query] as const,
  ticket: (id: string) => [...adminKeys.all, 'ticket', id] as const,
  work: () => [...adminKeys.all, 'work'] as const,
  system: () => [...adminKeys.all, 'system'] as const,
};

/** The query string of a filter, without its empty fields. */
function search(query: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number') {
      if (value !== '') params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: () => api<AdminUsersPage>(`/api/admin/users${search(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`),
    retry: false,
  });
}

export function useAdminAudit(query: AdminAuditQuery) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: () => api<AdminAuditPage>(`/api/admin/audit${search(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** The user actions the user's page offers, by the last segment of their URL. */
export type AdminUserAction = 'suspension' | 'end-sessions' | 'resend-activation' | 'role' | 'extend';

export function useAdminUserAction(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: AdminUserAction; body: Record<string, unknown> }) =>
      api<AdminActionResult>(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminTickets(query: AdminTicketsQuery) {
  return useQuery({
    queryKey: adminKeys.tickets(query),
    queryFn: () => api<AdminTicketsPage>(`/api/admin/tickets${search(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTicket(id: string) {
  return useQuery({
    queryKey: adminKeys.ticket(id),
    queryFn: () => api<AdminTicket>(`/api/admin/tickets/${encodeURIComponent(id)}`),
    retry: false,
  });
}

/** `reply` takes `{ message }` (mailed to the seller), `close` takes `{ reason }`. */
export function useAdminTicketAction(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'reply' | 'close'; body: Record<string, unknown> }) =>
      api<AdminActionResult>(`/api/admin/tickets/${encodeURIComponent(ticketId)}/${action}`, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The Work page refreshes itself: queues and progress move while it is open. */
const WORK_REFRESH_MS = 10_000;

export function useAdminWork() {
  return useQuery({
    queryKey: adminKeys.work(),
    queryFn: () => api<AdminWork>('/api/admin/work'),
    refetchInterval: WORK_REFRESH_MS,
  });
}

export function useAdminSystem() {
  return useQuery({ queryKey: adminKeys.system(), queryFn: () => api<AdminSystem>('/api/admin/system') });
}

/** Cancel a running report or run a scheduled job (`{ reason }`), or retry a failed job (`{ reason, queue }`). */
export function useAdminWorkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body: Record<string, unknown> }) =>
      api<AdminActionResult>(url, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
