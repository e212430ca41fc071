// Which lines of a log need reading in full (issue 48, `npm run bench:logs`). Most lines of an
// access log are browsers and ordinary bots: they count only as read, so building their record
// (text of their own, a Date, a hash) is wasted. A combined/common line is first only scanned
// (in its bytes when they are ASCII, ./clf-bytes.ts, else as text, ./clf-scan.ts; no
// allocation); it is a candidate, read in full, when its User-Agent names an
// agent (the same answer agentOfUserAgent gives, remembered per User-Agent text: ./slice-memo.ts)
// or its Referer or path may name an assistant (mayBeReferral: a superset of what assistantOf
// accepts; a Referer of "-" and a path with no query never do). Lines with escapes, JSON lines and
// lines with spaces around them are always read in full. Pure.

import { agentOfUserAgent } from '../../agents/match.server';
import { scanClfBytes } from './clf-bytes';
import { scanClfLine, type ClfOffsets } from './clf-scan';
import { mayBeReferral, mayBeReferralFrom } from './referrals';
import { ByteMemo, SliceMemo } from './slice-memo';

/**
 * 'unread': no format reads the line (readLogLine gives null). 'read': it is read but not counted
 * (tally's countedVisit would give null). 'candidate': it may be counted; read it in full.
 */
export type LineKind = 'unread' | 'read' | 'candidate';

/** Whether a character may be one that trim() removes (every one it removes is). */
export const isBlank = (code: number) => code <= 32 || code === 0xa0 || code >= 0x1680;

const namesAgent = new SliceMemo<boolean>();
const mayBeFrom = new SliceMemo<boolean>();
const isAgent = (userAgent: string) => agentOfUserAgent(userAgent) !== null;

/** The kind of a line (a line of text: the import's way for a line that is not all ASCII). */
export function lineKind(line: string): LineKind {
  const first = line.charCodeAt(0);
  // JSON, or spaces that readLogLine trims first: the slow path decides.
  if (first === 123 || isBlank(first) || isBlank(line.charCodeAt(line.length - 1)))
    return 'candidate';
  const at = scanClfLine(line);
  if (!at) return 'unread';
  if (at.escapes) return 'candidate';
  if (at.status < 200 || at.status >= 600) return 'read';
  if (at.agentEnd > at.agentStart && namesAgent.get(line, at.agentStart, at.agentEnd, isAgent))
    return 'candidate';
  // The Referer ("-" names no assistant), then the path (only a query names one).
  const { refererStart, refererEnd } = at;
  if (
    refererEnd > refererStart &&
    !(refererEnd === refererStart + 1 && line.charCodeAt(refererStart) === 45) &&
    mayBeFrom.get(line, refererStart, refererEnd, mayBeReferralFrom)
  )
    return 'candidate';
  const pathStart = at.methodEnd + 1;
  for (let i = pathStart; i < at.pathEnd; i++)
    if (line.charCodeAt(i) === 63 /* ? */)
      return mayBeReferral('', line.slice(pathStart, at.pathEnd)) ? 'candidate' : 'read';
  return 'read';
}

const namesAgentBytes = new ByteMemo<boolean>();
const mayBeFromBytes = new ByteMemo<boolean>();
// A User-Agent remembered holds no quote (it was read to its first quote, in a line without
// escapes): bytes equal to one hold none either.
const knownUserAgent = (bytes: Uint8Array, start: number, end: number) =>
  namesAgentBytes.has(bytes, start, end);

/**
 * lineKind for an ASCII line in a buffer (./byte-lines.ts): the line from `start` to `end` (the
 * byte at `end` a line break), `limit` where the bytes in use end. The same answer as lineKind
 * for the line's text (line-kind.test.ts checks it).
 */
// The offsets of the line lineKindOfBytes last looked at, when it scanned it whole and it has no
// escapes (not a JSON line, no blanks around it), for readClfBytes; else null.
let scanned: Readonly<ClfOffsets> | null = null;

/**
 * Where the fields are of the line lineKindOfBytes last looked at, when it scanned it whole and
 * it has no escapes (readClfBytes then reads it as readClfLine would); else null.
 */
export const scannedCandidate = () => scanned;

export function lineKindOfBytes(
  bytes: Buffer,
  start: number,
  end: number,
  limit: number,
): LineKind {
  // JSON, or spaces that readLogLine trims first (in ASCII, the bytes up to 32): the slow path.
  scanned = null;
  if (bytes[start] === 123 || bytes[start]! <= 32 || bytes[end - 1]! <= 32) return 'candidate';
  namesAgentBytes.forgetHit();
  const at = scanClfBytes(bytes, start, end, limit, knownUserAgent);
  if (!at) return 'unread';
  if (at.escapes) return 'candidate';
  if (at.status < 200 || at.status >= 600) return 'read';
  scanned = at;
  if (
    at.agentEnd > at.agentStart &&
    namesAgentBytes.get(bytes, at.agentStart, at.agentEnd, isAgent)
  )
    return 'candidate';
  const { refererStart, refererEnd } = at;
  if (
    refererEnd > refererStart &&
    !(refererEnd === refererStart + 1 && bytes[refererStart] === 45) &&
    mayBeFromBytes.get(bytes, refererStart, refererEnd, mayBeReferralFrom)
  )
    return 'candidate';
  const pathStart = at.methodEnd + 1;
  for (let i = pathStart; i < at.pathEnd; i++)
    if (bytes[i] === 63 /* ? */)
      return mayBeReferral('', bytes.toString('latin1', pathStart, at.pathEnd))
        ? 'candidate'
        : 'read';
  return 'read';
}

/**
 * Forgets what the readings remembered (User-Agents, Referers, the last line's offsets): called
 * when a reading ends, so a thread kept for the next holds nothing of this one's lines.
 */
export function forgetLines(): void {
  for (const memo of [namesAgent, mayBeFrom, namesAgentBytes, mayBeFromBytes]) memo.clear();
  scanned = null;
}
