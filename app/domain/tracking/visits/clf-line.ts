// Reading one Apache/Nginx line, "combined" or "common" format, by hand: a log is read a million
// lines at a time, and walking the line once with indexOf and character codes takes a fraction of
// what a regular expression with a dozen captures costs (issue 48, `npm run bench:logs`). The
// grammar is the regular expression it replaced (kept in visits.test.ts, which checks that both
// read every line alike):
//
//   host ident user [dd/Mon/yyyy:hh:mm:ss ±zzzz] "request" status bytes ["referer" "user-agent"]
//
// host, ident and user have no whitespace; quoted fields may hold backslash escapes ("\"");
// bytes is digits or "-"; the referer and user agent are both there or neither, and anything after
// them (or after bytes) is ignored. Pure.

import { ownString } from '~/lib/own-string';
import type { LogRecord } from './log-lines';

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

const SPACE = 32;
const QUOTE = 34;
const BACKSLASH = 92;

const isDigit = (code: number) => code >= 48 && code <= 57;
/** What \S excludes: ASCII whitespace and the Unicode spaces. */
const isSpace = (code: number) =>
  code === SPACE ||
  (code >= 9 && code <= 13) ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

/** The end of a run of non-space characters from `start` (at least one), or -1. */
function word(line: string, start: number): number {
  let i = start;
  while (i < line.length && !isSpace(line.charCodeAt(i))) i++;
  return i > start ? i : -1;
}

/**
 * The closing quote of a quoted field whose text starts at `start`, or -1. `escapes` is whether
 * the line holds a backslash at all: most lines do not, and then the next quote closes the field.
 */
function closingQuote(line: string, start: number, escapes: boolean): number {
  if (!escapes) return line.indexOf('"', start);
  for (let i = start; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === QUOTE) return i;
    if (code === BACKSLASH) {
      // An escape takes the next character, unless that is a line break (as `.` does not).
      const next = line.charCodeAt(i + 1);
      if (Number.isNaN(next) || next === 10 || next === 13 || next === 0x2028 || next === 0x2029)
        return -1;
      i++;
    }
  }
  return -1;
}

function digits(line: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const code = line.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + code - 48;
  }
  return value;
}

// A log's lines come in time order, so the start of the last day read (in UTC, its zone applied)
// is kept, and the next line of the same day and zone only adds its hours, minutes and seconds.
const lastDay = { date: '\0', zone: '\0', ms: NaN };

/** "dd/Mon/yyyy:hh:mm:ss ±zzzz" at `start` (26 characters), as a time; null when it is none. */
function timeAt(line: string, start: number): Date | null {
  const day = digits(line, start, 2);
  const year = digits(line, start + 7, 4);
  const hours = digits(line, start + 12, 2);
  const minutes = digits(line, start + 15, 2);
  const seconds = digits(line, start + 18, 2);
  const zone = digits(line, start + 22, 4);
  const sign = line.charCodeAt(start + 21);
  if (
    day < 0 ||
    year < 0 ||
    hours < 0 ||
    minutes < 0 ||
    seconds < 0 ||
    zone < 0 ||
    (sign !== 43 && sign !== 45) ||
    line.charCodeAt(start + 2) !== 47 ||
    line.charCodeAt(start + 6) !== 47 ||
    line.charCodeAt(start + 11) !== 58 ||
    line.charCodeAt(start + 14) !== 58 ||
    line.charCodeAt(start + 17) !== 58 ||
    line.charCodeAt(start + 20) !== SPACE
  )
    return null;
  if (hours > 23 || minutes > 59 || seconds > 60) return null;
  if (!line.startsWith(lastDay.date, start) || !line.startsWith(lastDay.zone, start + 21)) {
    const month = MONTHS[line.slice(start + 3, start + 6).toLowerCase()];
    const offset = (Math.floor(zone / 100) * 60 + (zone % 100)) * (sign === 45 ? -1 : 1);
    lastDay.date = ownString(line.slice(start, start + 11));
    lastDay.zone = ownString(line.slice(start + 21, start + 26));
    lastDay.ms = month === undefined ? NaN : Date.UTC(year, month, day) - offset * 60_000;
  }
  const utc = lastDay.ms + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return Number.isFinite(utc) ? new Date(utc) : null;
}

const unescape = (text: string) =>
  text === '-' || text === '' ? null : text.includes('\\') ? text.replace(/\\(.)/g, '$1') : text;

/** One combined or common line; null when it is neither. */
export function readClfLine(line: string): LogRecord | null {
  const escapes = line.includes('\\');
  const hostEnd = word(line, 0);
  if (hostEnd < 0 || line.charCodeAt(hostEnd) !== SPACE) return null;
  const identEnd = word(line, hostEnd + 1);
  if (identEnd < 0 || line.charCodeAt(identEnd) !== SPACE) return null;
  const userEnd = word(line, identEnd + 1);
  if (userEnd < 0 || line.charCodeAt(userEnd) !== SPACE) return null;
  const open = userEnd + 1;
  if (
    line.charCodeAt(open) !== 91 ||
    line.charCodeAt(open + 27) !== 93 ||
    line.charCodeAt(open + 28) !== SPACE ||
    line.charCodeAt(open + 29) !== QUOTE
  )
    return null;
  const requestStart = open + 30;
  const requestEnd = closingQuote(line, requestStart, escapes);
  if (requestEnd < 0 || line.charCodeAt(requestEnd + 1) !== SPACE) return null;
  const status = digits(line, requestEnd + 2, 3);
  if (status < 0 || line.charCodeAt(requestEnd + 5) !== SPACE) return null;
  let bytesEnd = requestEnd + 6;
  if (line.charCodeAt(bytesEnd) === 45) bytesEnd += 1;
  else {
    while (isDigit(line.charCodeAt(bytesEnd))) bytesEnd++;
    if (bytesEnd === requestEnd + 6) return null;
  }
  // The optional ` "referer" "user-agent"`: both or neither.
  let referer: string | null = null;
  let userAgent: string | null = null;
  if (line.charCodeAt(bytesEnd) === SPACE && line.charCodeAt(bytesEnd + 1) === QUOTE) {
    const refererEnd = closingQuote(line, bytesEnd + 2, escapes);
    if (
      refererEnd >= 0 &&
      line.charCodeAt(refererEnd + 1) === SPACE &&
      line.charCodeAt(refererEnd + 2) === QUOTE
    ) {
      const agentEnd = closingQuote(line, refererEnd + 3, escapes);
      if (agentEnd >= 0) {
        referer = unescape(line.slice(bytesEnd + 2, refererEnd));
        userAgent = unescape(line.slice(refererEnd + 3, agentEnd));
      }
    }
  }
  const at = timeAt(line, open + 1);
  if (!at) return null;
  // The request: "METHOD PATH PROTOCOL"; at least a method and a path.
  const methodEnd = line.indexOf(' ', requestStart);
  if (methodEnd < 0 || methodEnd >= requestEnd) return null;
  let pathEnd = line.indexOf(' ', methodEnd + 1);
  if (pathEnd < 0 || pathEnd > requestEnd) pathEnd = requestEnd;
  const host = line.slice(0, hostEnd);
  const method = line.slice(requestStart, methodEnd);
  return {
    at,
    ip: host === '-' ? null : host,
    method: method === 'GET' ? method : method.toUpperCase(),
    path: line.slice(methodEnd + 1, pathEnd),
    status,
    referer,
    userAgent,
  };
}
