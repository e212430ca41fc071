import { describe, expect, it } from 'vitest';
import { privacyPolicy, termsOfService, type LegalDocument } from '~/content/legal';
import { PUBLIC_PAGES } from '~/content/pages';
import { PLANS } from '~/content/plans';
import { sessionCookie } from '~/http/auth.server';
import { PERSONAL_COOKIES } from '~/http/cache-policy';
import { TIME_ZONE_COOKIE } from '~/domain/dates';
import { createSession } from '~/domain/sessions.server';
import { loader as privacyLoader } from '~/routes/privacy';
import { loader as termsLoader } from '~/routes/terms';
import { args, BASE, createUser } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A document as plain text, the way a reader meets it. */
function text(document: LegalDocument): string {
  const inline = (parts: (string | { label: string })[]) =>
    parts.map((part) => (typeof part === 'string' ? part : part.label)).join('');
  return [
    document.title,
    inline(document.intro),
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.blocks.map((block) =>
        'p' in block ? inline(block.p) : block.list.map(inline).join('\n'),
      ),
    ]),
  ].join('\n');
}

describe('/privacy and /terms', () => {
  it('name the operator from configuration and the durations the code uses', async () => {
    const { facts } = await privacyLoader(args(new Request(`${BASE}/privacy`)));
    expect(facts.company).toEqual({
      name: 'AI Visibility Demo Company',
      address: '100 Example Street, Springfield, USA',
      email: 'hello@example.com',
    });
    expect((await termsLoader(args(new Request(`${BASE}/terms`)))).facts).toEqual(facts);

    // What the policy says a sign-in lasts is what the cookie and the session row say.
    const serialized = await sessionCookie.serialize('token');
    expect(serialized).toContain(`Max-Age=${facts.sessionDays * 24 * 60 * 60}`);
    const user = await createUser();
    const now = new Date();
    const session = await createSession(user.id, {}, now);
    expect(session.expiresAt.getTime() - now.getTime()).toBe(facts.sessionDays * DAY_MS);

    const privacy = text(privacyPolicy(facts));
    expect(privacy).toContain(`A sign-in lasts ${facts.sessionDays} days`);
    expect(privacy).toContain('AI Visibility Demo Company, 100 Example Street, Springfield, USA');
    expect(privacy).toContain('hello@example.com');
    expect(privacy).not.toMatch(/being finalised/);
  });

  it('list every cookie the site sets, and the processors data goes to', () => {
    const privacy = text(
      privacyPolicy({
        company: { name: 'Acme Ltd', address: '1 Road, Town', email: 'privacy@acme.test' },
        sessionDays: 7,
        graceDays: 1,
        answerDays: 45,
        logDays: 200,
      }),
    );
    // What the retention job deletes, and when (TRACKING_ANSWER_RETENTION_DAYS, ACCESS_LOG_RETENTION_DAYS).
    expect(privacy).toContain(
      'answers to your tracked questions (their full text, sources and searches) are kept for 45 days',
    );
    expect(privacy).toContain('Sign-in and sign-up attempts are kept for 200 days');
    expect(privacy).toContain('for 200 days after it ended');
    for (const cookie of [...PERSONAL_COOKIES, TIME_ZONE_COOKIE])
      expect(privacy).toContain(`${cookie}:`);
    expect(privacy).toContain('for up to 7 days');
    expect(privacy).toContain('plus 1 day so that');
    for (const processor of ['Stripe', 'mail server', 'hosting provider', 'OpenAI']) {
      expect(privacy).toContain(processor);
    }
    expect(privacy).toContain('Download my data');
    expect(privacy).toContain('Delete account');
  });

  it('the terms price every plan as the pricing page does', () => {
    const terms = text(
      termsOfService({
        company: { name: 'Acme Ltd', address: '1 Road, Town', email: 'legal@acme.test' },
        sessionDays: 30,
        graceDays: 3,
        answerDays: 90,
        logDays: 365,
      }),
    );
    expect(terms).toContain('Acme Ltd, 1 Road, Town');
    for (const plan of PLANS) expect(terms).toContain(plan.name);
    expect(terms).toContain(
      'DIY All-In $249, White Glove Starter $500, Growth $1,000, Authority $2,000',
    );
    expect(terms).toContain('downgrades take effect at the next billing cycle');
    expect(PUBLIC_PAGES.terms.path).toBe('/terms');
  });
});
