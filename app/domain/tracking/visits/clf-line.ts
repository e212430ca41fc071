// Reading one Apache/Nginx line, "combined" or "common" format, into a record: the grammar and
// where the fields are come from scanClfLine (./clf-scan.ts); this builds the fields (text of
// their own, the time as a Date). Pure.

import { ownString } from '~/lib/own-string';
import { digits, monthAt, scanClfLine } from './clf-scan';
import type { LogRecord } from './log-lines';

// A log's lines come in time order, so the start of the last day read (in UTC, its zone applied)
// is kept, and the next line of the same day and zone only adds its hours, minutes and seconds.
const lastDay = { date: '\0', zone: '\0', ms: NaN };

/**
 * The start of a day in UTC ms, its zone applied: `sign` the character code of "+" or "-" and
 * `zone` its four digits as a number (0530 is 530); NaN when `month` is -1.
 */
export function dayStart(year: number, month: number, day: number, sign: number, zone: number) {
  const offset = (Math.floor(zone / 100) * 60 + (zone % 100)) * (sign === 45 ? -1 : 1);
  return month < 0 ? NaN : Date.UTC(year, month, day) - offset * 60_000;
}

/** The time at `start` ("dd/Mon/yyyy:hh:mm:ss ±zzzz", which scanClfLine has checked). */
function timeAt(line: string, start: number): Date | null {
  const hours = digits(line, start + 12, 2);
  const minutes = digits(line, start + 15, 2);
  const seconds = digits(line, start + 18, 2);
  if (!line.startsWith(lastDay.date, start) || !line.startsWith(lastDay.zone, start + 21)) {
    lastDay.date = ownString(line.slice(start, start + 11));
    lastDay.zone = ownString(line.slice(start + 21, start + 26));
    lastDay.ms = dayStart(
      digits(line, start + 7, 4),
      monthAt(line, start + 3),
      digits(line, start, 2),
      line.charCodeAt(start + 21),
      digits(line, start + 22, 4),
    );
  }
  const utc = lastDay.ms + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return Number.isFinite(utc) ? new Date(utc) : null;
}

const unescape = (text: string) =>
  text === '-' || text === '' ? null : text.includes('\\') ? text.replace(/\\(.)/g, '$1') : text;

/** One combined or common line; null when it is neither. */
export function readClfLine(line: string): LogRecord | null {
  const at = scanClfLine(line);
  if (!at) return null;
  const time = timeAt(line, at.open + 1);
  if (!time) return null;
  const host = line.slice(0, at.hostEnd);
  const method = line.slice(at.requestStart, at.methodEnd);
  return {
    at: time,
    ip: host === '-' ? null : host,
    method: method === 'GET' ? method : method.toUpperCase(),
    path: line.slice(at.methodEnd + 1, at.pathEnd),
    status: at.status,
    referer: at.refererEnd < 0 ? null : unescape(line.slice(at.refererStart, at.refererEnd)),
    userAgent: at.agentEnd < 0 ? null : unescape(line.slice(at.agentStart, at.agentEnd)),
  };
}
