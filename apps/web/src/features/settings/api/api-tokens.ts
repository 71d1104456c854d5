import type { ApiTokenCreate, ApiTokenCreated, ApiTokenList } from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// better-auth's api-key routes, with the session cookie; its `{ code, message }` errors become ApiError.
const BASE = '/api/auth/api-key';
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

/** The user's tokens: names, first characters and dates, never the keys. */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokenKeys.all, queryFn: () => api<ApiTokenList>(`${BASE}/list`) });
}

/** Answers the new token with its key, the only time the key is ever sent. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => api<ApiTokenCreated>(`${BASE}/create`, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** Revokes a token: it stops working at once. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api<{ success: boolean }>(`${BASE}/delete`, { body: { keyId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
