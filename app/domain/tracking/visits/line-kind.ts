// Which lines of a log need reading in full (issue 48, `npm run bench:logs`). Most lines of an
// access log are browsers and ordinary bots: they count only as read, so building their record
// (text of their own, a Date, a hash) is wasted. A combined/common line is first only scanned
// (./clf-scan.ts, no allocation); it is a candidate, read in full, when its User-Agent names an
// agent (the same remembered answer agentOfUserAgent gives) or its Referer or path may name an
// assistant (mayBeReferral: a superset of what assistantOf accepts). Lines with escapes, JSON
// lines and lines with spaces around them are always read in full. Pure.

import { agentOfUserAgent } from '../../agents/match.server';
import { scanClfLine } from './clf-scan';
import { mayBeReferral } from './referrals';

/**
 * 'unread': no format reads the line (readLogLine gives null). 'read': it is read but not counted
 * (tally's countedVisit would give null). 'candidate': it may be counted; read it in full.
 */
export type LineKind = 'unread' | 'read' | 'candidate';

const isBlank = (code: number) => code <= 32 || code === 0xa0 || code >= 0x1680;

export function lineKind(line: string): LineKind {
  const first = line.charCodeAt(0);
  // JSON, or spaces that readLogLine trims first: the slow path decides.
  if (first === 123 || isBlank(first) || isBlank(line.charCodeAt(line.length - 1)))
    return 'candidate';
  const at = scanClfLine(line);
  if (!at) return 'unread';
  if (at.escapes) return 'candidate';
  if (at.status < 200 || at.status >= 600) return 'read';
  if (at.agentEnd >= 0) {
    const userAgent = line.slice(at.agentStart, at.agentEnd);
    if (userAgent !== '-' && userAgent !== '' && agentOfUserAgent(userAgent)) return 'candidate';
  }
  const referer = at.refererEnd >= 0 ? line.slice(at.refererStart, at.refererEnd) : '';
  return mayBeReferral(referer, line.slice(at.methodEnd + 1, at.pathEnd)) ? 'candidate' : 'read';
}
