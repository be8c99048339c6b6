import { useQuery } from '@tanstack/react-query';
import type { RegistrationState } from '../../../shared/account/registration.schema';
import { path } from '../../../shared/routes';
import { apiRequest } from '../../api-client';

/** Whether registration is on: the login page offers the sign-up link, the sign-up page exists. */
export function useRegistrationState() {
  return useQuery({
    queryKey: ['registration-state'],
    queryFn: () => apiRequest<RegistrationState>('GET', path('api.registration.state')),
    staleTime: 60_000,
  });
}
