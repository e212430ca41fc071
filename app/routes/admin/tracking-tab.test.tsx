import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EngineSpendView, TrackingOverview } from '~/domain/tracking/reports/admin.server';
import { TrackingTab } from './tracking-tab';

// What the Tracking tab says about the budget and the engines (the data comes from
// getTrackingOverview, tested in tests/integration/admin-tracking.test.ts).

function engine(overrides: Partial<EngineSpendView>): EngineSpendView {
  return {
    engine: 'chatgpt',
    name: 'ChatGPT',
    configured: true,
    model: 'gpt-5-mini',
    priced: true,
    calls: 0,
    failures: 0,
    skipped: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    lastError: null,
    lastErrorAt: null,
    ...overrides,
  };
}

function render(overview: Partial<TrackingOverview>) {
  const full: TrackingOverview = {
    budget: { month: '2026-11', spentUsd: 12.5, budgetUsd: 50, paused: false },
    engines: [],
    queues: [],
    businesses: { items: [], page: 1, limit: 20, total: 0, pageCount: 1 },
    simulated: false,
    ...overview,
  };
  // Text only: the words a reader sees, tags and entities aside.
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/admin?tab=tracking']}>
      <TrackingTab overview={full} />
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('TrackingTab', () => {
  it('labels the businesses’ rates from simulated answers before the numbers', () => {
    const row = {
      businessId: 'b1',
      name: 'Lone Star Plumbing',
      ownerEmail: 'ada@example.com',
      answers: 12,
      mentioned: 4,
      cited: 3,
      mentionRate: 4 / 12,
      citationRate: 3 / 12,
      lastAskedAt: null,
    };
    const businesses = { items: [row], page: 1, limit: 20, total: 1, pageCount: 1 };
    const simulated = render({ businesses, simulated: true });
    expect(simulated).toContain('Mention rate (simulated answers)');
    expect(simulated).toContain('Citation rate (simulated answers)');
    expect(simulated.indexOf('Mention rate (simulated answers)')).toBeLessThan(
      simulated.indexOf('33%'),
    );
    expect(render({ businesses, simulated: false })).not.toContain('simulated');
  });

  it('heads the queues table Queue, Waiting, Running, Failed, over each queue’s counts', () => {
    const text = render({
      queues: [{ queue: 'tracking-round', waiting: 3, running: 1, failed: 2 }],
    });
    expect(text).toContain(
      ' Queue Waiting Running Failed Tracking: one round of a business tracking-round 3 1 2 ',
    );
  });

  it('says spend against the budget, and no pause below it', () => {
    const text = render({ engines: [engine({ calls: 40, costUsd: 12.5 })] });
    expect(text).toContain('Spent $12.50 of the $50.00 monthly budget (25%).');
    expect(text).not.toContain('Paused');
  });

  it('says tracking is paused at the budget and how to raise it', () => {
    const text = render({
      budget: { month: '2026-11', spentUsd: 50.2, budgetUsd: 50, paused: true },
    });
    expect(text).toContain("Paused: this month's spend reached the budget");
    expect(text).toContain('raise TRACKING_MONTHLY_BUDGET_USD');
  });

  it('warns of an engine whose model has no price, and shows the last failure', () => {
    const text = render({
      engines: [
        engine({}),
        engine({
          engine: 'compatible',
          name: 'House model',
          model: 'house-1',
          priced: false,
          failures: 2,
          lastError: 'Timed out after 90 s',
          lastErrorAt: '2026-11-20T10:00:00.000Z',
        }),
      ],
    });
    expect(text).toContain('House model: the model house-1 has no price');
    expect(text).not.toContain('ChatGPT: the model');
    expect(text).toContain('House model: 2 failed calls');
    expect(text).toContain('Timed out after 90 s');
  });
});
