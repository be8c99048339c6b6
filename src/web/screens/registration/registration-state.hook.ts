import { useQuery } from '@tanstack/react-query';

import { api } from '../../api-client';

/** Whether registration is on: the login page offers the sign-up link, the sign-up page exists. */
export function useRegistrationState() {
  return useQuery({
    queryKey: ['registration-state'],
    queryFn: () => api('GET', 'api.registration.state'),
    staleTime: 60_000,
  });
}
