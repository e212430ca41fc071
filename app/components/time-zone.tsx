import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatLongDate,
  TIME_ZONE_COOKIE,
  zoneName,
} from '~/domain/dates';

// The viewer's time zone for the components that write dates: the root loader reads it from the
// `tz` cookie (UTC until the browser has set it) and provides it here, so the server's HTML and the
// browser's render say the same.

const TimeZoneContext = createContext(DEFAULT_TIME_ZONE);

export function TimeZoneProvider({
  timeZone,
  children,
}: {
  timeZone: string;
  children: ReactNode;
}) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

/**
 * The zone a business's pages write their times in (issue 44, item 9): the business's own, read
 * from its location on the server; `from` null when its location tells none (then the viewer's).
 */
export type ShownZone = {
  timeZone: string;
  from: string | null;
  source: 'location' | 'address' | 'phone' | null;
};

/** Everything inside writes its times in the business's zone, else the viewer's. */
export function BusinessTimes({ zone, children }: { zone: ShownZone; children: ReactNode }) {
  const viewer = useContext(TimeZoneContext);
  return (
    <TimeZoneProvider timeZone={zone.from ? zone.timeZone : viewer}>{children}</TimeZoneProvider>
  );
}

/** One line saying which zone the page's times are in, and why (inside BusinessTimes). */
export function ZoneNote({ zone, className }: { zone: ShownZone; className?: string }) {
  const { timeZone } = useDates();
  const name = zoneName(timeZone);
  const why =
    zone.source === 'phone'
      ? "the time zone of the business's phone number"
      : zone.from
        ? `the time zone of ${zone.from}`
        : null;
  return (
    <p className={className ?? 'mt-2 text-sm text-slate-700'} data-testid="zone-note">
      {why
        ? `Times on this page are in ${name}, ${why}.`
        : timeZone === DEFAULT_TIME_ZONE
          ? "Times on this page are in UTC: the business's location does not tell its time zone."
          : `Times on this page are in your time zone (${name}): the business's location does not tell its own.`}
    </p>
  );
}

/** Date writers bound to the viewer's zone: dateTime("…Z") → "Nov 23, 2026, 3:05 PM Central Time". */
export function useDates() {
  const timeZone = useContext(TimeZoneContext);
  return useMemo(
    () => ({
      timeZone,
      dateTime: (value: Date | string) => formatDateTime(value, timeZone),
      date: (value: Date | string) => formatDate(value, timeZone),
      longDate: (value: Date | string | null | undefined) => formatLongDate(value, timeZone),
    }),
    [timeZone],
  );
}

/**
 * The root's inline script (it runs before first paint, with the page's CSP nonce): remember the
 * browser's time zone in the `tz` cookie for a year, when it is not already what the cookie says.
 * Times then show in that zone from the next page the server renders.
 */
export const TIME_ZONE_SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,m=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);if(z&&(!m||decodeURIComponent(m[1])!==z))document.cookie='${TIME_ZONE_COOKIE}='+encodeURIComponent(z)+'; Path=/; Max-Age=31536000; SameSite=Lax'+(location.protocol==='https:'?'; Secure':'')}catch(e){}`;

/** The zone the browser's cookie names right now (in the browser only). */
export function cookieTimeZone(): string | null {
  if (typeof document === 'undefined') return null;
  const raw = new RegExp(`(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  try {
    return raw ? decodeURIComponent(raw) : null;
  } catch {
    return null;
  }
}
