import { describe, expect, it, vi } from 'vitest';

// One real engine configured (its key only: nothing here calls it), one sample a round.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-retention';
  process.env.TRACKING_SAMPLES = '1';
});

import { deleteExpiredRows, retentionStart } from '~/domain/retention.server';
import { readAnswer } from '~/domain/tracking/reading/reader';
import { storeAnswer } from '~/domain/tracking/rounds/runs.server';
import { visibilityFor } from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { DEVICE_COOKIE_DAYS } from '~/domain/auth-throttle.server';
import { loader as visibilityApi } from '~/routes/api.businesses.$id.visibility';
import { args, createUser, jsonRequest, run, sessionCookieFor } from './helpers';

// The retention job (app/domain/retention.server.ts) on this run's database (SQLite, or
// PostgreSQL with TEST_DATABASE=postgresql): raw answers older than
// TRACKING_ANSWER_RETENTION_DAYS go, in batches, and every figure stays, because the figures are
// read from the per-day counts; access logs, sign-in attempts and ended sign-ins older than
// ACCESS_LOG_RETENTION_DAYS go, live sign-ins stay.

const DAY = 86_400_000;
const NAME = 'Lone Star Plumbing';

let keys = 0;
async function answer(
  business: { id: string; name: string; website: string | null; location: string | null },
  promptId: string,
  text: string,
  askedAt: Date,
) {
  keys += 1;
  const sources = [{ url: 'https://lonestarplumbing.example/', title: 'Home', cited: true }];
  await storeAnswer(
    {
      runKey: `retention-${keys}`,
      businessId: business.id,
      promptId,
      prompt: 'Who is the best plumber in Austin?',
      engine: 'chatgpt',
      sample: 1,
      periodKind: 'week',
      model: 'gpt-test',
      text,
      sources,
      reading: readAnswer({ text, sources, business, competitors: ['Capitol Plumbing'] }),
      usage: { inputTokens: 10, outputTokens: 20 },
      costUsd: 0,
      latencyMs: 5,
      attempts: 1,
      website: business.website,
    },
    askedAt,
  );
}

describe('retention', () => {
  it('deletes answers past the window in batches, and a year-long trend (and every figure) still shows', async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'diy' } });
    const owner = { ...user, subscriptionStatus: 'diy' };
    const business = await db.business.create({
      data: {
        userId: user.id,
        name: NAME,
        location: 'Austin, TX',
        website: 'https://lonestarplumbing.example',
      },
    });
    const prompt = await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'Who is the best plumber in Austin?' },
    });
    await db.competitor.create({
      data: { businessId: business.id, name: 'Capitol Plumbing', key: 'capitol plumbing' },
    });
    // A year of weekly rounds: named in two weeks of three, a competitor in every one.
    const now = new Date();
    for (let week = 52; week >= 0; week -= 1) {
      const text =
        week % 3 === 0
          ? 'Capitol Plumbing is a good choice in Austin.'
          : `${NAME} is the best plumber in Austin; Capitol Plumbing is another.`;
      await answer(business, prompt.id, text, new Date(now.getTime() - week * 7 * DAY - 3_600_000));
    }

    const { token } = await sessionCookieFor(user.id);
    const api = async () => {
      const answer = await run(() =>
        visibilityApi(
          args(
            jsonRequest(`/api/businesses/${business.id}/visibility?periods=53`, {
              headers: { Authorization: `Bearer ${token}` },
            }),
            { id: business.id },
          ),
        ),
      );
      expect(answer.status).toBe(200);
      return answer.data as { periods: { start: string; samples: number; mentioned: number }[] };
    };
    const before = { api: await api(), page: await visibilityFor(owner, business.id, now) };
    expect(before.api.periods).toHaveLength(53);
    expect(before.api.periods.filter((p) => p.samples > 0).length).toBeGreaterThanOrEqual(52);

    const cut = retentionStart(now, env.TRACKING_ANSWER_RETENTION_DAYS);
    const old = await db.trackingAnswer.count({
      where: { businessId: business.id, askedAt: { lt: cut } },
    });
    expect(old).toBeGreaterThan(35);
    const done = await deleteExpiredRows({ now, batch: 10, pauseMs: 0 });
    expect(done.trackingAnswers).toBe(old);
    expect(done.batches).toBeGreaterThanOrEqual(Math.ceil(old / 10));
    expect(await db.trackingAnswer.count({ where: { askedAt: { lt: cut } } })).toBe(0);
    expect(await db.trackingAnswer.count({ where: { businessId: business.id } })).toBe(53 - old);

    // Every figure the API and the page show is what it was, the year-long trend included.
    const after = { api: await api(), page: await visibilityFor(owner, business.id, now) };
    expect(after.api).toEqual(before.api);
    expect(after.page).toEqual(before.page);
    const yearAgo = after.api.periods[1]!;
    expect(yearAgo.samples).toBe(1);

    // The answers' list holds the answers kept, and counts them alone.
    const list = await listAnswers(owner, business.id, { perPage: 50 });
    expect(list.total).toBe(53 - old);
    expect(list.items).toHaveLength(53 - old);

    // Run again: nothing left to delete.
    expect((await deleteExpiredRows({ now, pauseMs: 0 })).trackingAnswers).toBe(0);
  }, 45_000); // 53 weekly rounds stored one by one: seconds on a machine the journeys share

  it('the JSON API refuses a trend longer than a year', async () => {
    const user = await createUser();
    const { token } = await sessionCookieFor(user.id);
    const business = await db.business.create({ data: { userId: user.id, name: NAME } });
    for (const periods of ['0', '367', 'abc', '1.5']) {
      const answer = await run(() =>
        visibilityApi(
          args(
            jsonRequest(`/api/businesses/${business.id}/visibility?periods=${periods}`, {
              headers: { Authorization: `Bearer ${token}` },
            }),
            { id: business.id },
          ),
        ),
      );
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ message: 'periods must be a whole number from 1 to 366' });
    }
  });

  it('deletes access logs, sign-in attempts and ended sign-ins past their window; keeps newer ones and live sign-ins', async () => {
    const now = new Date();
    const user = await createUser();
    const old = new Date(now.getTime() - (env.ACCESS_LOG_RETENTION_DAYS + 2) * DAY);
    const recent = new Date(now.getTime() - 10 * DAY);
    await db.accessLog.createMany({
      data: [
        ...Array.from({ length: 25 }, () => ({
          userId: user.id,
          accessType: 'premium_gpt',
          accessTime: old,
          wasAllowed: true,
        })),
        { userId: user.id, accessType: 'premium_gpt', accessTime: recent, wasAllowed: true },
      ],
    });
    await db.authAttempt.createMany({
      data: [
        ...Array.from({ length: 12 }, () => ({
          kind: 'login',
          email: user.email,
          succeeded: false,
          createdAt: old,
        })),
        { kind: 'login', email: user.email, succeeded: true, createdAt: recent },
      ],
    });
    await db.session.createMany({
      data: [
        // Ended long ago: goes.
        {
          id: `old-ended-${user.id}`,
          userId: user.id,
          createdAt: old,
          expiresAt: old,
          endedAt: old,
        },
        // Began long ago and still live (a very long TTL): stays.
        {
          id: `old-live-${user.id}`,
          userId: user.id,
          createdAt: old,
          expiresAt: new Date(now.getTime() + DAY),
        },
        { id: `recent-${user.id}`, userId: user.id, createdAt: recent, expiresAt: recent },
      ],
    });
    const done = await deleteExpiredRows({ now, batch: 10, pauseMs: 0 });
    expect(done).toMatchObject({ accessLogs: 25, authAttempts: 12, sessions: 1 });
    expect(await db.accessLog.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.authAttempt.count({ where: { email: user.email } })).toBe(1);
    expect(
      (await db.session.findMany({ where: { userId: user.id }, select: { id: true } }))
        .map((row) => row.id)
        .sort(),
    ).toEqual([`old-live-${user.id}`, `recent-${user.id}`].sort());
  });

  it('deletes the crawler log lines seen past the answers window, in batches; keeps newer ones', async () => {
    const now = new Date();
    const user = await createUser();
    const business = await db.business.create({ data: { userId: user.id, name: 'Seen Lines' } });
    const recent = retentionStart(now, 3);
    const fingerprints = (label: string) => label.padEnd(22, '-').repeat(2);
    // 23 days past the window (three batches of 10), one within it.
    await db.crawlerDaySeen.createMany({
      data: [
        ...Array.from({ length: 23 }, (_, i) => ({
          businessId: business.id,
          day: retentionStart(now, env.TRACKING_ANSWER_RETENTION_DAYS + 1 + i),
          hashes: fingerprints(`old${i}`),
          count: 2,
        })),
        { businessId: business.id, day: recent, hashes: fingerprints('recent'), count: 2 },
      ],
    });
    const done = await deleteExpiredRows({ now, batch: 10, pauseMs: 0 });
    expect(done.crawlerDaysSeen).toBeGreaterThanOrEqual(23);
    const left = await db.crawlerDaySeen.findMany({ where: { businessId: business.id } });
    expect(left.map((row) => [row.day.toISOString(), row.hashes, row.count])).toEqual([
      [recent.toISOString(), fingerprints('recent'), 2],
    ]);
  });

  it('deletes device-cookie nonces older than the cookie, in batches; keeps the ones a browser may still send', async () => {
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    const account = `retention-${now.getTime()}`;
    await db.deviceNonce.createMany({
      data: [
        ...Array.from({ length: 13 }, (_, i) => ({
          nonce: `${account}-old-${i}`,
          account,
          createdAt: new Date(now.getTime() - (DEVICE_COOKIE_DAYS + 1 + i) * day),
        })),
        {
          nonce: `${account}-live`,
          account,
          createdAt: new Date(now.getTime() - (DEVICE_COOKIE_DAYS - 1) * day),
        },
      ],
    });
    const done = await deleteExpiredRows({ now, batch: 5, pauseMs: 0 });
    expect(done.deviceNonces).toBe(13);
    const left = await db.deviceNonce.findMany({ where: { account } });
    expect(left.map((row) => row.nonce)).toEqual([`${account}-live`]);
  });
});
