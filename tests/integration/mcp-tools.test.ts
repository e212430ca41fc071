import { describe, expect, it, vi } from 'vitest';

// The Demo assistant's answers are the figures read (as in `npm run demo`).
vi.hoisted(() => {
  process.env.DEMO_TRACKING = 'true';
});

import { seedDemoHistory } from '~/domain/tracking/rounds/demo-history.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';
import { connected } from './mcp-helpers';

// The MCP tools' figures, in process (the protocol itself is tested from outside in
// tests/e2e/mcp.spec.ts): get_visibility adds up the per-day counts over exactly the days asked,
// and the tools answer with the domain's refusals.

const DAY = 86_400_000;

function parsed(result: unknown) {
  const { content, isError } = result as { content: { text: string }[]; isError?: boolean };
  expect(isError, content[0]?.text).toBeFalsy();
  return JSON.parse(content[0]!.text) as Record<string, unknown>;
}

describe('get_visibility over a chosen range', () => {
  it('counts the answers of exactly those days, per engine and overall, with intervals', async () => {
    const owner = await createUser();
    await db.user.update({ where: { id: owner.id }, data: { subscriptionStatus: 'growth' } });
    const business = await db.business.create({
      data: {
        userId: owner.id,
        name: 'Harbor Dental',
        industry: 'Dentistry',
        location: 'Tampa, FL',
      },
    });
    await db.trackedPrompt.createMany({
      data: [
        { businessId: business.id, text: 'best dentist in Tampa' },
        { businessId: business.id, text: 'emergency dentist Tampa open now' },
      ],
    });
    expect(await seedDemoHistory(business.id, { weeks: 3 })).toBeGreaterThan(0);
    const answers = await db.trackingAnswer.findMany({
      where: { businessId: business.id, status: 'answered' },
      select: { askedAt: true, mentioned: true },
    });
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const days = [...new Set(answers.map((answer) => day(answer.askedAt)))].sort();
    const client = await connected(owner.id);

    const all = parsed(
      await client.callTool({
        name: 'get_visibility',
        arguments: { businessId: business.id, from: days[0], to: days.at(-1) },
      }),
    ) as {
      overall: { answers: number; mentioned: number; mentionRate95: number[] };
      engines: { engine: string; answers: number }[];
    };
    expect(all.overall.answers).toBe(answers.length);
    expect(all.overall.mentioned).toBe(answers.filter((answer) => answer.mentioned).length);
    const [low, high] = all.overall.mentionRate95 as [number, number];
    expect(low).toBeLessThanOrEqual(all.overall.mentioned / all.overall.answers);
    expect(high).toBeGreaterThanOrEqual(all.overall.mentioned / all.overall.answers);
    expect(all.engines.find((engine) => engine.engine === 'demo')?.answers).toBe(answers.length);
    // The Demo assistant's answers are simulated, and the figures say so.
    expect(all).toMatchObject({ simulated: true });

    // A business with no answers is never called real (issue 44): in demo mode (this file) its
    // figures would be the Demo assistant's, so simulated; without it, null (never false).
    const empty = await db.business.create({ data: { userId: owner.id, name: 'No Answers Yet' } });
    expect(
      parsed(
        await client.callTool({ name: 'get_visibility', arguments: { businessId: empty.id } }),
      ),
    ).toMatchObject({ simulated: true, overall: { answers: 0 } });
    expect(all.engines.find((engine) => engine.engine === 'demo')).toMatchObject({
      simulated: true,
    });

    const lastDay = days.at(-1)!;
    const one = parsed(
      await client.callTool({
        name: 'get_visibility',
        arguments: { businessId: business.id, from: lastDay, to: lastDay },
      }),
    ) as { overall: { answers: number } };
    expect(one.overall.answers).toBe(
      answers.filter((answer) => day(answer.askedAt) === lastDay).length,
    );
    expect(one.overall.answers).toBeLessThan(answers.length);

    // The last N days end today.
    const recent = parsed(
      await client.callTool({
        name: 'get_visibility',
        arguments: { businessId: business.id, days: 3 },
      }),
    ) as { from: string; to: string };
    expect(recent.to).toBe(day(new Date()));
    expect(recent.from).toBe(day(new Date(Date.now() - 2 * DAY)));
    await client.close();
  });

  it('answers a refusal of the domain as a tool error with its message', async () => {
    const owner = await createUser();
    const business = await db.business.create({
      data: { userId: owner.id, name: 'No Site Plumbing' },
    });
    const client = await connected(owner.id);
    const audit = await client.callTool({
      name: 'run_audit',
      arguments: { businessId: business.id },
    });
    expect(audit.isError).toBe(true);
    expect(JSON.stringify(audit.content)).toContain('Add your website to this business first');
    const tooLong = await client.callTool({
      name: 'get_visibility',
      arguments: { businessId: business.id, from: '2024-01-01', to: '2026-01-01' },
    });
    expect(tooLong.isError).toBe(true);
    expect(JSON.stringify(tooLong.content)).toContain('at most 366 days');
    await client.close();
  });
});
