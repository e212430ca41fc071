// The grammar of an Apache/Nginx "combined" or "common" line, walked once with indexOf and
// character codes, allocating nothing (issue 48, `npm run bench:logs`): scanClfLine says whether a
// line is one, and where its fields are. readClfLine (./clf-line.ts) builds a record from these
// offsets; the import asks only for them on the ~90% of lines that are browsers, which count only
// as read. The grammar is the regular expression it replaced (kept in clf-line.test.ts, which
// checks that both read every line alike):
//
//   host ident user [dd/Mon/yyyy:hh:mm:ss ±zzzz] "request" status bytes ["referer" "user-agent"]
//
// host, ident and user have no whitespace; quoted fields may hold backslash escapes ("\"");
// bytes is digits or "-"; the referer and user agent are both there or neither, and anything after
// them (or after bytes) is ignored; the request is at least a method and a path. Pure.

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

/** The end of a run of non-space characters from `start` to `end` (at least one), or -1. */
function word(line: string, start: number, end: number): number {
  let i = start;
  for (; i < end; i++) {
    const code = line.charCodeAt(i);
    // Printable ASCII and the controls after it are never spaces: one test for nearly every one.
    if ((code > SPACE && code < 0xa0) || !isSpace(code)) continue;
    break;
  }
  return i > start ? i : -1;
}

/**
 * The closing quote (before `end`) of a quoted field whose text starts at `start`, or -1.
 * `escapes` is whether the line holds a backslash at all: most lines do not, and then the next
 * quote closes the field.
 */
function closingQuote(line: string, start: number, end: number, escapes: boolean): number {
  if (!escapes) {
    const quote = line.indexOf('"', start);
    return quote < end ? quote : -1;
  }
  for (let i = start; i < end; i++) {
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

export function digits(line: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const code = line.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + code - 48;
  }
  return value;
}

/** Month names by their three letters in lower case, as one number: "nov" → month 10. */
const MONTH_BY_CODE = new Map<number, number>(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map(
    (name, month) => [
      (name.charCodeAt(0) << 16) | (name.charCodeAt(1) << 8) | name.charCodeAt(2),
      month,
    ],
  ),
);

/** An ASCII letter in lower case, or -1 (only ASCII letters spell a month). */
export function lowerLetter(code: number): number {
  if (code >= 97 && code <= 122) return code;
  if (code >= 65 && code <= 90) return code + 32;
  return -1;
}

/** The month (0–11) whose name is these three lower-case letters' codes (or -1s), or -1. */
export function monthOf(a: number, b: number, c: number): number {
  if (a < 0 || b < 0 || c < 0) return -1;
  return MONTH_BY_CODE.get((a << 16) | (b << 8) | c) ?? -1;
}

/** The month (0–11) whose name (any case) is the three characters at `start`, or -1. */
export const monthAt = (line: string, start: number): number =>
  monthOf(
    lowerLetter(line.charCodeAt(start)),
    lowerLetter(line.charCodeAt(start + 1)),
    lowerLetter(line.charCodeAt(start + 2)),
  );

/** Two digits at `start` as a number, or -1. */
function twoDigits(line: string, start: number): number {
  const a = line.charCodeAt(start);
  const b = line.charCodeAt(start + 1);
  return isDigit(a) && isDigit(b) ? (a - 48) * 10 + b - 48 : -1;
}

// A log's lines come in time order: the date ("dd/Mon/yyyy") and zone ("±zzzz") of the last time
// found whole are kept (their character codes), and a line with the same ones has only its clock
// checked.
const lastTime = new Int32Array(26).fill(-1);
const SAME_DAY = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 21, 22, 23, 24, 25];

function sameDay(line: string, start: number): boolean {
  for (const i of SAME_DAY) if (line.charCodeAt(start + i) !== lastTime[i]) return false;
  return true;
}

/** Whether "dd/Mon/yyyy:hh:mm:ss ±zzzz" at `start` (26 characters) is a time. */
function isTimeAt(line: string, start: number): boolean {
  if (
    line.charCodeAt(start + 11) !== 58 ||
    line.charCodeAt(start + 14) !== 58 ||
    line.charCodeAt(start + 17) !== 58 ||
    line.charCodeAt(start + 20) !== SPACE
  )
    return false;
  const hours = twoDigits(line, start + 12);
  const minutes = twoDigits(line, start + 15);
  const seconds = twoDigits(line, start + 18);
  if (hours < 0 || minutes < 0 || seconds < 0) return false;
  if (hours > 23 || minutes > 59 || seconds > 60) return false;
  if (sameDay(line, start)) return true;
  const sign = line.charCodeAt(start + 21);
  if (
    digits(line, start, 2) < 0 ||
    digits(line, start + 7, 4) < 0 ||
    digits(line, start + 22, 4) < 0 ||
    (sign !== 43 && sign !== 45) ||
    line.charCodeAt(start + 2) !== 47 ||
    line.charCodeAt(start + 6) !== 47 ||
    // Any day 00–99 of a known month in years 0000–9999, any zone, is a finite time.
    monthAt(line, start + 3) < 0
  )
    return false;
  for (const i of SAME_DAY) lastTime[i] = line.charCodeAt(start + i);
  return true;
}

/** Where a line's fields are (ends exclusive); -1 for the referer and agent when there are none. */
export type ClfOffsets = {
  /** Whether the line holds a backslash (its quoted fields may need unescaping). */
  escapes: boolean;
  hostEnd: number;
  /** The "[" before the time; the time is the 26 characters after it. */
  open: number;
  requestStart: number;
  requestEnd: number;
  methodEnd: number;
  pathEnd: number;
  status: number;
  refererStart: number;
  refererEnd: number;
  agentStart: number;
  agentEnd: number;
};

/** Offsets to fill in (each scanner fills in one, again and again: it allocates nothing). */
export const emptyOffsets = (): ClfOffsets => ({
  escapes: false,
  hostEnd: 0,
  open: 0,
  requestStart: 0,
  requestEnd: 0,
  methodEnd: 0,
  pathEnd: 0,
  status: 0,
  refererStart: -1,
  refererEnd: -1,
  agentStart: -1,
  agentEnd: -1,
});

// The one answer, filled in again by each call: reading a million lines allocates nothing here.
const OFFSETS = emptyOffsets();

/**
 * Whether a line is a combined or common line, and where its fields are; null when it is neither.
 * The object returned is reused by the next call: read what is needed from it before then.
 */
export const scanClfLine = (line: string): Readonly<ClfOffsets> | null =>
  scan(line, 0, line.length, line.includes('\\'));

/** `escapes`: whether the line holds a backslash. */
function scan(
  line: string,
  start: number,
  end: number,
  escapes: boolean,
): Readonly<ClfOffsets> | null {
  // Every read below is at most one character past the one before it that was checked, or
  // inside the time's fixed 30 characters (checked to be there): nothing past `end` is read,
  // but `end` itself, a line break, which no test below accepts.
  const hostEnd = word(line, start, end);
  if (hostEnd < 0 || line.charCodeAt(hostEnd) !== SPACE) return null;
  const identEnd = word(line, hostEnd + 1, end);
  if (identEnd < 0 || line.charCodeAt(identEnd) !== SPACE) return null;
  const userEnd = word(line, identEnd + 1, end);
  if (userEnd < 0 || line.charCodeAt(userEnd) !== SPACE) return null;
  const open = userEnd + 1;
  if (
    open + 29 >= end ||
    line.charCodeAt(open) !== 91 ||
    line.charCodeAt(open + 27) !== 93 ||
    line.charCodeAt(open + 28) !== SPACE ||
    line.charCodeAt(open + 29) !== QUOTE
  )
    return null;
  const requestStart = open + 30;
  const requestEnd = closingQuote(line, requestStart, end, escapes);
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
  let refererEnd = -1;
  let agentEnd = -1;
  if (line.charCodeAt(bytesEnd) === SPACE && line.charCodeAt(bytesEnd + 1) === QUOTE) {
    const closing = closingQuote(line, bytesEnd + 2, end, escapes);
    if (
      closing >= 0 &&
      line.charCodeAt(closing + 1) === SPACE &&
      line.charCodeAt(closing + 2) === QUOTE
    ) {
      agentEnd = closingQuote(line, closing + 3, end, escapes);
      if (agentEnd >= 0) refererEnd = closing;
    }
  }
  if (!isTimeAt(line, open + 1)) return null;
  // The request: "METHOD PATH PROTOCOL"; at least a method and a path.
  const methodEnd = line.indexOf(' ', requestStart);
  if (methodEnd < 0 || methodEnd >= requestEnd) return null;
  let pathEnd = line.indexOf(' ', methodEnd + 1);
  if (pathEnd < 0 || pathEnd > requestEnd) pathEnd = requestEnd;
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
