import type { Locale } from '../../shared/i18n/catalog';
import { translate } from '../../shared/i18n/catalog';

/**
 * An error the API answers as JSON: `{ statusCode, code, message, fieldErrors? }`, where message
 * and field errors are catalog keys translated into the request's locale when sent.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }

  toJSON(locale: Locale) {
    const fieldErrors = Object.fromEntries(
      Object.entries(this.fieldErrors).map(([field, key]) => [field, translate(locale, key)]),
    );
    return {
      statusCode: this.statusCode,
      code: this.messageKey,
      message: translate(locale, this.messageKey),
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    };
  }
}
