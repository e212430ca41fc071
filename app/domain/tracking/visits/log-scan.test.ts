import { describe, expect, it } from 'vitest';
import { hashVisit, type HashedVisit } from './line-hash';
import { readLogLine } from './log-lines';
import { scanLog, type ScanEvent, type ScanOptions } from './log-scan';
import { MAX_LINE } from './byte-lines';
import { BROWSER, combinedLine, GPTBOT, PERPLEXITY } from './test-lines';
import { visitsOf as batchVisits } from './visit-batch';

// scanLog, the import's reading (run on the import's own thread), against the plain reading it
// stands for: every line read on its own with readLogLine, counted with hashVisit. The same
// visits in the same order, the same totals, whatever the chunks the bytes come in; batches,
// progress and the month's allowance as the import relies on them.

const clf = (i: number, path: string, status: number, userAgent: string, referer = '-') =>
  combinedLine({
    ip: `20.171.207.${i % 250}`,
    time: `${String((i % 28) + 1).padStart(2, '0')}/Nov/2026:${String(i % 24).padStart(2, '0')}:15:00 +0100`,
    path,
    status,
    bytes: i * 7,
    referer,
    userAgent,
  });

/**
 * A log of every kind of line: browsers, agents, referrals, JSON, damaged, blank, not ASCII, odd
 * breaks.
 */
function corpus(size: number): string {
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    const kind = i % 14;
    if (kind === 0) lines.push(clf(i, `/page/${i % 17}`, 200, GPTBOT));
    else if (kind === 1) lines.push(clf(i, '/menu', 403, PERPLEXITY));
    else if (kind === 2) lines.push(clf(i, '/book', 200, BROWSER, 'https://chatgpt.com/'));
    else if (kind === 3) lines.push(clf(i, '/?utm_source=chatgpt.com', 301, BROWSER));
    else if (kind === 4)
      lines.push(
        JSON.stringify({
          ClientIP: '20.171.207.9',
          ClientRequestPath: '/from-json',
          EdgeResponseStatus: 200,
          EdgeStartTimestamp: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`,
          ClientRequestUserAgent: GPTBOT,
        }),
      );
    else if (kind === 5) lines.push('not a log line at all');
    else if (kind === 6) lines.push(clf(i, '/cut', 200, GPTBOT).slice(0, 60));
    else if (kind === 7) lines.push(`  ${clf(i, '/spaced', 200, GPTBOT)}  `);
    else if (kind === 8) lines.push('   ');
    else if (kind === 9) lines.push(clf(i, '/esc', 200, 'GPTBot/1.1 \\"quoted\\"'));
    // Not ASCII: read as text (a counted visit, a browser's, one no format reads).
    else if (kind === 10) lines.push(clf(i, `/café/${i % 3}`, 200, GPTBOT));
    else if (kind === 11) lines.push(clf(i, '/menu', 200, `${BROWSER} Überall/1.0`));
    else if (kind === 12) lines.push(clf(i, '/nbsp', 200, GPTBOT).replace(' ', '\u00a0'));
    else lines.push(clf(i, `/page/${i % 5}`, 200, BROWSER));
  }
  // Every kind of line break, and a last line without one.
  return (
    lines.map((line, i) => line + ['\n', '\r\n', '\r'][i % 3]).join('') +
    clf(size, '/last', 200, GPTBOT)
  );
}

const OPTIONS: ScanOptions = {
  businessId: 'business-1',
  secret: 'a-secret-of-the-server',
  budget: Infinity,
  batch: 7,
  progressEvery: 10,
};

/** The plain reading: each non-blank line on its own. */
function reference(text: string, options: ScanOptions) {
  const visits: HashedVisit[] = [];
  let lines = 0;
  let skipped = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!line.trim()) continue;
    if (lines >= options.budget) break;
    lines += 1;
    const record = readLogLine(line);
    if (!record) skipped += 1;
    else {
      const visit = hashVisit(options.secret, options.businessId, line, record);
      if (visit) visits.push(visit);
    }
  }
  return { visits, lines, skipped };
}

/** The bytes of `text` in chunks of the given sizes, in turn. */
async function* chunks(text: string, sizes: number[]): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function events(text: string, sizes: number[], options = OPTIONS) {
  const out: ScanEvent[] = [];
  for await (const event of scanLog(chunks(text, sizes), options)) out.push(event);
  return out;
}

const visitsOf = (list: ScanEvent[]) =>
  list.flatMap((event) => (event.type === 'batch' ? batchVisits(event.batch) : []));

describe('scanLog (the import reading an upload)', () => {
  const text = corpus(400);
  const expected = reference(text, OPTIONS);

  it('counts the same visits, in order, and the same lines, as reading each line on its own', async () => {
    expect(expected.visits.length).toBeGreaterThan(100);
    expect(expected.skipped).toBeGreaterThan(50);
    // Lines that are not ASCII are among them (read as text, not in their bytes).
    expect(expected.visits.some((visit) => visit.path.startsWith('/café/'))).toBe(true);
    for (const sizes of [[1 << 20], [1], [3, 64, 7], [4096, 13]]) {
      const list = await events(text, sizes);
      expect(visitsOf(list)).toEqual(expected.visits);
      expect(list.at(-1)).toEqual({
        type: 'done',
        stoppedAtLimit: false,
        lines: expected.lines,
        skipped: expected.skipped,
      });
    }
  });

  it('hands on full batches, and progress every so many lines, with the totals so far', async () => {
    const list = await events(text, [1000]);
    const batches = list.filter((event) => event.type === 'batch');
    expect(batches.slice(0, -1).every((event) => event.batch.keys.length === OPTIONS.batch)).toBe(
      true,
    );
    expect(batches.at(-1)!.batch.keys.length).toBeGreaterThan(0);
    const progress = list.filter((event) => event.type === 'progress');
    expect(progress.map((event) => event.lines)).toEqual(
      Array.from({ length: Math.floor(expected.lines / 10) }, (_, i) => (i + 1) * 10),
    );
    // Totals only grow, and a batch's are those when its last line was read.
    const lines = list.map((event) => event.lines);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it("stops at the month's allowance: that many lines read, the last batch handed on, then done", async () => {
    const options = { ...OPTIONS, budget: 123 };
    const limited = reference(text, options);
    const list = await events(text, [500], options);
    expect(visitsOf(list)).toEqual(limited.visits);
    expect(list.at(-1)).toEqual({
      type: 'done',
      stoppedAtLimit: true,
      lines: 123,
      skipped: limited.skipped,
    });
  });

  it('an allowance of exactly the lines there are reads them all; none left reads nothing', async () => {
    const exact = await events(text, [500], { ...OPTIONS, budget: expected.lines });
    expect(visitsOf(exact)).toEqual(expected.visits);
    expect(exact.at(-1)).toMatchObject({
      type: 'done',
      stoppedAtLimit: false,
      lines: expected.lines,
    });
    for (const budget of [0, -5])
      expect(await events(text, [500], { ...OPTIONS, budget })).toEqual([
        { type: 'done', stoppedAtLimit: true, lines: 0, skipped: 0 },
      ]);
  });

  it('reads a log with no counted line, and an empty one, to done', async () => {
    const browsers = Array.from({ length: 30 }, (_, i) => clf(i, '/', 200, BROWSER)).join('\n');
    expect(await events(browsers, [100])).toEqual([
      { type: 'progress', lines: 10, skipped: 0 },
      { type: 'progress', lines: 20, skipped: 0 },
      { type: 'progress', lines: 30, skipped: 0 },
      { type: 'done', stoppedAtLimit: false, lines: 30, skipped: 0 },
    ]);
    expect(await events('\n\n  \n', [2])).toEqual([
      { type: 'done', stoppedAtLimit: false, lines: 0, skipped: 0 },
    ]);
  });

  it('reads each filling of its buffer afresh: no line takes the escapes or the User-Agent of the one before it in the same place', async () => {
    const time = '02/Mar/2026:08:15:00';
    const at = (clock: string, userAgent: string) =>
      `1.2.3.4 - - [${clock} +0000] "GET /a HTTP/1.1" 200 5 "-" "${userAgent}"`;
    for (const lines of [
      // The same length: the second has escapes (its agent is read in full and counted).
      [
        at(time, 'Mozilla/5.0 (X11) Chrome/131.0 x'),
        at(time, 'Mozilla \\"GPTBot/1.1\\" abcdefghi'),
      ],
      // A remembered browser's User-Agent on a line refused (second 99), then an agent's of the same length.
      [at(time, 'Chrome/1.1'), at('02/Mar/2026:08:15:99', 'Chrome/1.1'), at(time, 'GPTBot/1.1')],
    ]) {
      const text = lines.map((line) => `${line}\n`).join('');
      const sizes = lines.map((line) => line.length + 1);
      expect(new Set(sizes).size).toBe(1);
      const expected = reference(text, OPTIONS);
      expect(expected.visits).toHaveLength(1);
      const list = await events(text, sizes);
      expect(visitsOf(list)).toEqual(expected.visits);
      expect(list.at(-1)).toMatchObject({ lines: expected.lines, skipped: expected.skipped });
    }
  });

  it('counts a line of a megabyte or more as one not understood, without keeping it', async () => {
    const agent = clf(1, '/after', 200, GPTBOT);
    const huge = clf(2, `/${'p'.repeat(MAX_LINE)}`, 200, GPTBOT);
    const text = `${agent}\n${'x'.repeat(MAX_LINE + 5)}\r\n${huge}\n${agent.replace('/after', '/last')}`;
    const list = await events(text, [65_536]);
    expect(visitsOf(list).map((visit) => visit.path)).toEqual(['/after', '/last']);
    expect(list.at(-1)).toEqual({ type: 'done', stoppedAtLimit: false, lines: 4, skipped: 2 });
    // It counts against the month's allowance as any line does.
    const limited = await events(text, [65_536], { ...OPTIONS, budget: 2 });
    expect(limited.at(-1)).toEqual({ type: 'done', stoppedAtLimit: true, lines: 2, skipped: 1 });
  });
});
