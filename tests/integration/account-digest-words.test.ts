import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import * as account from '~/routes/account/route';
import { BASE, createUser, sessionCookieFor } from './helpers';

// Issue 44, item 10: the account page's E-mails section said "this one is yours to choose" on
// Free, where there is no control. It says the right thing on each plan.

async function accountPage(tier: string) {
  const user = await createUser();
  await db.user.update({
    where: { id: user.id },
    data: {
      subscriptionStatus: tier,
      subscriptionExpiry: tier === 'free' ? null : new Date(Date.now() + 30 * 86_400_000),
    },
  });
  const { cookie } = await sessionCookieFor(user.id);
  const handler = createStaticHandler([
    { id: 'account', path: '/account', loader: account.loader, Component: account.default },
  ]);
  const context = await handler.query(
    new Request(`${BASE}/account`, { headers: { Cookie: cookie } }),
  );
  if (context instanceof Response) throw new Error(`unexpected ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context }));
  const section = /<section aria-labelledby="digest-title"[\s\S]*?<\/section>/.exec(html)![0];
  return section
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the account page’s E-mails section', () => {
  it('on Free, names the plan the digest comes with and offers no choice it cannot keep', async () => {
    const words = await accountPage('free');
    expect(words).not.toContain('yours to choose');
    expect(words).toContain(
      'The weekly visibility digest comes with DIY All-In and above, so there is nothing to choose on your plan.',
    );
    expect(words).toContain('See what each plan includes');
  });

  it('on a paid plan, offers the digest box and says it is the owner’s to turn on or off', async () => {
    const words = await accountPage('diy');
    expect(words).toContain('the weekly digest below is yours to turn on or off');
    expect(words).toContain('Weekly visibility digest');
    expect(words).toContain('Save e-mail setting');
  });
});
