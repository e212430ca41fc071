import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditFetchPolicy,
  auditSite,
  runDueAudits,
  type AuditRun,
  type AuditView,
} from '~/domain/audits.server';
import { FETCHING_CRAWLERS } from '~/domain/agents/crawlers.server';
import { AUDIT_REQUEST_LIMIT } from '~/domain/audit/run.server';
import { AUDIT_VERSION, type SignalId } from '~/domain/audit/signals';
import { db } from '~/lib/db.server';
import * as auditApi from '~/routes/api.businesses.$id.audit';
import {
  startFixtureSite,
  type FixtureSite,
  type FixtureSiteName,
} from '../fixtures/audit-sites/server';
import { args, createUser, jsonRequest, run, sessionCookieFor } from './helpers';

// Issue 33: what keeps a small business out of AI answers today, each case a fixture site that
// differs from the control site ("ready", which allows everything) in one thing, audited end to
// end over HTTP. Today's audit (version 1) scored every one of these like the control.

const policy = auditFetchPolicy({ allowPrivateHosts: ['127.0.0.1'] });
const DAY = 24 * 60 * 60 * 1000;

const facts = (website: string) => ({
  name: 'Bright Smile Dental',
  website,
  location: 'Austin, TX',
  industry: 'Dentist',
  description: null,
});

const sites = new Map<string, FixtureSite>();
/** Every request each site received, with its user agent. */
const requests = new Map<string, { path: string; userAgent: string }[]>();

async function open(name: FixtureSiteName) {
  const seen: { path: string; userAgent: string }[] = [];
  const site = await startFixtureSite(name, {
    onRequest: (request: IncomingMessage) =>
      seen.push({ path: request.url ?? '', userAgent: request.headers['user-agent'] ?? '' }),
  });
  sites.set(name, site);
  requests.set(name, seen);
  return site;
}

const CASES = [
  'ready',
  'edge-challenge',
  'edge-training-only',
  'user-fetchers-blocked',
  'content-ai-input-no',
  'content-ai-train-no',
  'nosnippet-noarchive',
  'sameas-missing',
] as const;

const audits = new Map<string, AuditRun>();

beforeAll(async () => {
  for (const name of CASES) await open(name);
  // One audit per site, as the owner's button would run it.
  for (const name of CASES) audits.set(name, await auditSite(facts(sites.get(name)!.url), policy));
}, 60_000);

afterAll(async () => {
  await Promise.all([...sites.values()].map((site) => site.close()));
});

const audit = (name: (typeof CASES)[number]) => audits.get(name)!;
const signalOf = (result: AuditRun, id: SignalId) => result.signals.find((s) => s.id === id)!;
const statuses = (result: AuditRun) =>
  Object.fromEntries(result.signals.map((signal) => [signal.id, signal.status]));
/** The signals whose status differs from the control site's. */
function differences(name: (typeof CASES)[number]) {
  const control = statuses(audit('ready'));
  const mine = statuses(audit(name));
  return Object.fromEntries(Object.entries(mine).filter(([id, status]) => control[id] !== status));
}

describe('the control site allows everything', () => {
  it('passes every new signal, with only https to fix, and stays within 30 requests', () => {
    const control = audit('ready');
    expect(control.version).toBe(AUDIT_VERSION);
    expect(control.score).toBeGreaterThanOrEqual(90);
    for (const id of [
      'answer_bots',
      'edge_access',
      'content_signals',
      'training_bots',
      'robots_meta',
    ] as const) {
      expect(signalOf(control, id).status, id).toBe('pass');
    }
    expect(control.fixes.map((fix) => fix.signal)).toEqual(['https']);
    const seen = requests.get('ready')!;
    expect(seen.length).toBeLessThanOrEqual(AUDIT_REQUEST_LIMIT);
    // The home page and robots.txt were asked for as each answer crawler and GPTBot/ClaudeBot.
    for (const { token } of FETCHING_CRAWLERS) {
      const asIt = seen.filter((request) => request.userAgent.includes(`${token}/`));
      expect(asIt.map((request) => request.path).sort(), token).toEqual(['/', '/robots.txt']);
    }
  });
});

describe('each blocker against the control site', () => {
  it('a Cloudflare-style challenge for AI user agents only: edge_access fails, naming each crawler and status', () => {
    const result = audit('edge-challenge');
    expect(differences('edge-challenge')).toEqual({ edge_access: 'fail', training_bots: 'warn' });
    // No assistant can read it: not "Ready for AI", whatever else it does well.
    expect(audit('ready').score).toBeGreaterThanOrEqual(90);
    expect(result.score).toBe(49);
    const edge = signalOf(result, 'edge_access');
    for (const token of ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'Claude-User']) {
      expect(edge.reason).toContain(`${token} (HTTP 403 with a challenge page)`);
    }
    expect(edge.reason).toContain('while a browser gets the page');
    expect(edge.evidence).toMatchObject({
      url: sites.get('edge-challenge')!.url,
      status: 403,
      snippet: 'cf-mitigated: challenge',
    });
    expect(edge.evidence.items?.[0]).toMatchObject({ label: 'Our browser-like visit', ok: true });
    // robots.txt says come in; the edge says no. The fix says where, and that robots.txt cannot help.
    expect(signalOf(result, 'answer_bots').status).toBe('pass');
    const fix = result.fixes.find((entry) => entry.signal === 'edge_access')!;
    expect(result.fixes[0]).toBe(fix);
    expect(fix.text).toContain('robots.txt cannot undo it');
    expect(fix.text).toContain('Cloudflare');
    expect(fix.help).toContain('not from the crawlers’ IP addresses');
  });

  it('the edge turning away only GPTBot and ClaudeBot is the owner’s choice: nothing fails', () => {
    expect(differences('edge-training-only')).toEqual({ training_bots: 'warn' });
    const result = audit('edge-training-only');
    expect(signalOf(result, 'edge_access').reason).toContain(
      'GPTBot and ClaudeBot (training) are turned away too: that is your choice.',
    );
    expect(result.fixes.find((fix) => fix.signal === 'training_bots')?.optional).toBe(true);
  });

  it('robots.txt blocking only the user fetchers fails answer_bots, naming them and the line', () => {
    expect(differences('user-fetchers-blocked')).toEqual({ answer_bots: 'fail' });
    const answer = signalOf(audit('user-fetchers-blocked'), 'answer_bots');
    expect(answer.reason).toMatch(/^ChatGPT-User, Claude-User, Perplexity-User are blocked/);
    expect(answer.evidence.items?.find((item) => item.label === 'Claude-User')).toEqual({
      label: 'Claude-User',
      ok: false,
      note: 'blocked by line 5 in its own group: Disallow: /',
    });
    expect(answer.evidence.items?.find((item) => item.label === 'OAI-SearchBot')?.ok).toBe(true);
  });

  it('Content-Signal: ai-input=no fails content_signals as keeping the text out of AI answers', () => {
    expect(differences('content-ai-input-no')).toEqual({ content_signals: 'fail' });
    const result = audit('content-ai-input-no');
    const signal = signalOf(result, 'content_signals');
    expect(signal.reason).toContain('"ai-input=no"');
    expect(signal.reason).toContain('keep your text out of their answers');
    expect(signal.evidence).toMatchObject({
      url: `${sites.get('content-ai-input-no')!.origin}/robots.txt`,
      status: 200,
      snippet:
        'robots.txt line 3, for all crawlers (*): Content-Signal: search=yes, ai-input=no, ai-train=no',
    });
    const fix = result.fixes.find((entry) => entry.signal === 'content_signals')!;
    expect(fix.text).toBe('Content-Signal: search=yes, ai-input=yes, ai-train=no');
  });

  it('Content-Signal: ai-train=no alone changes nothing but the reason', () => {
    expect(differences('content-ai-train-no')).toEqual({});
    expect(audit('content-ai-train-no').score).toBe(audit('ready').score);
    expect(signalOf(audit('content-ai-train-no'), 'content_signals').reason).toContain(
      'That is your choice: it does not keep you out of AI answers.',
    );
  });

  it('nosnippet and X-Robots-Tag: noarchive fail the page directives, each with where it was found', () => {
    expect(differences('nosnippet-noarchive')).toEqual({ robots_meta: 'fail' });
    const result = audit('nosnippet-noarchive');
    const signal = signalOf(result, 'robots_meta');
    expect(signal.evidence.items).toEqual([
      {
        label: 'nosnippet',
        ok: false,
        note: 'in <meta name="robots" content="nosnippet">: nothing may be quoted, and Google leaves the page out of AI Overviews',
      },
      {
        label: 'noarchive',
        ok: false,
        note: 'in X-Robots-Tag: noarchive: Microsoft Copilot leaves the page out of its answers',
      },
    ]);
    const fix = result.fixes.find((entry) => entry.signal === 'robots_meta')!;
    expect(fix.title).toBe('Let search engines and assistants show and quote your home page');
    // The code to copy is the new tag; what to replace and the header to stop are in words.
    expect(fix.kind).toBe('code');
    expect(fix.text).toBe('<meta name="robots" content="index, follow">');
    expect(fix.help).toContain(
      'Replace <meta name="robots" content="nosnippet"> with <meta name="robots" content="index, follow">.',
    );
    expect(fix.help).toContain('Stop sending the header "X-Robots-Tag: noarchive"');
    expect(fix.help).toContain('Your home page says "nosnippet" and "noarchive"');
  });

  it('complete markup without sameAs: the fix adds sameAs to it; llms.txt links only pages that exist', () => {
    expect(differences('sameas-missing')).toEqual({ structured_data: 'warn', llms_txt: 'warn' });
    const result = audit('sameas-missing');
    const origin = sites.get('sameas-missing')!.origin;
    const jsonLd = result.fixes.find((fix) => fix.signal === 'structured_data')!;
    expect(jsonLd.title).toBe('Tell assistants your other profiles');
    expect(jsonLd.text).toMatch(/^"sameAs": \[/);
    expect(jsonLd.text).not.toContain('<script');
    const llms = result.fixes.find((fix) => fix.signal === 'llms_txt')!;
    expect(llms.text).toContain(`- [Home](${origin}/)`);
    expect(llms.text).toContain(`- [Our services](${origin}/services)`);
    expect(llms.text).toContain(`- [Contact](${origin}/contact)`);
    // Linked from the home page but not there (404), a PDF, another site: not linked.
    expect(llms.text).not.toContain('/pricing');
    expect(llms.text).not.toContain('brochure');
    expect(llms.text).not.toContain('facebook');
    // Failed and needed fixes first, optional ones last.
    expect(result.fixes.map((fix) => [fix.signal, Boolean(fix.optional)])).toEqual([
      ['https', false],
      ['structured_data', false],
      ['llms_txt', true],
    ]);
    expect(requests.get('sameas-missing')!.length).toBeLessThanOrEqual(AUDIT_REQUEST_LIMIT);
  });
});

describe('the same rules for every fetch, whoever it claims to be', () => {
  it('a redirect shown only to an AI crawler into a private network is refused, not followed', async () => {
    const inside: string[] = [];
    const site = await startFixtureSite('ready', {
      routes: {
        '/': (request, response, origin) => {
          if ((request.headers['user-agent'] ?? '').includes('PerplexityBot/')) {
            inside.push(request.url ?? '');
            response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
            return;
          }
          response
            .writeHead(200, { 'Content-Type': 'text/html' })
            .end(
              `<!doctype html><html lang="en"><head><title>Bright Smile Dental</title></head><body><h1>Bright Smile Dental</h1><a href="${origin}/services">Services</a></body></html>`,
            );
        },
      },
    });
    try {
      const result = await auditSite(facts(site.url), policy);
      const edge = signalOf(result, 'edge_access');
      expect(inside).toEqual(['/']);
      const perplexity = edge.evidence.items?.find((item) => item.label === 'PerplexityBot');
      expect(perplexity).toEqual({
        label: 'PerplexityBot',
        ok: false,
        // Refused and unknown hosts read alike (the detail goes to the server log only).
        note: 'could not tell: we could not reach this address from the internet',
      });
    } finally {
      await site.close();
    }
  });

  it('never sends more than 30 requests, even to a site that redirects every one of them', async () => {
    let count = 0;
    const site = await startFixtureSite('ready', {
      onRequest: () => (count += 1),
      routes: {
        '/robots.txt': (_request, response) =>
          response.writeHead(301, { Location: '/robots.txt?again' }).end(),
      },
    });
    try {
      await auditSite(facts(site.url), policy);
      expect(count).toBeLessThanOrEqual(AUDIT_REQUEST_LIMIT);
      expect(count).toBeGreaterThan(20);
    } finally {
      await site.close();
    }
  });
});

describe('old audits and the weekly re-audit', () => {
  it('an audit stored before these signals keeps its version, its signals and its score', async () => {
    const user = await createUser({ firstName: 'Old' });
    const business = await db.business.create({
      data: { userId: user.id, name: 'Bright Smile Dental', website: sites.get('ready')!.url },
    });
    const oldSignals = [
      { id: 'answer_bots', status: 'pass', evidence: {}, reason: 'ok' },
      { id: 'robots_meta', status: 'warn', evidence: {}, reason: 'nosnippet' },
    ];
    await db.audit.create({
      data: {
        businessId: business.id,
        userId: user.id,
        trigger: 'owner',
        url: business.website!,
        score: 86,
        signals: JSON.stringify(oldSignals),
        fixes: '[]',
        durationMs: 100,
      },
    });
    const { token } = await sessionCookieFor(user.id);
    const response = await run(() =>
      auditApi.loader(
        args(
          jsonRequest(`/api/businesses/${business.id}/audit`, {
            headers: { Authorization: `Bearer ${token}` },
          }),
          { id: business.id },
        ),
      ),
    );
    const view = response.data as AuditView;
    expect(view.version).toBe(1);
    expect(view.score).toBe(86);
    expect(view.signals.map((signal) => signal.id)).toEqual(['answer_bots', 'robots_meta']);
  });

  it('the weekly re-audit picks up the new signals', async () => {
    const user = await createUser({ firstName: 'Weekly' });
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: new Date(Date.now() + 30 * DAY) },
    });
    const business = await db.business.create({
      data: {
        userId: user.id,
        name: 'Bright Smile Dental',
        website: sites.get('edge-challenge')!.url,
      },
    });
    const audited = await runDueAudits({ policy, limit: 1000 });
    expect(audited).toContain(business.id);
    const row = await db.audit.findFirstOrThrow({ where: { businessId: business.id } });
    expect(row.version).toBe(AUDIT_VERSION);
    const stored = JSON.parse(row.signals) as { id: string; status: string }[];
    expect(stored.find((signal) => signal.id === 'edge_access')?.status).toBe('fail');
  });
});
