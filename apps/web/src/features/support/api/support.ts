import type {
  MyTicket,
  TicketReplyInput,
  SupportLanguage,
  SupportPostKind,
  SupportPosts,
  SupportTicketCreated,
  SupportTicketInput,
  SupportVideos,
} from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The page's language as the support calls take it. */
export const supportLanguage = (language: string | undefined): SupportLanguage =>
  language?.startsWith('tr') ? 'tr' : 'en';

export const supportKeys = {
  all: ['support'] as const,
  posts: (kind: SupportPostKind, lang: SupportLanguage) => [...supportKeys.all, 'posts', kind, lang] as const,
  videos: () => [...supportKeys.all, 'videos'] as const,
  tickets: () => [...supportKeys.all, 'tickets'] as const,
};

// The server caches the sites for 15 minutes; asking it again sooner would only read its cache.
const STALE_MS = 5 * 60_000;

/** The latest knowledge-base or blog posts in `lang` (the server answers "unavailable" rather than fail). */
export function useSupportPosts(kind: SupportPostKind, lang: SupportLanguage) {
  return useQuery({
    queryKey: supportKeys.posts(kind, lang),
    queryFn: () => api<SupportPosts>(`/api/support/posts?kind=${kind}&lang=${lang}`),
    staleTime: STALE_MS,
  });
}

/** The channel's 6 latest videos; `disabled` when no channel is configured. */
export function useSupportVideos() {
  return useQuery({
    queryKey: supportKeys.videos(),
    queryFn: () => api<SupportVideos>('/api/get-yt-videos'),
    staleTime: STALE_MS,
  });
}

/** Only the topic and the message travel: the server knows who is asking from the session. */
export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportTicketInput) => api<SupportTicketCreated>('/api/create-ticket', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.tickets() }),
  });
}

export type { MyTicket } from '@crossmarket/domain';

/** "My tickets": the user's tickets with their threads, newest first. */
export function useMyTickets() {
  return useQuery({
    queryKey: supportKeys.tickets(),
    queryFn: () => api<MyTicket[]>('/api/support/tickets'),
  });
}

/** The user's answer on a ticket; the server reopens it. */
export function useAnswerTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TicketReplyInput & { id: string }) =>
      api<MyTicket>(`/api/support/tickets/${encodeURIComponent(id)}/reply`, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.tickets() }),
  });
}
