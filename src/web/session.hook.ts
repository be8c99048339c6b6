import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionPayload } from '../shared/account/account.schema';

import { ApiRequestError, api, setCsrfToken } from './api-client';
import { applyLocale } from './i18n';
import { queryKeys } from './query-keys';

/** The back office and the customer area each have their own session. */
export type SessionArea = 'back_office' | 'customer_area';
const sessionRoutes = { back_office: 'api.session', customer_area: 'api.customer.session' } as const;

/** Adopts a session: its CSRF token for later requests, its user's language for the screens. */
function adopt(session: SessionPayload | null): SessionPayload | null {
  setCsrfToken(session?.csrfToken ?? null);
  if (session) void applyLocale(session.user.locale);
  return session;
}

/** The current session of an area (the back office unless said), or null when nobody is logged in. */
export function useSession(area: SessionArea = 'back_office') {
  return useQuery({
    queryKey: queryKeys.session(area),
    queryFn: async () => {
      try {
        return adopt(await api('GET', sessionRoutes[area]));
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return adopt(null);
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

export function useSetSession(area: SessionArea = 'back_office') {
  const queryClient = useQueryClient();
  return useCallback(
    (session: SessionPayload | null) => queryClient.setQueryData(queryKeys.session(area), adopt(session)),
    [queryClient, area],
  );
}

/** Applies a change to the logged-in user in the cached session. */
export function useUpdateSessionUser() {
  const queryClient = useQueryClient();
  return (changes: Partial<SessionPayload['user']>) =>
    queryClient.setQueryData<SessionPayload | null>(queryKeys.session('back_office'), (session) =>
      session ? { ...session, user: { ...session.user, ...changes } } : session,
    );
}
