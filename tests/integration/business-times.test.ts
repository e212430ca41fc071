import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// One real engine configured (its key only: nothing here calls it); the schedule on.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-business-times';
  process.env.TRACKING_SCHEDULER = 'true';
  process.env.TRACKING_SCHEDULE_CRON = '10 * * * *';
  process.env.TRACKING_ROUND_SPREAD_MINUTES = '60';
});

import { readAnswer } from '~/domain/tracking/reading/reader';
import { storeAnswer } from '~/domain/tracking/rounds/runs.server';
import { db } from '~/lib/db.server';
import * as auditPage from '~/routes/dashboard_.businesses.$id.audit/route';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import { args, BASE, createUser, run, sessionCookieFor } from './helpers';

// Issue 44, item 9: the times an owner reads about a business are in the business's own time zone
// (from its location), and say which; where its location tells none, they say UTC. The page is
// rendered on the server from its real loader, as a browser without JavaScript gets it.

async function owner(location: string | null, tier = 'diy') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: tier } });
  const { cookie } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: 'Prairie Plumbing',
      industry: 'Plumbing',
      location,
      website: 'https://prairie-plumbing.example',
      prompts: { create: { text: 'best plumber in Springfield' } },
    },
  });
  return { business, cookie };
}

/** The page's HTML, rendered with the data its loader gives this owner. */
async function render(
  route: typeof page | typeof auditPage,
  kind: 'visibility' | 'audit',
  id: string,
  cookie: string,
  raw = false,
): Promise<string> {
  const path = `/dashboard/businesses/${id}/${kind}`;
  const result = (await run(() =>
    route.loader(args(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }), { id })),
  )) as { status: number; data: unknown };
  expect(result.status).toBe(200);
  const Stub = createRoutesStub([
    { id: 'page', path: '/dashboard/businesses/:id/' + kind, Component: route.default },
  ]);
  // The stub's memory router warns that its layout effects do nothing on the server.
  const log = console.error;
  const quiet = vi.spyOn(console, 'error').mockImplementation((...message: unknown[]) => {
    if (!String(message[0]).includes('useLayoutEffect does nothing on the server')) log(...message);
  });
  let html: string;
  try {
    html = renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { page: result.data } },
      }),
    );
  } finally {
    quiet.mockRestore();
  }
  if (raw) return html;
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('times on a business’s pages', () => {
  it('an Illinois business’s visibility page shows its next round in Central Time', async () => {
    const { business, cookie } = await owner('Springfield, IL');
    const text = await render(page, 'visibility', business.id, cookie);
    expect(text).toMatch(
      /The next scheduled round starts around [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M Central Time\./,
    );
    expect(text).toContain(
      'Times on this page are in Central Time, the time zone of Springfield, IL.',
    );
    expect(text).not.toMatch(/\d [AP]M UTC/);
  });

  it('the hour is Chicago’s: the round’s UTC moment written six hours earlier in November', async () => {
    const { business, cookie } = await owner('Springfield, IL');
    const result = (await run(() =>
      page.loader(
        args(
          new Request(`${BASE}/dashboard/businesses/${business.id}/visibility`, {
            headers: { Cookie: cookie },
          }),
          { id: business.id },
        ),
      ),
    )) as { data: { nextRound: string | null } };
    const next = new Date(result.data.nextRound!);
    const text = await render(page, 'visibility', business.id, cookie);
    const chicago = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Chicago',
    }).format(next);
    expect(text).toContain(`${chicago} Central Time.`);
  });

  it('a business whose location tells no zone: its times say UTC, and why', async () => {
    const { business, cookie } = await owner(null);
    const text = await render(page, 'visibility', business.id, cookie);
    expect(text).toMatch(/The next scheduled round starts around .* \d{1,2}:\d{2} [AP]M UTC\./);
    expect(text).toContain(
      "Times on this page are in UTC: the business's location does not tell its time zone.",
    );
  });

  it('a Free plan has no scheduled round to show', async () => {
    const { business, cookie } = await owner('Springfield, IL', 'free');
    const text = await render(page, 'visibility', business.id, cookie);
    expect(text).not.toContain('The next scheduled round');
  });

  it('the audit page says its check time in the business’s zone', async () => {
    const { business, cookie } = await owner('Leeds, UK');
    await db.audit.create({
      data: {
        businessId: business.id,
        userId: business.userId,
        url: 'https://prairie-plumbing.example/',
        score: 70,
        signals: '[]',
        fixes: '[]',
        durationMs: 100,
        version: 2,
        createdAt: new Date('2026-07-01T12:00:00Z'),
        trigger: 'owner',
      },
    });
    const text = await render(auditPage, 'audit', business.id, cookie);
    // 12:00 UTC in July is 1:00 PM in Leeds (summer time).
    expect(text).toContain('Checked Jul 1, 2026, 1:00 PM United Kingdom Time');
    expect(text).toContain(
      'Times on this page are in United Kingdom Time, the time zone of Leeds, UK.',
    );
  });
});

describe('plain words on the visibility page (issue 44, item 7)', () => {
  it('says how sentences are labelled and how positions spread in plain words; the technical names only behind "How the labels are made"', async () => {
    const { business, cookie } = await owner('Springfield, IL');
    const prompt = await db.trackedPrompt.findFirstOrThrow({ where: { businessId: business.id } });
    const texts = [
      '1. Prairie Plumbing is reliable and friendly. 2. Capital Pipes.',
      '1. Capital Pipes. 2. Rivet Rooter. 3. Prairie Plumbing is great.',
      '1. Capital Pipes. 2. Prairie Plumbing.',
    ];
    for (const [index, text] of texts.entries()) {
      await storeAnswer(
        {
          runKey: `plain-${index}`,
          businessId: business.id,
          promptId: prompt.id,
          prompt: prompt.text,
          engine: 'chatgpt',
          sample: index + 1,
          periodKind: 'week',
          model: 'gpt-test',
          text,
          sources: [],
          reading: readAnswer({ text, sources: [], business, competitors: [] }),
          usage: { inputTokens: 10, outputTokens: 20 },
          costUsd: 0,
          latencyMs: 5,
          attempts: 1,
          website: business.website,
        },
        new Date(),
      );
    }
    const html = await render(page, 'visibility', business.id, cookie, true);
    const outsideDetails = html.replace(/<details[\s\S]*?<\/details>/g, '');
    const words = outsideDetails
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    expect(words).toContain('The labels are right about four times in five');
    expect(words).toMatch(/your place moves by about \d+ places? from one answer to the next/);
    expect(words).toContain('(labelled by our list of positive and negative words)');
    for (const jargon of ['extraction model', 'labeller', '±', 'positions vary', 'API answers']) {
      expect(words, jargon).not.toContain(jargon);
    }
    // The technical names are still there for whoever wants them, behind a disclosure.
    const method = /<details[^>]*data-testid="sentiment-method"[\s\S]*?<\/details>/.exec(html)?.[0];
    expect(method).toContain('How the labels are made');
    expect(method).toContain('the word-list labeller');
  });
});
