import { describe, expect, it } from 'vitest';
import { exportAccountData } from '~/domain/account.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// "Download my data" includes what visibility tracking keeps (issue 44, item 10): each business's
// tracked questions and competitors, every kept answer and the per-period figures; and an
// unreachable audit has no score (null), as its page says "No score".

type Exported = {
  businesses: {
    id: string;
    name: string;
    aiReadinessAudits: { score: number | null; outcome: string }[];
    trackedQuestions: { text: string; lastAskedAt: string | null }[];
    competitors: { name: string; website: string | null }[];
  }[];
  signIns: unknown[];
  visibilityAnswers: {
    businessId: string;
    question: string;
    assistant: string;
    text: string;
    mentioned: boolean;
    position: number | null;
    otherBusinessesNamed: { name: string; position: number | null }[];
    pages: { url: string }[];
  }[];
  visibilityFigures: {
    businessId: string;
    assistant: string;
    period: string;
    answers: number;
    mentioned: number;
    averagePosition: number | null;
  }[];
};

async function exported(userId: string): Promise<Exported> {
  let text = '';
  for await (const piece of await exportAccountData(userId)) text += piece;
  return JSON.parse(text) as Exported;
}

const period = new Date(Date.UTC(2026, 10, 16));

function answers(businessId: string, count: number, tag: string) {
  return Array.from({ length: count }, (_, i) => ({
    runKey: `${tag}-${businessId}-${i}`,
    businessId,
    prompt: 'best plumber in raleigh',
    engine: i % 2 ? 'chatgpt' : 'perplexity',
    model: 'test-model',
    period,
    periodKind: 'week',
    sample: i,
    status: 'answered',
    text: `Answer ${i}: Okafor Plumbing and Rival Pipes.`,
    sources: JSON.stringify([{ url: 'https://okafor.example/', title: 'Okafor', cited: true }]),
    mentioned: true,
    position: 1,
    competitors: JSON.stringify([{ name: 'Rival Pipes', position: 2, known: true }]),
    askedAt: new Date(period.getTime() + i * 1000),
  }));
}

describe('"Download my data" with tracking', () => {
  it('has each business’s questions and competitors, every answer in batches, and the figures', async () => {
    const user = await createUser();
    const stranger = await createUser();
    const tag = `export${Date.now()}`;
    const first = await db.business.create({ data: { userId: user.id, name: 'Okafor Plumbing' } });
    const second = await db.business.create({ data: { userId: user.id, name: 'Okafor Heating' } });
    const theirs = await db.business.create({ data: { userId: stranger.id, name: 'Not Yours' } });
    await db.trackedPrompt.create({
      data: { businessId: first.id, text: 'best plumber in raleigh', lastAskedAt: period },
    });
    await db.trackedPrompt.create({ data: { businessId: theirs.id, text: 'secret question' } });
    await db.competitor.create({
      data: {
        businessId: first.id,
        name: 'Rival Pipes',
        key: 'rival pipes',
        website: 'https://rival.example',
      },
    });
    // More answers than one batch (500), over two businesses, and someone else's.
    await db.trackingAnswer.createMany({ data: answers(first.id, 520, tag) });
    await db.trackingAnswer.createMany({ data: answers(second.id, 3, tag) });
    await db.trackingAnswer.createMany({ data: answers(theirs.id, 2, tag) });
    await db.trackingStat.createMany({
      data: [
        {
          businessId: first.id,
          engine: 'chatgpt',
          period,
          periodKind: 'week',
          samples: 260,
          mentioned: 200,
          cited: 50,
          positionSum: 300,
          positionCount: 200,
        },
        {
          businessId: first.id,
          engine: 'perplexity',
          period,
          periodKind: 'week',
          samples: 260,
          mentioned: 0,
          positionSum: 0,
          positionCount: 0,
        },
        {
          businessId: theirs.id,
          engine: 'chatgpt',
          period,
          periodKind: 'week',
          samples: 2,
          mentioned: 2,
        },
      ],
    });

    const data = await exported(user.id);
    const okafor = data.businesses.find((b) => b.id === first.id)!;
    expect(okafor.trackedQuestions).toEqual([
      expect.objectContaining({
        text: 'best plumber in raleigh',
        lastAskedAt: period.toISOString(),
      }),
    ]);
    expect(okafor.competitors).toEqual([
      expect.objectContaining({ name: 'Rival Pipes', website: 'https://rival.example' }),
    ]);
    expect(data.businesses.find((b) => b.id === second.id)).toMatchObject({
      trackedQuestions: [],
      competitors: [],
    });

    expect(data.visibilityAnswers).toHaveLength(523);
    expect(new Set(data.visibilityAnswers.map((a) => a.text + a.businessId)).size).toBe(523);
    expect(data.visibilityAnswers.every((a) => a.businessId !== theirs.id)).toBe(true);
    expect(data.visibilityAnswers[0]).toMatchObject({
      question: 'best plumber in raleigh',
      mentioned: true,
      position: 1,
      otherBusinessesNamed: [{ name: 'Rival Pipes', position: 2 }],
      pages: [expect.objectContaining({ url: 'https://okafor.example/' })],
    });

    expect(data.visibilityFigures).toEqual([
      expect.objectContaining({
        businessId: first.id,
        assistant: 'chatgpt',
        period: '2026-11-16',
        answers: 260,
        mentioned: 200,
        averagePosition: 1.5,
      }),
      expect.objectContaining({
        businessId: first.id,
        assistant: 'perplexity',
        answers: 260,
        mentioned: 0,
        averagePosition: null,
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain('secret question');
  });

  it('exports an unreachable audit with no score (null), a complete one with its score', async () => {
    const user = await createUser();
    const business = await db.business.create({ data: { userId: user.id, name: 'Down Site' } });
    const audit = (outcome: string, score: number, at: number) =>
      db.audit.create({
        data: {
          businessId: business.id,
          userId: user.id,
          trigger: 'owner',
          url: 'https://down.example/',
          score,
          signals: '[]',
          fixes: '[]',
          durationMs: 10,
          outcome,
          createdAt: new Date(Date.UTC(2026, 10, at)),
        },
      });
    await audit('unreachable', 0, 1);
    await audit('complete', 72, 2);
    const data = await exported(user.id);
    expect(data.businesses[0]!.aiReadinessAudits).toEqual([
      expect.objectContaining({ outcome: 'unreachable', score: null }),
      expect.objectContaining({ outcome: 'complete', score: 72 }),
    ]);
  });
});
