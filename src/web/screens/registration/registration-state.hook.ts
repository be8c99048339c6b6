import { useQuery } from '@tanstack/react-query';

import { api } from '../../api-client';
import { queryKeys } from '../../query-keys';

/** Whether registration is on: the login page offers the sign-up link, the sign-up page exists. */
export function useRegistrationState() {
  return useQuery({
    queryKey: queryKeys.registrationState,
    queryFn: () => api('GET', 'api.registration.state'),
    staleTime: 60_000,
  });
}
