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
    /** values: "{{name}}" placeholders of the message and field errors; data: more properties of the reply (e.g. duplicateOf). */
    readonly details: { values?: Record<string, string | number>; data?: Record<string, unknown> } = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }

  toJSON(locale: Locale) {
    const { values, data } = this.details;
    const fieldErrors = Object.fromEntries(
      Object.entries(this.fieldErrors).map(([field, key]) => [field, translate(locale, key, values)]),
    );
    return {
      ...data,
      statusCode: this.statusCode,
      code: this.messageKey,
      message: translate(locale, this.messageKey, values),
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    };
  }
}
