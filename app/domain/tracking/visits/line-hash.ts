import { hash } from 'node:crypto';
import type { LogRecord } from './log-lines';
import { countedVisit, type CountedVisit } from './tally';

// A counted line's keyed fingerprint (issue 48: the same lines uploaded twice count once, and the
// lines themselves are never kept). Pure, given the secret: the import's reading thread
// (./scan-thread.ts) computes it where the line is read, and the database side only stores it.

/** A counted line as the store takes it: its keyed fingerprint and what is tallied of it. */
export type HashedVisit = CountedVisit & { hash: string };

/**
 * A line's fingerprint for its business: 16 bytes (22 characters of base64url) of the SHA-256 of
 * the secret (the server's session secret), the business and the line. One call of crypto.hash, a
 * quarter of an HMAC's cost (a new Hmac object per line); with the secret first, the fingerprint
 * of a line cannot be computed, nor a guessed line or address checked against it, without the
 * secret.
 */
export function fingerprint(secret: string, businessId: string, line: string): string {
  return hash('sha256', `${secret}\n${businessId}\n${line.trim()}`, 'base64url').slice(0, 22);
}

/** The line's fingerprint and visit, or null when the line is not counted. */
export function hashVisit(
  secret: string,
  businessId: string,
  line: string,
  record: LogRecord,
): HashedVisit | null {
  const visit = countedVisit(record) as HashedVisit | null;
  if (visit) visit.hash = fingerprint(secret, businessId, line);
  return visit;
}

/**
 * fingerprint for lines given as bytes (ASCII, no blanks around them: what trim() leaves alone):
 * the same SHA-256 of the same bytes, hashed from a buffer kept for it, no string made.
 */
export function bytesFingerprint(secret: string, businessId: string) {
  const prefix = Buffer.from(`${secret}\n${businessId}\n`);
  let scratch = Buffer.allocUnsafe(prefix.length + 4096);
  prefix.copy(scratch);
  return (bytes: Buffer, start: number, end: number): string => {
    const length = prefix.length + end - start;
    if (length > scratch.length) {
      scratch = Buffer.allocUnsafe(length * 2);
      prefix.copy(scratch);
    }
    bytes.copy(scratch, prefix.length, start, end);
    return hash('sha256', scratch.subarray(0, length), 'base64url').slice(0, 22);
  };
}
