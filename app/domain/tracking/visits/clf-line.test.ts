import { describe, expect, it } from 'vitest';
import { readClfLine } from './clf-line';
import type { LogRecord } from './log-lines';
import { damaged, GRAMMAR_LINES as LINES } from './test-lines';

// The hand-written reader (./clf-line.ts) must read every line exactly as the regular expression
// it replaced did: the same record, or null for the same lines. The expression is kept here as the
// reference, and both read a set of lines and every damaged version of them (each one cut short,
// and each character replaced by one of the characters the grammar turns on).

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const CLF =
  /^(\S+) \S+ \S+ \[(\d{2})\/([A-Za-z]{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-]\d{4})\] "((?:[^"\\]|\\.)*)" (\d{3}) (?:\d+|-)(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?/;

function referenceTime(m: RegExpExecArray): Date | null {
  const month = MONTHS.indexOf(m[3]!.toLowerCase());
  if (month < 0) return null;
  const [hours, minutes, seconds] = [Number(m[5]), Number(m[6]), Number(m[7])];
  if (hours > 23 || minutes > 59 || seconds > 60) return null;
  const zone = m[8]!;
  const offset =
    (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3))) * (zone[0] === '-' ? -1 : 1);
  const utc =
    Date.UTC(Number(m[4]), month, Number(m[2]), hours, minutes, seconds) - offset * 60_000;
  return Number.isFinite(utc) ? new Date(utc) : null;
}

const unescape = (text: string | undefined) =>
  text === undefined || text === '-' || text === '' ? null : text.replace(/\\(.)/g, '$1');

function reference(line: string): LogRecord | null {
  const m = CLF.exec(line);
  if (!m) return null;
  const at = referenceTime(m);
  const request = (m[9] ?? '').split(' ');
  if (!at || request.length < 2) return null;
  return {
    at,
    ip: m[1] === '-' ? null : m[1]!,
    method: request[0]!.toUpperCase(),
    path: request[1]!,
    status: Number(m[10]),
    referer: unescape(m[11]),
    userAgent: unescape(m[12]),
  };
}

const CHANGES = [' ', '"', '\\', '-', '/', ':', '[', ']', '+', 'x', '9', '0', '\t', '\u00a0'];

describe('the combined/common line reader', () => {
  it('reads every line and every damaged version of it exactly as the regular expression did', () => {
    let compared = 0;
    let readable = 0;
    for (const line of LINES) {
      const variants = new Set<string>([line, ...damaged(line, CHANGES)]);
      for (const variant of variants) {
        const expected = reference(variant);
        expect({ variant, record: readClfLine(variant) }).toEqual({ variant, record: expected });
        compared += 1;
        if (expected) readable += 1;
      }
    }
    // The set holds both kinds in numbers: thousands of lines, many read and many refused.
    expect(compared).toBeGreaterThan(5_000);
    expect(readable).toBeGreaterThan(1_000);
    expect(compared - readable).toBeGreaterThan(1_000);
  });

  it('keeps reading days right across lines of different days and zones', () => {
    const at = (text: string) => readClfLine(`1.1.1.1 - - [${text}] "GET / HTTP/1.1" 200 1`)?.at;
    expect(at('27/Nov/2026:10:00:00 +0000')?.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(at('27/Nov/2026:10:00:00 +0100')?.toISOString()).toBe('2026-11-27T09:00:00.000Z');
    expect(at('28/Nov/2026:00:30:00 -0100')?.toISOString()).toBe('2026-11-28T01:30:00.000Z');
    expect(at('27/Nov/2026:10:00:00 +0000')?.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(at('27/Xyz/2026:10:00:00 +0000')).toBeUndefined();
    expect(at('27/Nov/2026:24:00:00 +0000')).toBeUndefined();
  });
});
