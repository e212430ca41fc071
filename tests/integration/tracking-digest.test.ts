import { describe, expect, it } from 'vitest';
import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import { jobEngine } from '~/jobs/engine.server';
import {
  DIGEST_QUEUE,
  digestUnsubscribeToken,
  enqueueDigests,
  sendDigest,
  type DigestJob,
} from '~/domain/tracking/reports/digest.server';
import { normalizeName } from '~/domain/tracking/reading/names';
import { db } from '~/lib/db.server';
import { storedHeaders } from '~/lib/mail.server';
import { action as accountAction, loader as accountLoader } from '~/routes/account/route';
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
  shouldRevalidate as unsubscribeShouldRevalidate,
} from '~/routes/unsubscribe.digest';
import {
  args,
  BASE,
  createUser,
  formRequest,
  nextClientAddress,
  run,
  sessionCookieFor,
} from './helpers';

// The weekly digest: what it says (each engine's rate this week with its sample size and the change
// against the week before, a business the answers named for the first time, a line of an answer),
// to whom (paid plans with answers this week, not those who turned it off), once a week, and its
// one-click unsubscribe link; and the /account setting that turns it on and off.

const DAY = 86_400_000;
/** A Thursday at noon (UTC): its week began Monday 2026-11-16. */
const NOW = new Date('2026-11-19T12:00:00.000Z');
const WEEK = '2026-11-16';

function daysAgo(days: number) {
  return new Date(Date.UTC(2026, 10, 19 - days));
}

async function owner(plan: string, overrides: { expiry?: Date | null; off?: boolean } = {}) {
  const user = await createUser({ firstName: 'Ada' });
  await db.user.update({
    where: { id: user.id },
    data: {
      subscriptionStatus: plan,
      subscriptionExpiry: overrides.expiry ?? null,
      trackingDigestOffAt: overrides.off ? NOW : null,
    },
  });
  return user;
}

async function stat(
  businessId: string,
  engine: string,
  day: Date,
  counts: { samples: number; mentioned: number; cited?: number; retrieved?: number },
) {
  await db.trackingStat.create({
    data: { businessId, engine, period: day, periodKind: 'day', cited: 0, ...counts },
  });
}

async function nameStat(businessId: string, name: string, day: Date, mentions: number) {
  await db.trackingNameStat.create({
    data: {
      businessId,
      engine: 'chatgpt',
      period: day,
      key: normalizeName(name),
      name,
      mentions,
      firstSeen: day,
    },
  });
}

/** A business with this week's and last week's answers of two engines. */
async function trackedBusiness(userId: string, name = 'Bright Pipes Plumbing') {
  const business = await db.business.create({
    data: { userId, name, website: 'https://brightpipes.example', location: 'Leeds' },
  });
  // This week: ChatGPT 3 of 6, Perplexity 1 of 3. The week before: ChatGPT 1 of 6.
  await stat(business.id, 'chatgpt', daysAgo(1), { samples: 3, mentioned: 2 });
  await stat(business.id, 'chatgpt', daysAgo(3), { samples: 3, mentioned: 1, cited: 1 });
  await stat(business.id, 'perplexity', daysAgo(2), { samples: 3, mentioned: 1, retrieved: 2 });
  await stat(business.id, 'chatgpt', daysAgo(9), { samples: 6, mentioned: 1 });
  return business;
}

async function answer(
  businessId: string,
  text: string,
  askedAt: Date,
  mentioned = true,
  highlights: { start: number; end: number; kind: 'business' | 'competitor' }[] = [],
) {
  await db.trackingAnswer.create({
    data: {
      runKey: `${businessId}:${askedAt.toISOString()}:${Math.random()}`,
      businessId,
      prompt: 'best emergency plumber in Leeds',
      engine: 'chatgpt',
      model: 'gpt-test',
      period: askedAt,
      periodKind: 'week',
      sample: 1,
      status: 'answered',
      text,
      sources: '[]',
      mentioned,
      highlights: JSON.stringify(highlights),
      askedAt,
    },
  });
}

async function digestsTo(email: string) {
  return db.outboxMessage.findMany({ where: { to: email, kind: 'tracking-digest' } });
}

/** The digest jobs waiting now (taken off the queue). */
async function queuedJobs() {
  const queued: DigestJob[] = [];
  await jobEngine().drain<DigestJob>(DIGEST_QUEUE, async (job) => {
    queued.push(job);
  });
  return queued;
}

describe('the weekly digest', () => {
  it('reports each engine with its sample size and change, a new competitor and a quoted answer', async () => {
    const user = await owner('starter');
    const business = await trackedBusiness(user.id);
    await db.competitor.create({
      data: { businessId: business.id, name: 'Known Rival', key: normalizeName('Known Rival') },
    });
    // New this week, the most named: Rapid Drains; Old Taps was named three weeks ago already;
    // Known Rival is on the owner's own list.
    await nameStat(business.id, 'Rapid Drains', daysAgo(1), 2);
    await nameStat(business.id, 'Old Taps', daysAgo(1), 5);
    await nameStat(business.id, 'Old Taps', daysAgo(20), 1);
    await nameStat(business.id, 'Known Rival', daysAgo(2), 6);
    await answer(
      business.id,
      'There are several options. For a fast call-out, **Bright Pipes Plumbing** is praised for 24-hour service across Leeds. Rapid Drains is another choice.',
      new Date(NOW.getTime() - 2 * DAY),
    );
    await answer(
      business.id,
      'An older answer that named Bright Pipes Plumbing too.',
      new Date(NOW.getTime() - 5 * DAY),
    );

    expect(await sendDigest({ userId: user.id, week: WEEK }, NOW)).toBe('sent');
    const [mail] = await digestsTo(user.email);
    expect(mail).toBeDefined();
    const { text, html } = mail!;
    expect(mail!.subject).toBe('Your weekly AI visibility digest: November 19, 2026');
    expect(text).toContain('November 13, 2026 to November 19, 2026 (UTC)');
    expect(text).toContain('== Bright Pipes Plumbing ==');
    expect(text).toContain(
      // Issue 32: low samples marked, and a change within noise is "no clear change".
      'All assistants: named in 4 of 9 answers (44%), likely between 19% and 73% (low sample: fewer than 10 answers); no clear change from 17% (1 of 6 answers, low sample: fewer than 10 answers) the week before: the difference is within what chance gives.',
    );
    expect(text).toContain(
      'ChatGPT: named in 3 of 6 answers (50%), likely between 19% and 81% (low sample: fewer than 10 answers); no clear change from 17% (1 of 6 answers, low sample: fewer than 10 answers) the week before: the difference is within what chance gives.',
    );
    expect(text).toContain(
      'Perplexity: named in 1 of 3 answers (33%), likely between 6% and 79% (low sample: fewer than 10 answers); not asked the week before.',
    );
    expect(text.indexOf('ChatGPT:')).toBeLessThan(text.indexOf('Perplexity:'));
    // The site: the answers' own citations apart from pages their search only found.
    expect(text).toContain(
      'Your site: cited in 1 of 9 answers (11%); found by the search but not cited in 2 of 9 answers (22%).',
    );
    expect(html).toContain('Your site: cited in 1 of 9 answers (11%)');
    expect(text).toContain('New this week: Rapid Drains, named in 2 answers and never before.');
    expect(text).not.toContain('Old Taps');
    expect(text).not.toContain('Known Rival');
    expect(text).toContain('ChatGPT, asked “best emergency plumber in Leeds”:');
    expect(text).toContain(
      '> For a fast call-out, Bright Pipes Plumbing is praised for 24-hour service across Leeds.',
    );
    expect(text).not.toContain('An older answer');

    const token = digestUnsubscribeToken(user.id);
    const url = `http://localhost:3000/unsubscribe/digest?token=${encodeURIComponent(token)}`;
    expect(text).toContain(url);
    expect(html).toContain(url.replaceAll('&', '&amp;'));
    expect(html).toContain('<blockquote');
    expect(html).toContain('Rapid Drains');
    expect(storedHeaders(mail!.headers)).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('quotes the sentence where the reader found the name when the answer was stored', async () => {
    const user = await owner('diy');
    const business = await trackedBusiness(user.id);
    const text =
      'Bright Pipes Plumbing has a page. For boilers, Bright Pipes Plumbing is the one locals trust.';
    const start = text.lastIndexOf('Bright Pipes Plumbing');
    await answer(business.id, text, new Date(NOW.getTime() - DAY), true, [
      { start, end: start + 'Bright Pipes Plumbing'.length, kind: 'business' },
    ]);
    await sendDigest({ userId: user.id, week: WEEK }, NOW);
    const [mail] = await digestsTo(user.email);
    expect(mail!.text).toContain('> For boilers, Bright Pipes Plumbing is the one locals trust.');
  });

  it('quotes a clean sentence: running text before a table row, a row with its headers and no pipes', async () => {
    const user = await owner('diy');
    const business = await trackedBusiness(user.id);
    const table = [
      'Here are **top picks** in Leeds:',
      '',
      '| Business | Why people pick it | Rating |',
      '|---|---|---|',
      '| **Bright Pipes Plumbing** | [Fast](https://x.example) call-outs | 4.8 |',
      '| Rapid Drains | Cheap | 4.1 |',
    ].join('\n');
    await answer(business.id, table, new Date(NOW.getTime() - DAY));
    await sendDigest({ userId: user.id, week: WEEK }, NOW);
    const [mail] = await digestsTo(user.email);
    expect(mail!.text).toContain(
      '> Bright Pipes Plumbing — Why people pick it: Fast call-outs; Rating: 4.8.',
    );
    expect(mail!.text).not.toMatch(/\||\*\*|---/);

    // Named in a table and in a sentence: the sentence is quoted.
    const other = await owner('diy');
    const second = await trackedBusiness(other.id);
    const mixed = `${table}\n\n### Our pick\n\n- Many locals say _Bright Pipes Plumbing_ answers at night.`;
    await answer(second.id, mixed, new Date(NOW.getTime() - DAY));
    await sendDigest({ userId: other.id, week: WEEK }, NOW);
    const [quoted] = await digestsTo(other.email);
    expect(quoted!.text).toContain('> Many locals say Bright Pipes Plumbing answers at night.');
  });

  it('calls no competitor new in the first week of answers, and links to the business’s visibility page', async () => {
    const user = await owner('diy');
    const business = await db.business.create({
      data: { userId: user.id, name: 'Fresh Start Cleaning', location: 'Leeds' },
    });
    await stat(business.id, 'chatgpt', daysAgo(1), { samples: 3, mentioned: 1 });
    await nameStat(business.id, 'Sparkle Maids', daysAgo(1), 3);
    await sendDigest({ userId: user.id, week: WEEK }, NOW);
    const [mail] = await digestsTo(user.email);
    expect(mail!.text).not.toContain('New this week');
    expect(mail!.text).not.toContain('never before');
    const page = `http://localhost:3000/dashboard/businesses/${business.id}/visibility`;
    expect(mail!.text).toContain(`Every figure and answer for Fresh Start Cleaning:\n${page}`);
    expect(mail!.html).toContain(`href="${page}"`);
    expect(mail!.text).not.toContain('Every answer is in your dashboard');
  });

  it('shows the first 20 businesses by name and says how many more there are', async () => {
    const user = await owner('growth');
    for (let i = 1; i <= 22; i += 1) {
      const business = await db.business.create({
        data: { userId: user.id, name: `Shop ${String(i).padStart(2, '0')}` },
      });
      await stat(business.id, 'chatgpt', daysAgo(1), { samples: 1, mentioned: 0 });
    }
    // No answers this week: not counted.
    const quiet = await db.business.create({ data: { userId: user.id, name: 'Quiet Shop' } });
    await stat(quiet.id, 'chatgpt', daysAgo(10), { samples: 1, mentioned: 1 });

    await sendDigest({ userId: user.id, week: WEEK }, NOW);
    const [mail] = await digestsTo(user.email);
    expect(mail!.text).toContain('== Shop 20 ==');
    expect(mail!.text).not.toContain('== Shop 21 ==');
    expect(mail!.text).not.toContain('Quiet Shop');
    expect(mail!.text).toContain('And 2 more businesses: see them all in your dashboard.');
    expect(mail!.text).toContain('No answer named it this week.');
  });

  it('is queued once a week for paid plans with answers, and sent once', async () => {
    const paid = await owner('diy');
    await trackedBusiness(paid.id);
    const free = await owner('free');
    await trackedBusiness(free.id);
    const off = await owner('authority', { off: true });
    await trackedBusiness(off.id);
    const lapsed = await owner('growth', { expiry: new Date(NOW.getTime() - DAY) });
    await trackedBusiness(lapsed.id);
    const quiet = await owner('starter');
    const old = await db.business.create({ data: { userId: quiet.id, name: 'Old news' } });
    await stat(old.id, 'chatgpt', daysAgo(8), { samples: 3, mentioned: 3 });

    // Pages of two owners: the cursor walks past every page.
    await enqueueDigests({ now: NOW, batch: 2 });
    // The scan again, hours later: every owner's job of the week is queued already.
    expect(await enqueueDigests({ now: new Date(NOW.getTime() + 3 * 3_600_000) })).toBe(0);
    const ours = [paid, free, off, lapsed, quiet].map((user) => user.id);
    const jobs = (await queuedJobs()).filter((job) => ours.includes(job.userId));
    expect(jobs).toEqual([{ userId: paid.id, week: WEEK }]);
    for (const job of jobs) expect(await sendDigest(job, NOW)).toBe('sent');
    expect(await digestsTo(paid.email)).toHaveLength(1);
    for (const user of [free, off, lapsed, quiet]) expect(await digestsTo(user.email)).toEqual([]);

    // A job run again (a retry after its message was stored) sends nothing more.
    expect(await sendDigest({ userId: paid.id, week: WEEK }, NOW)).toBe('sent-already');
    expect(await digestsTo(paid.email)).toHaveLength(1);

    // Next week's scan queues the next one.
    const business = await db.business.findFirstOrThrow({ where: { userId: paid.id } });
    await stat(business.id, 'claude', new Date(Date.UTC(2026, 10, 25)), {
      samples: 1,
      mentioned: 1,
    });
    await enqueueDigests({ now: new Date(NOW.getTime() + 7 * DAY) });
    expect((await queuedJobs()).filter((job) => job.userId === paid.id)).toEqual([
      { userId: paid.id, week: '2026-11-23' },
    ]);
  });

  it('sends nothing to an owner who turned it off or left the paid plans after the scan', async () => {
    const user = await owner('diy');
    await trackedBusiness(user.id);
    await db.user.update({ where: { id: user.id }, data: { trackingDigestOffAt: NOW } });
    expect(await sendDigest({ userId: user.id, week: WEEK }, NOW)).toBe('off');
    await db.user.update({
      where: { id: user.id },
      data: { trackingDigestOffAt: null, subscriptionStatus: 'free' },
    });
    expect(await sendDigest({ userId: user.id, week: WEEK }, NOW)).toBe('no-plan');
    expect(await digestsTo(user.email)).toEqual([]);
  });
});

describe('/unsubscribe/digest', () => {
  const url = (token: string) => `${BASE}/unsubscribe/digest?${new URLSearchParams({ token })}`;
  const offAt = async (id: string) =>
    (await db.user.findUniqueOrThrow({ where: { id } })).trackingDigestOffAt;

  it('shows a button, and a one-click POST with no session turns the digest off', async () => {
    const user = await owner('diy');
    const token = digestUnsubscribeToken(user.id);
    const page = await run(() => unsubscribeLoader(args(new Request(url(token)))));
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ token, valid: true });
    expect(await offAt(user.id)).toBeNull();

    // RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` to the link, no cookie.
    const request = new Request(url(token), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    const res = await run(() => unsubscribeAction(args(request)));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      done: true,
      message: 'You will no longer receive the weekly digest',
    });
    expect(await offAt(user.id)).toBeInstanceOf(Date);

    // The scan now leaves them out.
    await trackedBusiness(user.id);
    await enqueueDigests({ now: NOW });
    expect((await queuedJobs()).filter((job) => job.userId === user.id)).toEqual([]);
  });

  it("the page's own form (no JavaScript) unsubscribes with the token it carries", async () => {
    const user = await owner('growth');
    const token = digestUnsubscribeToken(user.id);
    const res = await run(() =>
      unsubscribeAction(args(formRequest('/unsubscribe/digest', { token }))),
    );
    expect(res.status).toBe(200);
    expect(await offAt(user.id)).toBeInstanceOf(Date);
  });

  it('a POST with the token in the body (not the address) answers 200, and the page does not check the address again', async () => {
    const user = await owner('starter');
    const token = digestUnsubscribeToken(user.id);
    // As the server renders a document POST: the action, then the page's loader, one status.
    const page = createStaticHandler([
      {
        id: 'unsubscribe',
        path: '/unsubscribe/digest',
        loader: unsubscribeLoader,
        action: unsubscribeAction,
      },
    ]);
    const context = (await page.query(
      formRequest('/unsubscribe/digest', { token }),
    )) as StaticHandlerContext;
    expect(context.statusCode).toBe(200);
    expect(context.actionData?.unsubscribe).toMatchObject({
      done: true,
      message: 'You will no longer receive the weekly digest',
    });
    expect(await offAt(user.id)).toBeInstanceOf(Date);
    // With JavaScript the loader is not fetched again after the action.
    const after = unsubscribeShouldRevalidate({
      currentUrl: new URL(`${BASE}/unsubscribe/digest`),
      currentParams: {},
      nextUrl: new URL(`${BASE}/unsubscribe/digest`),
      nextParams: {},
      formMethod: 'POST',
      formAction: '/unsubscribe/digest',
      actionResult: context.actionData?.unsubscribe,
      defaultShouldRevalidate: true,
    });
    expect(after).toBe(false);

    // A bad token in the body is still 400.
    const forged = (await page.query(
      formRequest('/unsubscribe/digest', { token: `${user.id}.AAAA` }),
    )) as StaticHandlerContext;
    expect(forged.statusCode).toBe(400);
  });

  it('refuses a forged or altered token with 400 and changes nothing', async () => {
    const user = await owner('diy');
    const victim = await owner('diy');
    const mine = digestUnsubscribeToken(user.id);
    const forged = [
      `${victim.id}.${mine.split('.')[1]}`,
      `${victim.id}.AAAA`,
      victim.id,
      '',
      `${mine}x`,
    ];
    for (const token of forged) {
      const page = await run(() => unsubscribeLoader(args(new Request(url(token)))));
      expect(page.status).toBe(400);
      const res = await run(() =>
        unsubscribeAction(
          args(
            new Request(url(token), {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: 'List-Unsubscribe=One-Click',
            }),
          ),
        ),
      );
      expect(res.status).toBe(400);
    }
    expect(await offAt(victim.id)).toBeNull();
    expect(await offAt(user.id)).toBeNull();
  });
});

describe('/account: the weekly digest setting', () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    run(() =>
      accountAction(
        args(
          formRequest('/account', fields, {
            Cookie: cookie,
            'X-Forwarded-For': nextClientAddress(),
          }),
        ),
      ),
    );
  const load = (cookie: string) =>
    run(() => accountLoader(args(new Request(`${BASE}/account`, { headers: { Cookie: cookie } }))));
  const setting = async (cookie: string) =>
    ((await load(cookie)).data as { digest: { available: boolean; on: boolean } }).digest;

  it('turns off when the box is left unticked and on when ticked, as plain form posts', async () => {
    const user = await owner('diy');
    const { cookie } = await sessionCookieFor(user.id);
    expect(await setting(cookie)).toEqual({ available: true, on: true });

    const off = await post(cookie, { intent: 'digest' });
    expect(off.status).toBe(302);
    expect(off.headers.get('location')).toBe('/account');
    expect(await setting(cookie)).toEqual({ available: true, on: false });

    const on = await post(cookie, { intent: 'digest', digest: 'on' });
    expect(on.status).toBe(302);
    expect(await setting(cookie)).toEqual({ available: true, on: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).trackingDigestOffAt).toBe(
      null,
    );
  });

  it('tells free accounts the digest comes with paid plans', async () => {
    const user = await owner('free');
    const { cookie } = await sessionCookieFor(user.id);
    expect(await setting(cookie)).toEqual({ available: false, on: true });
  });
});
