import { catalogs, type Locale } from './catalog';

/** Whether times show a meridian (AM/PM): a catalog setting, 24-hour by default. */
export function usesMeridian(locale: Locale): boolean {
  const dateSettings = catalogs[locale].js.date;
  return typeof dateSettings === 'object' && dateSettings.meridian === true;
}

function asDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy, whatever the locale: the service's users are French. */
export function formatDate(value: Date | string): string {
  const date = asDate(value);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** HH:mm, or h:mm AM/PM when the locale's catalog asks for a meridian. */
export function formatTime(value: Date | string, locale: Locale = 'fr'): string {
  const date = asDate(value);
  if (!usesMeridian(locale)) return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${pad(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** dd/mm/yyyy HH:mm */
export function formatDateTime(value: Date | string, locale: Locale = 'fr'): string {
  return `${formatDate(value)} ${formatTime(value, locale)}`;
}
