import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingInfoInput, ProfileInput, ResultAnswer } from '@crossmarket/domain';
import { api } from '../../../lib/api-client';
import { meKeys } from './keys';

type Result = ResultAnswer;

function useAccountMutation<T>(call: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: meKeys.all }),
  });
}

export const useUpdateProfile = () =>
  useAccountMutation((body: ProfileInput) => api<Result>('/api/me/profile', { method: 'PATCH', body }));

export const useSaveOnboarding = () =>
  useAccountMutation((body: OnboardingInfoInput) =>
    api<Result>('/api/me/onboarding', { method: 'PUT', body }),
  );

export const useSavePreferences = () =>
  useAccountMutation((body: { comm_lang: 'en' | 'tr' }) =>
    api<Result>('/api/me/preferences', { method: 'PATCH', body }),
  );

export const changePassword = (body: { current_plain_password: string; new_plain_password: string }) =>
  api<Result>('/api/change-user-password', { method: 'POST', body });
export const setPassword = (body: { password: string }) =>
  api<Result>('/api/set-password', { method: 'POST', body });
export const mailMyRecoveryLink = () => api<Result>('/api/reset-password', { method: 'POST', body: {} });
export const requestRecoveryLink = (email: string) =>
  api<Result>('/api/password-recovery', { method: 'POST', body: { email } });
