// The combined/common grammar of ./clf-scan.ts, walked in a line's bytes (issue 48,
// `npm run bench:logs`): the import reads an upload into one reused buffer and scans each line
// where it lies, so a line that only counts as read is never made into a string (no text decoded,
// nothing for the collector). Only for lines of ASCII bytes, where each byte is the character it
// stands for; a line with any other byte is decoded and scanned as text (clf-scan.ts), where
// Unicode spaces count. For ASCII lines both give the same answer and the same offsets
// (clf-bytes.test.ts checks it on every line of the grammar tests and every damaged version).
// Pure but for the last date and backslash kept between calls, as clf-scan.ts keeps them.

import { dayStart } from './clf-line';
import { emptyOffsets, lowerLetter, monthOf, type ClfOffsets } from './clf-scan';
import type { LogRecord } from './log-lines';

const SPACE = 32;
const QUOTE = 34;
const BACKSLASH = 92;

const isDigit = (code: number) => code >= 48 && code <= 57;

/** The end of a run of ASCII non-space bytes from `start` to `end` (at least one), or -1. */
function word(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end) {
    const code = bytes[i]!;
    if (code === SPACE || (code >= 9 && code <= 13)) break;
    i++;
  }
  return i > start ? i : -1;
}

/** The closing quote (before `end`) of a quoted field whose text starts at `start`, or -1. */
function closingQuote(bytes: Uint8Array, start: number, end: number, escapes: boolean): number {
  if (!escapes) {
    for (let i = start; i < end; i++) if (bytes[i] === QUOTE) return i;
    return -1;
  }
  for (let i = start; i < end; i++) {
    const code = bytes[i]!;
    if (code === QUOTE) return i;
    if (code === BACKSLASH) {
      // An escape takes the next character, unless that is a line break (or the line's end).
      if (i + 1 >= end) return -1;
      i++;
    }
  }
  return -1;
}

function digits(bytes: Uint8Array, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const code = bytes[i]!;
    if (!isDigit(code)) return -1;
    value = value * 10 + code - 48;
  }
  return value;
}

function twoDigits(bytes: Uint8Array, start: number): number {
  const a = bytes[start]!;
  const b = bytes[start + 1]!;
  return isDigit(a) && isDigit(b) ? (a - 48) * 10 + b - 48 : -1;
}

/** The month (0–11) whose name (any case) is the three bytes at `start`, or -1. */
const monthAt = (bytes: Uint8Array, start: number): number =>
  monthOf(
    lowerLetter(bytes[start]!),
    lowerLetter(bytes[start + 1]!),
    lowerLetter(bytes[start + 2]!),
  );

// The date ("dd/Mon/yyyy") and zone ("±zzzz") bytes of the last time found whole: a line with the
// same ones has only its clock checked (a log's lines come in time order).
const lastDate = new Uint8Array(11);
const lastZone = new Uint8Array(5);
let lastKnown = false;

function sameDay(bytes: Uint8Array, start: number): boolean {
  if (!lastKnown) return false;
  for (let i = 0; i < 11; i++) if (bytes[start + i] !== lastDate[i]) return false;
  for (let i = 0; i < 5; i++) if (bytes[start + 21 + i] !== lastZone[i]) return false;
  return true;
}

/** Whether "dd/Mon/yyyy:hh:mm:ss ±zzzz" at `start` (26 bytes) is a time. */
function isTimeAt(bytes: Uint8Array, start: number): boolean {
  if (
    bytes[start + 11] !== 58 ||
    bytes[start + 14] !== 58 ||
    bytes[start + 17] !== 58 ||
    bytes[start + 20] !== SPACE
  )
    return false;
  const hours = twoDigits(bytes, start + 12);
  const minutes = twoDigits(bytes, start + 15);
  const seconds = twoDigits(bytes, start + 18);
  if (hours < 0 || minutes < 0 || seconds < 0) return false;
  if (hours > 23 || minutes > 59 || seconds > 60) return false;
  if (sameDay(bytes, start)) return true;
  const sign = bytes[start + 21];
  if (
    digits(bytes, start, 2) < 0 ||
    digits(bytes, start + 7, 4) < 0 ||
    digits(bytes, start + 22, 4) < 0 ||
    (sign !== 43 && sign !== 45) ||
    bytes[start + 2] !== 47 ||
    bytes[start + 6] !== 47 ||
    monthAt(bytes, start + 3) < 0
  )
    return false;
  lastDate.set(bytes.subarray(start, start + 11));
  lastZone.set(bytes.subarray(start + 21, start + 26));
  lastKnown = true;
  return true;
}

// The one answer, filled in again by each call: scanning allocates nothing.
const OFFSETS = emptyOffsets();

// Where the next backslash is, at or after `from` in `bytes` (Infinity: none before `limit`):
// the lines of a buffer are scanned in order, so it is searched once, not once per line.
const backslash = { bytes: null as Uint8Array | null, from: 0, at: Infinity, limit: 0 };

/** Forgets what was found in the buffer: called when the buffer is filled again. */
export function forgetScannedBytes(): void {
  backslash.bytes = null;
}

function nextBackslash(bytes: Uint8Array, start: number, limit: number): number {
  if (
    start < backslash.from ||
    backslash.at < start ||
    bytes !== backslash.bytes ||
    limit !== backslash.limit
  ) {
    // Searched in the bytes in use only (a search of the whole buffer would read past them).
    const at = bytes.subarray(0, limit).indexOf(BACKSLASH, start);
    backslash.bytes = bytes;
    backslash.from = start;
    backslash.limit = limit;
    backslash.at = at < 0 ? Infinity : at;
  }
  return backslash.at;
}

/**
 * Whether the ASCII line in `bytes` from `start` to `end` is a combined or common line, and where
 * its fields are (positions in `bytes`); null when it is neither. `limit` is where the bytes in
 * use end (at or after `end`); the byte at `end` must be a line break. `quoteFree`, when given,
 * may say that bytes hold no quote (without it, or when it says false, they are scanned for one).
 * The object returned is reused by the next call.
 */
export function scanClfBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
  limit: number,
  quoteFree?: (bytes: Uint8Array, start: number, end: number) => boolean,
): Readonly<ClfOffsets> | null {
  const escapes = nextBackslash(bytes, start, limit) < end;
  // As in clf-scan.ts: nothing past `end` is read but `end` itself, a line break.
  const hostEnd = word(bytes, start, end);
  if (hostEnd < 0 || bytes[hostEnd] !== SPACE) return null;
  const identEnd = word(bytes, hostEnd + 1, end);
  if (identEnd < 0 || bytes[identEnd] !== SPACE) return null;
  const userEnd = word(bytes, identEnd + 1, end);
  if (userEnd < 0 || bytes[userEnd] !== SPACE) return null;
  const open = userEnd + 1;
  if (
    open + 29 >= end ||
    bytes[open] !== 91 ||
    bytes[open + 27] !== 93 ||
    bytes[open + 28] !== SPACE ||
    bytes[open + 29] !== QUOTE
  )
    return null;
  const requestStart = open + 30;
  const requestEnd = closingQuote(bytes, requestStart, end, escapes);
  if (requestEnd < 0 || bytes[requestEnd + 1] !== SPACE) return null;
  const status = digits(bytes, requestEnd + 2, 3);
  if (status < 0 || bytes[requestEnd + 5] !== SPACE) return null;
  let bytesEnd = requestEnd + 6;
  if (bytes[bytesEnd] === 45) bytesEnd += 1;
  else {
    while (bytesEnd < end && isDigit(bytes[bytesEnd]!)) bytesEnd++;
    if (bytesEnd === requestEnd + 6) return null;
  }
  let refererEnd = -1;
  let agentEnd = -1;
  if (bytesEnd + 1 < end && bytes[bytesEnd] === SPACE && bytes[bytesEnd + 1] === QUOTE) {
    const closing = closingQuote(bytes, bytesEnd + 2, end, escapes);
    if (
      closing >= 0 &&
      closing + 2 < end &&
      bytes[closing + 1] === SPACE &&
      bytes[closing + 2] === QUOTE
    ) {
      // The User-Agent mostly ends the line: when its bytes to the line's last quote are known
      // to hold no quote (`quoteFree`), that quote closes it, and it is not scanned for one.
      agentEnd =
        !escapes &&
        end - 1 >= closing + 3 &&
        bytes[end - 1] === QUOTE &&
        quoteFree?.(bytes, closing + 3, end - 1)
          ? end - 1
          : closingQuote(bytes, closing + 3, end, escapes);
      if (agentEnd >= 0) refererEnd = closing;
    }
  }
  if (!isTimeAt(bytes, open + 1)) return null;
  let methodEnd = -1;
  for (let i = requestStart; i < requestEnd; i++)
    if (bytes[i] === SPACE) {
      methodEnd = i;
      break;
    }
  if (methodEnd < 0) return null;
  let pathEnd = requestEnd;
  for (let i = methodEnd + 1; i < requestEnd; i++)
    if (bytes[i] === SPACE) {
      pathEnd = i;
      break;
    }
  OFFSETS.escapes = escapes;
  OFFSETS.hostEnd = hostEnd;
  OFFSETS.open = open;
  OFFSETS.requestStart = requestStart;
  OFFSETS.requestEnd = requestEnd;
  OFFSETS.methodEnd = methodEnd;
  OFFSETS.pathEnd = pathEnd;
  OFFSETS.status = status;
  OFFSETS.refererStart = refererEnd >= 0 ? bytesEnd + 2 : -1;
  OFFSETS.refererEnd = refererEnd;
  OFFSETS.agentStart = refererEnd >= 0 ? refererEnd + 3 : -1;
  OFFSETS.agentEnd = refererEnd >= 0 ? agentEnd : -1;
  return OFFSETS;
}

// The start of the last day read (in UTC, its zone applied), as clf-line.ts keeps it: the next
// line of the same date and zone only adds its hours, minutes and seconds.
const lastDay = { date: new Uint8Array(11), zone: new Uint8Array(5), known: false, ms: NaN };

/** The time at `start` ("dd/Mon/yyyy:hh:mm:ss ±zzzz", which scanClfBytes has checked). */
function timeAt(bytes: Uint8Array, start: number): Date | null {
  const hours = digits(bytes, start + 12, 2);
  const minutes = digits(bytes, start + 15, 2);
  const seconds = digits(bytes, start + 18, 2);
  let same = lastDay.known;
  for (let i = 0; same && i < 11; i++) same = bytes[start + i] === lastDay.date[i];
  for (let i = 0; same && i < 5; i++) same = bytes[start + 21 + i] === lastDay.zone[i];
  if (!same) {
    lastDay.date.set(bytes.subarray(start, start + 11));
    lastDay.zone.set(bytes.subarray(start + 21, start + 26));
    lastDay.known = true;
    lastDay.ms = dayStart(
      digits(bytes, start + 7, 4),
      monthAt(bytes, start + 3),
      digits(bytes, start, 2),
      bytes[start + 21]!,
      digits(bytes, start + 22, 4),
    );
  }
  const utc = lastDay.ms + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return Number.isFinite(utc) ? new Date(utc) : null;
}

/**
 * A quoted field's text, as readClfLine gives it for a line without escapes: none when the line
 * has no such field (`end` -1), or it is "-" or "".
 */
function field(bytes: Buffer, start: number, end: number): string | null {
  if (end < 0 || end === start || (end === start + 1 && bytes[start] === 45)) return null;
  return bytes.toString('latin1', start, end);
}

/**
 * readClfLine for an ASCII line without escapes (`at.escapes` false) that scanClfBytes read at
 * `start` (`at`: its offsets): the same record, built from the bytes, the line never made a string.
 */
export function readClfBytes(
  bytes: Buffer,
  start: number,
  at: Readonly<ClfOffsets>,
): LogRecord | null {
  const time = timeAt(bytes, at.open + 1);
  if (!time) return null;
  const ip =
    at.hostEnd === start + 1 && bytes[start] === 45
      ? null
      : bytes.toString('latin1', start, at.hostEnd);
  const method = bytes.toString('latin1', at.requestStart, at.methodEnd);
  return {
    at: time,
    ip,
    method: method === 'GET' ? method : method.toUpperCase(),
    path: bytes.toString('latin1', at.methodEnd + 1, at.pathEnd),
    status: at.status,
    referer: field(bytes, at.refererStart, at.refererEnd),
    userAgent: field(bytes, at.agentStart, at.agentEnd),
  };
}
