import { describe, expect, it } from 'vitest';
import { everyNameMarked } from '~/domain/tracking/reports/answer-marks';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// Issue 44, item 10: a competitor's name was marked in one answer and not in the next. The page
// marks every occurrence of each name an answer is counted as naming, and of the owner's own
// competitors, the same way.

describe('everyNameMarked', () => {
  it('marks each whole-word occurrence once, keeping the reader’s marks and the business’s', () => {
    const text =
      'Okafor Plumbing beats Rival Pipes. rival pipes is slower; Pipestone is not Rival Pipes Co.';
    const marks = everyNameMarked(
      text,
      [
        { start: 0, end: 15, kind: 'business' },
        { start: 22, end: 33, kind: 'competitor' },
      ],
      ['Rival Pipes', 'Pipes', 'Rival Pipes Co'],
    );
    expect(marks.map((m) => [text.slice(m.start, m.end), m.kind])).toEqual([
      ['Okafor Plumbing', 'business'],
      ['Rival Pipes', 'competitor'],
      ['rival pipes', 'competitor'],
      ['Rival Pipes Co', 'competitor'],
    ]);
  });
});

describe('the answers list', () => {
  it('marks a competitor in every answer that names it, whether or not the reader marked it there', async () => {
    const owner = await createUser();
    const business = await db.business.create({
      data: { userId: owner.id, name: 'Okafor Plumbing' },
    });
    await db.competitor.create({
      data: { businessId: business.id, name: 'Known Rival', key: 'known rival' },
    });
    const base = {
      businessId: business.id,
      prompt: 'best plumber',
      engine: 'chatgpt',
      model: 'm',
      period: new Date(Date.UTC(2026, 10, 16)),
      periodKind: 'week',
      sample: 0,
      status: 'answered',
      sources: '[]',
    };
    const first = '1. Rival Pipes - fast\n\nRival Pipes also does drains. Known Rival too.';
    const second = 'Many people pick Rival Pipes or Known Rival.';
    await db.trackingAnswer.create({
      data: {
        ...base,
        runKey: `marks-1-${business.id}`,
        text: first,
        competitors: JSON.stringify([{ name: 'Rival Pipes', position: 1, known: false }]),
        highlights: JSON.stringify([{ start: 3, end: 14, kind: 'competitor' }]),
        askedAt: new Date(Date.UTC(2026, 10, 17)),
      },
    });
    // Recorded with the name counted but no mark (as older answers were).
    await db.trackingAnswer.create({
      data: {
        ...base,
        runKey: `marks-2-${business.id}`,
        text: second,
        competitors: JSON.stringify([{ name: 'Rival Pipes', position: 1, known: false }]),
        highlights: '[]',
        askedAt: new Date(Date.UTC(2026, 10, 18)),
      },
    });
    const page = await listAnswers(owner, business.id);
    const marked = (text: string) =>
      page.items.find((item) => item.text === text)!.matches.map((m) => text.slice(m.start, m.end));
    expect(marked(first)).toEqual(['Rival Pipes', 'Rival Pipes', 'Known Rival']);
    expect(marked(second)).toEqual(['Rival Pipes', 'Known Rival']);
  });
});
