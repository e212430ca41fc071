import { timeZoneFromCookies } from '~/domain/dates';

/** The viewer's time zone, from the `tz` cookie the browser set; UTC until it has. */
export function timeZoneOf(request: Request): string {
  return timeZoneFromCookies(request.headers.get('cookie'));
}
