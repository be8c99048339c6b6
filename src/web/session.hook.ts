import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionPayload } from '../shared/account/account.schema';
import { path } from '../shared/routes';
import { ApiRequestError, apiRequest, setCsrfToken } from './api-client';
import { applyLocale } from './i18n';

const sessionKey = ['session'] as const;

/** Adopts a session: its CSRF token for later requests, its user's language for the screens. */
function adopt(session: SessionPayload | null): SessionPayload | null {
  setCsrfToken(session?.csrfToken ?? null);
  if (session) applyLocale(session.user.locale);
  return session;
}

/** The current session, or null when nobody is logged in. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      try {
        return adopt(await apiRequest<SessionPayload>('GET', path('api.session')));
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return adopt(null);
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

export function useSetSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: SessionPayload | null) => queryClient.setQueryData(sessionKey, adopt(session)),
    [queryClient],
  );
}

/** Applies a change to the logged-in user in the cached session. */
export function useUpdateSessionUser() {
  const queryClient = useQueryClient();
  return (changes: Partial<SessionPayload['user']>) =>
    queryClient.setQueryData<SessionPayload | null>(sessionKey, (session) =>
      session ? { ...session, user: { ...session.user, ...changes } } : session,
    );
}
