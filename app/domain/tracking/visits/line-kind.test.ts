import { describe, expect, it } from 'vitest';
import { ByteLineCursor } from './byte-lines';
import { scanClfBytes } from './clf-bytes';
import { scanClfLine } from './clf-scan';
import { readClfLine } from './clf-line';
import { readClfBytes } from './clf-bytes';
import { bytesFingerprint, fingerprint } from './line-hash';
import { lineKind, lineKindOfBytes, scannedCandidate } from './line-kind';
import { readLogLine } from './log-lines';
import { countedVisit } from './tally';
import { damaged, GRAMMAR_LINES } from './test-lines';

// The import only scans most lines (./line-kind.ts) and reads in full only the candidates. Every
// figure must stay what reading every line in full gives: a line the scan refuses is one no format
// reads, and a line it calls 'read' is read but never counted. Checked on lines of every kind and
// every damaged version of them (cut short, each character replaced by one the grammar turns on).

const LINES = [
  ...GRAMMAR_LINES,
  '66.249.66.1 - - [02/Mar/2026:08:15:00 +0000] "GET /services HTTP/1.1" 200 812 "https://www.google.com/" "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"',
  '9.9.9.9 - - [02/Mar/2026:08:15:00 +0000] "GET /?utm_source=chatgpt.com HTTP/1.1" 200 812 "-" "Mozilla/5.0 (iPhone)"',
  '9.9.9.9 - - [02/Mar/2026:08:15:00 +0000] "GET /book HTTP/1.1" 200 812 "https://www.perplexity.ai/search" "Mozilla/5.0 (Macintosh)"',
  '52.230.152.1 - - [02/Mar/2026:08:15:00 +0000] "GET /robots.txt HTTP/1.1" 403 0 "-" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot"',
  '1.2.3.4 - - [02/Mar/2026:08:15:00 +0000] "GET /x HTTP/1.1" 200 5 "-" "ClaudeBot/1.0; +claudebot@anthropic.com"',
];
const SERVER_KEY = 'the-server-key';
const CHANGES = [' ', '"', '\\', '-', '/', ':', '[', ']', '+', 'x', '9', '0', '\t', '\u00a0', '{'];

function variants(): Set<string> {
  const out = new Set<string>();
  for (const line of LINES) {
    out.add(line);
    out.add(` ${line}`);
    for (const variant of damaged(line, CHANGES)) out.add(variant);
  }
  return out;
}

describe('scanning lines before reading them', () => {
  it('accepts exactly the lines the combined/common reader reads', () => {
    let accepted = 0;
    let refused = 0;
    for (const variant of variants()) {
      const read = readClfLine(variant) !== null;
      expect({ variant, scanned: scanClfLine(variant) !== null }).toEqual({
        variant,
        scanned: read,
      });
      if (read) accepted += 1;
      else refused += 1;
    }
    expect(accepted).toBeGreaterThan(2_000);
    expect(refused).toBeGreaterThan(2_000);
  });

  it('never calls a line unread that a format reads, nor read one that would be counted', () => {
    const seen = { unread: 0, read: 0, candidate: 0 };
    for (const variant of variants()) {
      const kind = lineKind(variant);
      seen[kind] += 1;
      const record = readLogLine(variant);
      if (kind === 'unread') expect({ variant, record }).toEqual({ variant, record: null });
      if (kind === 'read') {
        expect({ variant, read: record !== null }).toEqual({ variant, read: true });
        expect({ variant, counted: countedVisit(record!) }).toEqual({ variant, counted: null });
      }
    }
    // The scan does the work it is for: most damaged lines are settled without reading them.
    expect(seen.unread).toBeGreaterThan(1_000);
    expect(seen.read).toBeGreaterThan(1_000);
    expect(seen.candidate).toBeGreaterThan(1_000);
  });

  it("settles a browser's line without reading it, and reads agents' and referrals' lines", () => {
    const kinds = LINES.slice(7).map(lineKind);
    expect(kinds).toEqual(['read', 'candidate', 'candidate', 'candidate', 'candidate']);
    expect(lineKind('not a log line')).toBe('unread');
    expect(lineKind('{"status": 200}')).toBe('candidate');
  });

  it('reads in full every line a Referer or a landing query may count, remembered or not', () => {
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36';
    const at = (path: string, referer: string) =>
      `9.9.9.9 - - [02/Mar/2026:08:15:00 +0000] "GET ${path} HTTP/1.1" 200 1 "${referer}" "${browser}"`;
    const cases: [string, string][] = [
      ['/', '-'],
      ['/', 'https://www.google.com/'],
      ['/', 'https://chatgpt.com/'],
      ['/', 'https://www.google.com/'],
      ['/', 'HTTPS://CHAT.OPENAI.COM/c/1'],
      ['/?a=1', '-'],
      ['/?utm_source=chatgpt.com', '-'],
      // utm_source before the query, an encoded one in it: URLSearchParams reads it.
      ['/utm_source=x?utm%5Fsource=chatgpt.com', '-'],
      ['/no-query-utm_source=chatgpt.com', '-'],
    ];
    for (let round = 0; round < 2; round++)
      for (const [path, referer] of cases) {
        const line = at(path, referer);
        const counted = countedVisit(readLogLine(line)!) !== null;
        if (counted) expect({ line, kind: lineKind(line) }).toEqual({ line, kind: 'candidate' });
        else expect(lineKind(line)).not.toBe('unread');
      }
    expect(countedVisit(readLogLine(at('/utm_source=x?utm%5Fsource=chatgpt.com', '-'))!)).not.toBe(
      null,
    );
  });

  it('scans an ASCII line in its bytes exactly as its text, in a buffer of many lines', () => {
    const lines = [...variants()].filter((line) => line !== '');
    // Lines without a quote before lines with one, backslashes only far ahead, \r\n and \r too.
    const text = lines.map((line, i) => line + ['\n', '\r\n', '\r'][i % 3]).join('');
    const bytes = Buffer.from(text, 'latin1');
    const cursor = new ByteLineCursor().reset(bytes, bytes.length);
    const seen = { ascii: 0, other: 0, differs: 0, fromBytes: 0 };
    const hashBytes = bytesFingerprint(SERVER_KEY, 'business-1');
    let i = 0;
    while (cursor.next()) {
      const { start, end } = cursor;
      if (start === end) continue;
      const line = lines[i++]!;
      if (Buffer.from(line).some((byte) => byte > 127)) {
        // Not ASCII: the import decodes it and scans the text (lineKind), never the bytes.
        seen.other += 1;
        continue;
      }
      seen.ascii += 1;
      expect(bytes.toString('latin1', start, end)).toBe(line);
      const alone = scanClfLine(line);
      const aloneOffsets = alone && { ...alone };
      // Twice: the second time its User-Agent may be remembered (its quote then not looked for).
      for (let round = 0; round < 2; round++) {
        const inPlace = scanClfBytes(
          bytes,
          start,
          end,
          bytes.length,
          (b, s, e) => round === 1 && b.subarray(s, e).indexOf(34) < 0,
        );
        const shifted =
          inPlace &&
          Object.fromEntries(
            Object.entries(inPlace).map(([key, value]) => [
              key,
              typeof value === 'number' && key !== 'status' && value >= 0 ? value - start : value,
            ]),
          );
        if (JSON.stringify(shifted) !== JSON.stringify(aloneOffsets)) seen.differs += 1;
        expect({ line, kind: lineKindOfBytes(bytes, start, end, bytes.length) }).toEqual({
          line,
          kind: lineKind(line),
        });
        // A line scanned whole is read from its bytes: the record reading its text gives.
        const at = scannedCandidate();
        if (at) {
          seen.fromBytes += 1;
          expect({ line, record: readClfBytes(bytes, start, at) }).toEqual({
            line,
            record: readLogLine(line),
          });
          expect(hashBytes(bytes, start, end)).toBe(fingerprint(SERVER_KEY, 'business-1', line));
        }
      }
    }
    expect(i).toBe(lines.length);
    expect(seen.differs).toBe(0);
    expect(seen.ascii).toBeGreaterThan(4_000);
    expect(seen.other).toBeGreaterThan(100);
    expect(seen.fromBytes).toBeGreaterThan(2_000);
  });

  it('scans the last line of a buffer, whatever bytes were there before it', () => {
    const line = LINES[7]!;
    for (const stale of [' "x" "GPTBot"', '9999 "-" "-"', '']) {
      const bytes = Buffer.from(line + stale, 'latin1');
      // The reading puts a line break after a last line that has none.
      bytes[line.length] = 10;
      expect(lineKindOfBytes(bytes, 0, line.length, line.length)).toBe(lineKind(line));
    }
  });
});
