// Every date and time the site shows, in the viewer's time zone. The browser tells the zone once
// (the root's inline script writes the `tz` cookie from Intl.DateTimeFormat().resolvedOptions());
// until then, and for anything that is not a real zone, times are UTC and say so. Pure, so the
// server and the browser write the same text for the same zone (no hydration mismatch).

export const DEFAULT_TIME_ZONE = 'UTC';
/** The cookie the browser keeps its time zone in (an IANA name, URI-encoded). */
export const TIME_ZONE_COOKIE = 'tz';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'dateTime' | 'date' | 'longDate', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(
      'en-US',
      kind === 'dateTime'
        ? {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            // "Central Time", "Central European Time": the zone by its name; UTC as "UTC".
            timeZoneName: timeZone === DEFAULT_TIME_ZONE ? 'short' : 'longGeneric',
            timeZone,
          }
        : { dateStyle: kind === 'date' ? 'medium' : 'long', timeZone },
    );
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * A time zone Intl knows ("Europe/Berlin", "America/New_York", "UTC"), in its canonical spelling;
 * null for anything else (a missing or forged cookie, an offset, junk).
 */
export function parseTimeZone(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    value.length > 64 ||
    !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)
  ) {
    return null;
  }
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone a Cookie header names, or UTC. */
export function timeZoneFromCookies(cookieHeader: string | null | undefined): string {
  const raw = /(?:^|;\s*)tz=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  if (!raw) return DEFAULT_TIME_ZONE;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return DEFAULT_TIME_ZONE;
  }
  return parseTimeZone(decoded) ?? DEFAULT_TIME_ZONE;
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A zone's name as the times written in it end: "Central Time" (America/Chicago), "Central
 * European Time" (Europe/Berlin), "UTC".
 */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  if (timeZone === DEFAULT_TIME_ZONE) return 'UTC';
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** "Nov 23, 2026, 3:05 PM Central European Time": a moment, with the zone it is written in. */
export function formatDateTime(value: Date | string, timeZone: string): string {
  const date = toDate(value);
  return date ? formatter('dateTime', timeZone).format(date) : '';
}

/** "Nov 23, 2026": the day it is (or was) in the zone. */
export function formatDate(value: Date | string, timeZone: string): string {
  const date = toDate(value);
  return date ? formatter('date', timeZone).format(date) : '';
}

/** "November 23, 2026", or null for no date (a plan without expiry). */
export function formatLongDate(
  value: Date | string | null | undefined,
  timeZone: string,
): string | null {
  const date = toDate(value);
  return date ? formatter('longDate', timeZone).format(date) : null;
}
