import type { FastifyRequest } from 'fastify';
import { defaultLocale, isLocale, type Locale } from '../../shared/i18n/catalog';

/** ?locale= first, then the logged-in user's, then French. */
export function requestLocale(request: FastifyRequest): Locale {
  const asked = (request.query as Record<string, unknown> | undefined)?.locale;
  if (isLocale(asked)) return asked;
  const userLocale = request.auth?.user.locale;
  return isLocale(userLocale) ? userLocale : defaultLocale;
}
