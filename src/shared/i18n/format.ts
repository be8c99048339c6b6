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

/** What a datetime input shows: dd/mm/yyyy - hh:mm (spec 5). */
export function formatDateTimeInput(value: Date | string): string {
  const date = asDate(value);
  return `${formatDate(date)} - ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A typed dd/mm/yyyy - hh:mm (the time optional), or null unless it names a real moment:
 * 31/02/2026 is refused rather than rolled over to March.
 */
export function parseDateTimeInput(text: string): Date | null {
  const match = /^\s*(\d{2})\/(\d{2})\/(\d{4})(?:\s*-\s*(\d{2}):(\d{2}))?\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year, hours = 0, minutes = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day, hours, minutes);
  const exact =
    date.getFullYear() === year &&
    date.getMonth() === month! - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes;
  return exact ? date : null;
}

/** Month-year typed through the 99/9999 mask: "03/2026" → "2026-03", or null. */
export function parseMonthYear(text: string): string | null {
  const match = /^(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? `${match[2]}-${match[1]}` : null;
}

/** "2026-03" (a month-year as stored) → "03/2026" (as typed and read); anything else as it is. */
export function formatMonthYear(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[1]}` : value;
}

/** Keeps the digits a 99/9999 mask accepts, adding the slash as they are typed. */
export function maskMonthYear(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * Minutes as people read a duration, the one way every screen writes one (a ticket's time, a
 * project's time report): "1 h 30", "45 min", "2 h", "-1 h 30" (an estimate overrun).
 */
export function formatDuration(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  if (hours === 0) return `${sign}${rest} min`;
  return rest === 0 ? `${sign}${hours} h` : `${sign}${hours} h ${String(rest).padStart(2, '0')}`;
}

/**
 * The order a person's name is written in, everywhere: last name first, as their record's title
 * ("Martin Julien", titleField then titleSuffix) and the lists that sort people by last name.
 */
export const personNameParts = ['lastName', 'firstName'] as const;

/**
 * A person (user or individual) as every screen, message and file names them, the one way:
 * "Nom Prénom", or their email when both are empty. SQL writes the same with the server's
 * userDisplayName, built from personNameParts.
 */
export function formatPersonName(person: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}) {
  const name = personNameParts
    .map((part) => (person[part] ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
  return name !== '' ? name : (person.email ?? '');
}
