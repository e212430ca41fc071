import { describe, expect, it } from 'vitest';
import { scanLog, type ScanEvent } from './log-scan';
import { visitsOf } from './visit-batch';
import { warmUp, warmUpLog, WARM_UP_LINES } from './warm-up';

// A reading thread warms up on a made-up log before its first upload: the log must take the
// reading through every way a line goes (read in bytes and as text, counted as an agent's visit
// and as a referral, read but not counted, not understood), or the first upload still compiles
// them.

describe("a reading thread's warm-up", () => {
  it('goes through every way a line is read', async () => {
    const events: ScanEvent[] = [];
    async function* chunks() {
      yield Buffer.from(warmUpLog());
    }
    const options = {
      businessId: 'b',
      secret: 's',
      budget: Infinity,
      batch: 5000,
      progressEvery: Infinity,
    };
    for await (const event of scanLog(chunks(), options)) events.push(event);
    const visits = events.flatMap((event) => (event.type === 'batch' ? visitsOf(event.batch) : []));
    const done = events.at(-1) as Extract<ScanEvent, { type: 'done' }>;
    expect(done.lines).toBeGreaterThan(WARM_UP_LINES);
    expect(done.skipped).toBeGreaterThanOrEqual(WARM_UP_LINES / 500);
    const kinds = new Set(
      visits.map((visit) =>
        visit.kind.kind === 'agent'
          ? `${visit.kind.agent} ${visit.kind.verification}`
          : visit.kind.assistant,
      ),
    );
    expect(kinds).toEqual(
      new Set(['GPTBot verified', 'GPTBot unverified', 'PerplexityBot unverified', 'ChatGPT']),
    );
    // Fewer counted than read: browsers and other bots are read and not counted.
    expect(visits.length).toBeLessThan(done.lines / 2);
    expect(visits.some((visit) => visit.path === '/from-json')).toBe(true);
    expect(visits.some((visit) => visit.path.startsWith('/café/'))).toBe(true);
    await expect(warmUp()).resolves.toBeUndefined();
  });
});
