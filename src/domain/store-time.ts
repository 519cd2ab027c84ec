/**
 * The store's time zone (STORE_TIME_ZONE, decision 0034): the zone whose days the admin's
 * date filters, the revenue chart, "This Month" and the CSV exports mean, and in which the
 * admin pages write times, whatever zone the owner's browser is in. Pure: Intl only.
 */

export const DEFAULT_STORE_TIME_ZONE = 'UTC';

// An IANA name (Area/Location, or UTC). Offsets and POSIX rules such as 'UTC+5' or 'EST5EDT'
// are refused: PostgreSQL reads a POSIX offset's sign the other way round from Intl.
const IANA_NAME = /^(?:UTC|[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+)+)$/;

/**
 * `name` with Intl's capitals ('pacific/auckland' gives 'Pacific/Auckland'), or null when it
 * is no IANA time zone. A name Intl maps to another one (Asia/Kolkata to Asia/Calcutta, in
 * some ICU versions) is kept as written: it is the name the owner chose and the current one.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!IANA_NAME.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'dayPeriod';

// A CSV export formats every row: one formatter per zone and style, not one per call.
const formatters = new Map<string, Intl.DateTimeFormat>();
type Style = 'numeric' | 'words' | 'long';
const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  words: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
  long: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
};
function formatter(style: Style, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', { timeZone, ...STYLES[style] });
    formatters.set(key, made);
  }
  return made;
}

function partsOf(date: Date, style: Style, timeZone: string): Record<Part, string> {
  const parts = { year: '', month: '', day: '', hour: '', minute: '', second: '', dayPeriod: '' };
  for (const part of formatter(style, timeZone).formatToParts(date)) if (part.type in parts) parts[part.type as Part] = part.value;
  return parts;
}

const pad = (value: number) => String(value).padStart(2, '0');

const HOUR_MS = 3_600_000;

/** The zone's offset from UTC at `date` in ms (seconds included, as old local mean times have them). */
function offsetAt(date: Date, timeZone: string): number {
  const p = partsOf(date, 'numeric', timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second), date.getUTCMilliseconds());
  return wall - date.getTime();
}

// A CSV export writes two or three instants a row: Intl's formatToParts for each was a fifth
// of its CPU and most of the garbage that grew its memory. No zone changes its offset twice
// within an hour, so one whose offset is the same at both ends of a UTC hour keeps it through
// the hour: looked up once per hour, the clock is worked out from it. An hour with a change
// in it takes the slow way. Kept: the hours last looked up (an export runs hour after hour).
const steadyOffsets = new Map<string, number | null>();
const REMEMBERED_HOURS = 4096;
function steadyOffset(date: Date, timeZone: string): number | null {
  const hour = Math.floor(date.getTime() / HOUR_MS) * HOUR_MS;
  const key = `${timeZone} ${hour}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const atStart = offsetAt(new Date(hour), timeZone);
    offset = atStart === offsetAt(new Date(hour + HOUR_MS - 1), timeZone) ? atStart : null;
    if (steadyOffsets.size >= REMEMBERED_HOURS) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

/**
 * An instant as the store's clock shows it, with that clock's offset:
 * '2026-11-26T03:55:00.000+13:00' in Pacific/Auckland, '2026-11-25T14:55:00.000Z' in UTC.
 * ISO 8601 either way, so a spreadsheet still reads the instant.
 */
export function isoInTimeZone(date: Date, timeZone: string): string {
  const millis = date.getUTCMilliseconds();
  const steady = steadyOffset(date, timeZone);
  let clock: string;
  let offsetMs: number;
  const wall = steady === null ? null : new Date(date.getTime() + steady);
  // Intl writes years outside 1000-9999 its own way (no padding, eras): those take the slow way too.
  if (steady !== null && wall !== null && wall.getUTCFullYear() >= 1000 && wall.getUTCFullYear() <= 9999) {
    offsetMs = steady;
    clock = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
  } else {
    const p = partsOf(date, 'numeric', timeZone);
    offsetMs = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second), millis) - date.getTime();
    clock = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  }
  const offset = Math.round(offsetMs / 60_000);
  const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${clock}.${String(millis).padStart(3, '0')}${zone}`;
}

/** 'Nov 26, 2026': the day an instant falls on in the zone. */
export function dayInTimeZone(date: Date, timeZone: string): string {
  const p = partsOf(date, 'words', timeZone);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** 'Nov 26, 2026, 3:55 AM': an instant on the zone's clock (written out by hand: Intl's own spacing before AM varies between ICU versions). */
export function dateTimeInTimeZone(date: Date, timeZone: string): string {
  const p = partsOf(date, 'words', timeZone);
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/**
 * A customer's dates (decision 0074), on the account pages, the receipts and the emails alike,
 * in the customer's zone (the store's until theirs is known). One format per kind: a date,
 * 'January 4, 2027' (the spec's 'MMMM d, yyyy'), and a date with its time, which names the
 * zone: 'January 4, 2027 at 2:05 PM (America/New_York)'. Written out from Intl's parts, as
 * its own spacing before PM differs between ICU versions (a browser's and the server's). The
 * formatter is kept per zone: making one per call was a tenth of the store's CPU while a
 * renewal pass wrote its reminders (decision 0059).
 */
export function customerDate(date: Date, timeZone: string): string {
  const p = partsOf(date, 'long', timeZone);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** 'January 4, 2027 at 2:05 PM (America/New_York)': see customerDate. */
export function customerDateTime(date: Date, timeZone: string): string {
  const p = partsOf(date, 'long', timeZone);
  return `${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} (${timeZone})`;
}

/** '2026-11-26': the day an instant falls on in the zone, as a date input writes it. */
export const isoDayInTimeZone = (date: Date, timeZone: string) => isoInTimeZone(date, timeZone).slice(0, 10);

function utcMidnight(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
}

/**
 * The first instant of a day ('2026-11-26') in the zone. A day whose midnight the clocks skip
 * (a spring-forward at 00:00) starts at the jump: of the two readings of its midnight, the later.
 */
export function startOfDayInTimeZone(day: string, timeZone: string): Date {
  const wall = utcMidnight(day);
  const first = wall - offsetAt(new Date(wall), timeZone);
  const second = wall - offsetAt(new Date(first), timeZone);
  return new Date(Math.max(first, second));
}

/** The last millisecond of a day ('2026-11-26') in the zone. */
export function endOfDayInTimeZone(day: string, timeZone: string): Date {
  const next = new Date(utcMidnight(day) + 86_400_000);
  return new Date(startOfDayInTimeZone(next.toISOString().slice(0, 10), timeZone).getTime() - 1);
}

/** Whether two instants fall on the same day of the zone's calendar (a gift card's undo, decision 0034). */
export function sameDayInTimeZone(a: Date, b: Date, timeZone: string): boolean {
  return isoInTimeZone(a, timeZone).slice(0, 10) === isoInTimeZone(b, timeZone).slice(0, 10);
}
