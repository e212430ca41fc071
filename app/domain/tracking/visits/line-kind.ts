// Which lines of a log need reading in full (issue 48, `npm run bench:logs`). Most lines of an
// access log are browsers and ordinary bots: they count only as read, so building their record
// (text of their own, a Date, a hash) is wasted. A combined/common line is first only scanned
// (./clf-scan.ts, no allocation); it is a candidate, read in full, when its User-Agent names an
// agent (the same answer agentOfUserAgent gives, remembered per User-Agent text: ./slice-memo.ts)
// or its Referer or path may name an assistant (mayBeReferral: a superset of what assistantOf
// accepts; a Referer of "-" and a path with no query never do). Lines with escapes, JSON lines and
// lines with spaces around them are always read in full. Pure.

import { agentOfUserAgent } from '../../agents/match.server';
import { scanClfRange } from './clf-scan';
import { mayBeReferral, mayBeReferralFrom } from './referrals';
import { SliceMemo } from './slice-memo';

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

/** The kind of a line. */
export const lineKind = (line: string): LineKind => lineKindAt(line, 0, line.length);

/**
 * The kind of the line that is `text`'s characters from `start` to `end` (a line of a chunk's
 * text, read in place; the character at `end`, if any, must be a line break).
 */
export function lineKindAt(line: string, start: number, end: number): LineKind {
  const first = line.charCodeAt(start);
  // JSON, or spaces that readLogLine trims first: the slow path decides.
  if (first === 123 || isBlank(first) || isBlank(line.charCodeAt(end - 1))) return 'candidate';
  const at = scanClfRange(line, start, end);
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
